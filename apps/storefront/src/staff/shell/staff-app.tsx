import type {
  StaffAccount,
  StaffOrder,
  StaffOrderListReply,
  StoreControlsReply,
  StreamTicketReply,
  TableCall,
} from '@comanda/contract';
import {
  CANCEL_REQUEST_EVENT,
  DISPATCH_EVENT,
  HEARTBEAT_EVENT,
  ORDER_EVENT,
  orderEventData,
  RESYNC_EVENT,
  TABLE_CALL_EVENT,
  tableCall,
  WHATSAPP_STAFF_EVENT,
  type WhatsappConversationsReply,
  type WhatsappStaffEvent,
  whatsappStaffEvent,
} from '@comanda/contract';
import { formatBRL, mayApproveCancel, staffMay, storeClockText, type TicketDocument } from '@comanda/domain';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readBoot } from '../../lib/boot.ts';
import { useStore } from '../../lib/external-store.ts';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import {
  Alarm,
  type AlarmSound,
  saveAlarmSound,
  savedAlarmSound,
  savedSnooze,
  saveSnooze,
} from '../board/alarm.ts';
import { AlarmPanel } from '../board/alarm-panel.tsx';
import {
  alarmState,
  autoAcceptedArrivals,
  byColumn,
  COLUMNS,
  type Column,
  DONE_STATUSES,
  editedOrders,
  mergeOrders,
  OPEN_STATUSES,
  type OrderLineChange,
  ringingOrders,
  wasRefused,
} from '../board/board-model.ts';
import { type OrderAction, OrderCard } from '../board/order-card.tsx';
import { type LinkState, StreamWatchdog } from '../board/stream-watchdog.ts';
import { deviceChangeTickets, deviceTickets, printSilently } from '../lib/device-printer.ts';
import { ReasonDialog } from '../lib/reason-dialog.tsx';
import { StaffApiError, setStaffToken, staffFetch, staffToken } from '../lib/staff-api.ts';
import { isNetworkFailure, staffErrorText } from '../lib/staff-errors.ts';
import { type StaffT, useStaffT } from '../lib/staff-texts.ts';
import { storeStatusLine } from '../lib/store-status.ts';
import { OrderTicketsDialog } from '../lib/ticket-paper.tsx';
import { unreadTotal } from '../lib/whatsapp-words.ts';
import { TodayView } from '../reports/today-report.tsx';
import { ApprovalDialog, CancelRequests } from '../roles/cancel-approval.tsx';
import { OwnerNotices } from '../roles/owner-notices.tsx';
import { ApprovalCodeSection, RoleRulesSection } from '../roles/role-rules-section.tsx';
import { StoreControls } from '../store-controls/store-controls.tsx';
import { TableCalls } from '../tables/table-calls.tsx';
import { answerCall } from '../tables/tables-api.ts';
import { TablesView } from '../tables/tables-view.tsx';
import { useTables } from '../tables/use-tables.ts';
import { TeamView } from '../team/team-view.tsx';

/** The store editor ('Cardápio', 'Ajustes'): its own chunk, loaded when one of them is first opened. */
const EditorArea = lazy(() => import('../editor/editor-area.tsx'));
/** The printing screen (managers and owners): its own chunk too. */
const PrintingScreen = lazy(() => import('../printing/printing-screen.tsx'));
// The period report and its charts load only when it opens (docs/decisions/0061).
const PeriodReportScreen = lazy(() => import('../reports/period-report.tsx'));
/** The customers' ratings (docs/decisions/0068): its own chunk. */
const RatingsView = lazy(() => import('../ratings/ratings-view.tsx'));
/** 'Histórico': its own chunk, loaded when the tab is first opened. */
const HistoryView = lazy(() => import('../history/history-view.tsx'));
/** 'Novo pedido' (order entry, docs/decisions/0058): its own chunk, with the customer's product dialog. */
const PdvView = lazy(() => import('../pdv/pdv-view.tsx'));
/** 'Editar pedido' (docs/decisions/0062): its own chunk, loaded on the first edit. */
const OrderEditView = lazy(() => import('../pdv/order-edit-view.tsx'));
/** 'Caixa' (the cash register, docs/decisions/0060): its own chunk too. */
const RegisterView = lazy(() => import('../register/register-view.tsx'));
/** 'Entregas' and 'Entregadores' (issue 35, docs/decisions/0071): each its own chunk. */
const DispatchView = lazy(() => import('../dispatch/dispatch-view.tsx'));
const CouriersView = lazy(() => import('../dispatch/couriers-view.tsx'));

/** The WhatsApp inbox (issue 36, docs/decisions/0073): its own chunk. */
const WhatsappInbox = lazy(() => import('../whatsapp/whatsapp-inbox.tsx'));

/** The kitchen display (docs/decisions/0055): a full screen of its own at KITCHEN_PATH, its own chunk. */
const KitchenScreen = lazy(() => import('../kitchen/kitchen-screen.tsx'));
export const KITCHEN_PATH = '/staff/app/cozinha';

const onKitchenPath = () =>
  typeof window !== 'undefined' && window.location.pathname.startsWith(KITCHEN_PATH);

/** The staff app: sign-in, then the live order board and the store's controls. */
export function StaffApp() {
  const token = useStore(staffToken);
  if (!token) return <SignIn />;
  return onKitchenPath() ? (
    <Suspense fallback={null}>
      <KitchenScreen />
    </Suspense>
  ) : (
    <SignedIn />
  );
}

function SignIn() {
  const t = useStaffT();
  const storeName = readBoot().company?.[0]?.nome;
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await staffFetch<{ token: string }>('/staff/auth/sign-in', {
        method: 'POST',
        json: { username: phone.replace(/\D/g, ''), password },
      });
      setStaffToken(reply.token);
    } catch (caught) {
      setError(
        caught instanceof StaffApiError && caught.status < 500
          ? t('signInFailed')
          : staffErrorText(caught, t),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="staff-signin">
      <form className="staff-card" onSubmit={submit}>
        {storeName ? <p className="staff-store-name">{storeName}</p> : null}
        <h1>{t('signInTitle')}</h1>
        <p className="staff-muted">{t('signInIntro')}</p>
        <label className="staff-field">
          <span>{t('phone')}</span>
          <input
            type="tel"
            inputMode="tel"
            autoComplete="username"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            required
          />
        </label>
        <label className="staff-field">
          <span>{t('password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </label>
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('signingIn') : t('signIn')}
        </button>
      </form>
    </main>
  );
}

const COLUMN_TITLE: Record<Column, Parameters<StaffT>[0]> = {
  scheduled: 'columnScheduled',
  new: 'columnNew',
  preparing: 'columnPreparing',
  ready: 'columnReady',
  done: 'columnDone',
};

/** Re-reads the open orders and today's done ones: the catch-up after a (re)connection. */
async function loadBoard(): Promise<StaffOrder[]> {
  const [open, done] = await Promise.all([
    staffFetch<StaffOrderListReply>(`/staff/orders?status=${OPEN_STATUSES.join(',')}&limit=100`),
    staffFetch<StaffOrderListReply>(`/staff/orders?status=${DONE_STATUSES.join(',')}&limit=50`),
  ]);
  return [...open.results, ...done.results];
}

const RECONNECT_MS = 3000;

interface LiveHandlers {
  /** Orders the store's auto-accept moved since the board opened. */
  onAutoAccepted: (orders: StaffOrder[]) => void;
  /** A guest's call, new or answered (TABLE_CALL_EVENT). */
  onTableCall: (call: TableCall) => void;
  /** The stream came back or asked for a resync: whatever else the board shows is read again. */
  onCatchUp: () => void;
  /** A cancel request was made or decided (CANCEL_REQUEST_EVENT). */
  onCancelRequest: () => void;
  /** Orders on the board whose lines an edit changed (docs/decisions/0062). */
  onEdited: (changes: OrderLineChange[]) => void;
  /** A route was built, left, had a stop marked or ended (DISPATCH_EVENT, issue 35). */
  onDispatch: () => void;
  /** A customer's WhatsApp message for a person (WHATSAPP_STAFF_EVENT). */
  onWhatsapp: (event: WhatsappStaffEvent) => void;
}

/**
 * The live board's orders: a catch-up list, then the store's event stream, merged by id (so an
 * order placed while the board was deaf shows once). The same stream carries the guests' calls,
 * handed to `onTableCall`. A watchdog (docs/decisions/0048) says whether the stream is alive: its
 * heartbeats, and the browser's online/offline events; a silent stream is closed and opened again.
 */
function useLiveOrders(handlers: LiveHandlers) {
  const [orders, setOrders] = useState<Map<number, StaffOrder>>(new Map());
  const [link, setLink] = useState<LinkState>('connecting');
  const board = useRef(orders);
  const opened = useRef(new Date());
  const heard = useRef(handlers);
  heard.current = handlers;
  const merge = useCallback((incoming: StaffOrder[]) => {
    const arrived = autoAcceptedArrivals(board.current, incoming, opened.current);
    const edited = editedOrders(board.current, incoming);
    board.current = mergeOrders(board.current, incoming);
    setOrders(board.current);
    if (arrived.length > 0) heard.current.onAutoAccepted(arrived);
    if (edited.length > 0) heard.current.onEdited(edited);
  }, []);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const catchUp = () => {
      // Whatever happened while the stream was down arrives here, merged by id.
      void loadBoard().then(merge, () => undefined);
      heard.current.onCatchUp();
    };
    const watchdog = new StreamWatchdog({
      onState: (state) => {
        setLink(state);
        if (state === 'live') catchUp();
      },
      onSilence: () => void connect(),
    });
    const close = () => {
      clearTimeout(retry);
      source?.close();
      source = null;
    };
    const retryLater = () => {
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    async function connect() {
      close();
      if (stopped || !navigator.onLine) return;
      try {
        const { ticket } = await staffFetch<StreamTicketReply>('/staff/orders/events/ticket', {
          method: 'POST',
        });
        if (stopped || source) return;
        const opening = new EventSource(`/staff/orders/events?ticket=${encodeURIComponent(ticket)}`);
        source = opening;
        const alive = () => {
          if (source === opening) watchdog.heard();
        };
        opening.addEventListener('open', alive);
        opening.addEventListener(HEARTBEAT_EVENT, alive);
        opening.addEventListener(ORDER_EVENT, (event) => {
          alive();
          const data = orderEventData.safeParse(JSON.parse((event as MessageEvent<string>).data));
          if (!data.success) return;
          void staffFetch<StaffOrder>(`/staff/orders/${data.data.id}`).then(
            (order) => merge([order]),
            () => undefined,
          );
        });
        opening.addEventListener(TABLE_CALL_EVENT, (event) => {
          alive();
          const call = tableCall.safeParse(JSON.parse((event as MessageEvent<string>).data));
          if (call.success) heard.current.onTableCall(call.data);
        });
        opening.addEventListener(WHATSAPP_STAFF_EVENT, (event) => {
          alive();
          const message = whatsappStaffEvent.safeParse(JSON.parse((event as MessageEvent<string>).data));
          if (message.success) heard.current.onWhatsapp(message.data);
        });
        opening.addEventListener(CANCEL_REQUEST_EVENT, () => {
          alive();
          heard.current.onCancelRequest();
        });
        opening.addEventListener(DISPATCH_EVENT, () => {
          alive();
          heard.current.onDispatch();
        });
        opening.addEventListener(RESYNC_EVENT, () => {
          alive();
          catchUp();
        });
        // The server ended the stream or could not be reached: open another soon. Whether the board
        // is deaf meanwhile is the watchdog's call (a stream ends every 15 min by design).
        opening.addEventListener('error', () => {
          if (source !== opening) return;
          close();
          retryLater();
        });
      } catch {
        retryLater();
      }
    }
    const offline = () => {
      close();
      watchdog.wentOffline();
    };
    const online = () => {
      watchdog.cameOnline();
      void connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    watchdog.start(navigator.onLine);
    void connect();
    return () => {
      stopped = true;
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      watchdog.stop();
      close();
    };
  }, [merge]);

  return { orders, link, merge };
}

/** Re-renders every 30 s, for the cards' 'há N min' and the scheduled orders' lead. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Keeps the screen on while the board is open (where the browser allows it). */
function useWakeLock() {
  useEffect(() => {
    type WakeLockSentinel = { release(): Promise<void> };
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } }
    ).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (lock) => {
          sentinel = lock;
        },
        () => undefined,
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release();
    };
  }, []);
}

type Pending = { kind: 'refuse' | 'cancel'; order: StaffOrder } | null;

/**
 * Who is signed in, and so which tabs show (the server refuses the rest anyway), with the store's
 * own roles (issue 33); read again with `reload` (the owner saved the rules, the stream came back).
 */
function useStaffMember(reload: number): StaffAccount | null {
  const [me, setMe] = useState<StaffAccount | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when asked
  useEffect(() => {
    staffFetch<StaffAccount>('/staff/me').then(setMe, () => undefined);
  }, [reload]);
  return me;
}

type View =
  | 'board'
  | 'pdv'
  | 'history'
  | 'tables'
  | 'register'
  | 'dispatch'
  | 'couriers'
  | 'controls'
  | 'menu'
  | 'settings'
  | 'today'
  | 'reports'
  | 'ratings'
  | 'whatsapp'
  | 'team'
  | 'printing';

/** Each tab's name, also the header's title while it is open. */
const TAB_NAME: Record<View, Parameters<StaffT>[0]> = {
  board: 'board',
  pdv: 'newOrder',
  history: 'history',
  tables: 'tables',
  register: 'register',
  dispatch: 'dispatch',
  couriers: 'couriers',
  controls: 'controls',
  menu: 'menuEditor',
  settings: 'settings',
  today: 'today',
  reports: 'reports',
  ratings: 'ratings',
  whatsapp: 'whatsapp',
  team: 'team',
  printing: 'printing',
};

/** A message over the screens; a connection's one goes away when the connection is back. */
type Notice = { text: string; connection: boolean } | null;

/**
 * The store's controls as the board shows them (open, paused until, closed), read again every 30 s
 * with the board's clock, when the stream comes back, and when this device changes them.
 */
function useStoreControls(now: Date) {
  const [controls, setControls] = useState<StoreControlsReply | null>(null);
  const reload = useCallback(() => {
    staffFetch<StoreControlsReply>('/staff/store').then(setControls, () => undefined);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each tick of the board's clock
  useEffect(reload, [reload, now]);
  // A pause that ends between two ticks: read again when it does.
  const pausedUntil = controls?.paused_until ? Date.parse(controls.paused_until) : null;
  useEffect(() => {
    if (pausedUntil === null) return;
    const timer = setTimeout(reload, Math.max(0, pausedUntil - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [pausedUntil, reload]);
  return { controls, setControls, reload };
}

/**
 * The alarm of this device: its sound and snooze are kept per device. Sound needs a gesture first:
 * 'Ativar som', or any tap on the board (the browser's rule), after which `blocked` says whether
 * the browser still holds it back.
 */
function useAlarmControls() {
  const alarm = useRef<Alarm | null>(null);
  const [sound, setSound] = useState<AlarmSound>(savedAlarmSound);
  const [soundOn, setSoundOn] = useState(false);
  const [blocked, setBlocked] = useState(true);
  const [snoozedUntil, setSnoozedUntil] = useState<Date | null>(() => savedSnooze(new Date()));
  const enable = useCallback(() => {
    alarm.current ??= new Alarm(savedAlarmSound());
    const current = alarm.current;
    setSoundOn(true);
    void current.unlock().then(() => setBlocked(current.blocked));
  }, []);
  useEffect(() => {
    if (soundOn) return;
    const onGesture = (event: Event) => {
      // The sound button does this itself (and then opens the alarm's controls).
      if (event.target instanceof Element && event.target.closest('[data-sound-button]')) return;
      enable();
    };
    // 'click', not 'pointerdown': the sound banner leaving between a tap's down and up would move
    // what was tapped (an 'Aceitar') from under the finger, and the tap would be lost. Heard as it
    // bubbles, after the tapped button's own handler: the app re-renders for the sound only once
    // the tap has done what it was for (a tab tapped first thing was once lost in the screens run).
    document.addEventListener('click', onGesture);
    document.addEventListener('keydown', onGesture);
    return () => {
      document.removeEventListener('click', onGesture);
      document.removeEventListener('keydown', onGesture);
    };
  }, [soundOn, enable]);
  // The snooze ends by itself.
  useEffect(() => {
    if (!snoozedUntil) return;
    const timer = setTimeout(() => setSnoozedUntil(null), Math.max(0, snoozedUntil.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [snoozedUntil]);
  const choose = (next: AlarmSound) => {
    saveAlarmSound(next);
    setSound(next);
    alarm.current?.setSound(next);
    alarm.current?.test(next);
  };
  const snooze = (minutes: number | null) => {
    const until = minutes === null ? null : new Date(Date.now() + minutes * 60_000);
    saveSnooze(until);
    setSnoozedUntil(until);
  };
  const test = () => {
    enable();
    alarm.current?.test();
  };
  return { alarm, sound, soundOn, blocked, snoozedUntil, enable, choose, snooze, test };
}

function SignedIn() {
  const t = useStaffT();
  const language = useLanguage();
  const [view, setView] = useState<View>('board');
  // Once opened, the editor stays mounted (hidden) so its unsaved drafts survive a look at the board.
  const [editorOpened, setEditorOpened] = useState(false);
  // The menu's draft stays while other tabs are looked at: its tab says when it is not saved.
  const [menuDirty, setMenuDirty] = useState(false);
  useEffect(() => {
    if (view === 'menu' || view === 'settings') setEditorOpened(true);
  }, [view]);
  // Read again: the member and the store's rules (on a catch-up), the cancel requests (on their event).
  const [meTick, setMeTick] = useState(0);
  const [requestsTick, setRequestsTick] = useState(0);
  // Routes changed somewhere (DISPATCH_EVENT): 'Entregas' reads the dispatch again.
  const [dispatchTick, setDispatchTick] = useState(0);
  const me = useStaffMember(meTick);
  const overrides = me?.capability_overrides;
  const may = (capability: Parameters<typeof staffMay>[1]) =>
    me !== null && staffMay(me.role, capability, overrides);
  const [approval, setApproval] = useState<{ order: StaffOrder; reason: string } | null>(null);
  // The order being edited ('Editar pedido'), over the tab it was opened from; edits saved so far
  // (the history's open order reads itself again).
  const [editing, setEditing] = useState<StaffOrder | null>(null);
  const [edits, setEdits] = useState(0);
  // On a phone the tabs scroll sideways: the open one is centred in the row, again whenever a tab's
  // width changes (the store's font arriving, the new-order count appearing), so the row ends in the
  // same place however it loaded; and again when the staff member's role adds tabs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another tab is opened or the role is known
  useEffect(() => {
    const row = document.querySelector<HTMLElement>('.staff-tabs');
    const tab = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !tab) return;
    const centre = () => {
      const rowBox = row.getBoundingClientRect();
      const tabBox = tab.getBoundingClientRect();
      row.scrollLeft += tabBox.left - rowBox.left - (rowBox.width - tabBox.width) / 2;
    };
    centre();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(centre);
    for (const each of row.querySelectorAll('button')) observer.observe(each);
    return () => observer.disconnect();
  }, [view, me?.role]);
  // Tickets for the print dialog, one dialog at a time; each job is its own object, so printing the
  // same order twice in a row opens the dialog twice. A paired printer takes them without a dialog.
  const [printQueue, setPrintQueue] = useState<{ id: number; documents: TicketDocument[] }[]>([]);
  const printJobs = useRef(0);
  // Orders whose tickets printed here: cancelling one prints its CANCELADO ticket.
  const printed = useRef(new Set<number>());
  const now = useMinuteClock();
  const store = useStoreControls(now);
  const autoPrint = store.controls?.auto_print ?? false;
  const autoPrintOn = useRef(autoPrint);
  autoPrintOn.current = autoPrint;
  const tables = useTables();
  const [notice, setNotice] = useState<Notice>(null);
  // The WhatsApp inbox (issue 36): the last message heard for a person, and the tab's unread badge.
  const viewRef = useRef(view);
  viewRef.current = view;
  const [whatsappHeard, setWhatsappHeard] = useState<WhatsappStaffEvent | null>(null);
  const [whatsappUnread, setWhatsappUnread] = useState(0);
  const [whatsappTick, setWhatsappTick] = useState(0);
  const canInbox = may('whatsapp.inbox');
  // biome-ignore lint/correctness/useExhaustiveDependencies: counted again when the stream catches up
  useEffect(() => {
    if (!canInbox) return;
    staffFetch<WhatsappConversationsReply>('/staff/whatsapp/conversations').then(
      (reply) => setWhatsappUnread(unreadTotal(reply.conversas)),
      () => undefined,
    );
  }, [canInbox, whatsappTick]);
  const reloadStore = store.reload;
  const { orders, link, merge } = useLiveOrders({
    onAutoAccepted: (accepted) => {
      if (autoPrintOn.current) for (const order of accepted) print(order);
    },
    onTableCall: tables.hear,
    onCancelRequest: () => setRequestsTick((tick) => tick + 1),
    onDispatch: () => setDispatchTick((tick) => tick + 1),
    // An order whose tickets went to the kitchen from here gets its PEDIDO ALTERADO ticket here.
    onEdited: (changes) => {
      for (const change of changes) {
        const { order } = change;
        if (printed.current.has(order.id) || (autoPrintOn.current && order.status !== 'Solicitado'))
          printChange(change);
      }
    },
    onWhatsapp: (event) => {
      setWhatsappHeard(event);
      // The open inbox counts for itself; elsewhere the tab's badge grows.
      if (viewRef.current !== 'whatsapp') setWhatsappUnread((count) => count + 1);
    },
    onCatchUp: () => {
      setWhatsappTick((tick) => tick + 1);
      setMeTick((tick) => tick + 1);
      setDispatchTick((tick) => tick + 1);
      setRequestsTick((tick) => tick + 1);
      void tables.reload();
      reloadStore();
      // What failed for want of a connection is stale now that it is back.
      setNotice((shown) => (shown?.connection ? null : shown));
    },
  });
  const down = link === 'down';
  const linkDown = useRef(down);
  linkDown.current = down;
  useWakeLock();
  const sound = useAlarmControls();
  const [alarmPanel, setAlarmPanel] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const printing = printQueue[0] ?? null;
  const print = (order: StaffOrder) => {
    printed.current.add(order.id);
    void deviceTickets(order).then(async (documents) => {
      if (documents.length === 0) return;
      const silent = await printSilently(documents).catch(() => false);
      if (!silent) setPrintQueue((queue) => [...queue, { id: ++printJobs.current, documents }]);
    });
  };

  const printChange = (change: OrderLineChange) => {
    void deviceChangeTickets(change.order, { added: change.added, removed: change.removed }).then(
      async (documents) => {
        if (documents.length === 0) return;
        const silent = await printSilently(documents).catch(() => false);
        if (!silent) setPrintQueue((queue) => [...queue, { id: ++printJobs.current, documents }]);
      },
    );
  };

  const columns = useMemo(() => byColumn(orders.values(), now), [orders, now]);
  // What 'Entregas' listens to: any order heard on the stream, or a route's event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new signal whenever either changes
  const dispatchSignal = useMemo(() => ({}), [orders, dispatchTick]);
  const ringing = useMemo(() => ringingOrders(orders.values(), now), [orders, now]);
  const calls = tables.calls;
  // A deaf board may be missing orders: that rings too.
  const state = alarmState({
    soundOn: sound.soundOn,
    waiting: ringing.length + calls.length + (down ? 1 : 0),
    snoozedUntil: sound.snoozedUntil,
    now: new Date(),
  });

  // A table's round that arrives or moves changes its tab: the tables are read again.
  const tableRounds = useMemo(
    () =>
      [...orders.values()]
        .filter((order) => order.mesa)
        .map((order) => `${order.id}:${order.updated_at}`)
        .join(),
    [orders],
  );
  const reloadTables = tables.reload;
  useEffect(() => {
    if (tableRounds !== '') void reloadTables();
  }, [tableRounds, reloadTables]);

  const alarm = sound.alarm;
  useEffect(() => {
    if (state === 'ringing') alarm.current?.start();
    else alarm.current?.stop();
  }, [state, alarm]);
  useEffect(() => () => alarm.current?.stop(), [alarm]);

  /** A failed call's notice: a lost connection says so in words (and goes when it is back). */
  const failed = (error: unknown) => {
    if (isNetworkFailure(error)) setNotice({ text: t('networkFailed'), connection: true });
    else setNotice({ text: t('actionFailed', { detail: staffErrorText(error, t) }), connection: false });
  };

  const move = async (order: StaffOrder, status: string, reason?: string) => {
    setNotice(null);
    // A deaf board does not act: what it shows may be stale, and the call would likely fail anyway.
    if (linkDown.current) {
      setNotice({ text: t('offlineActionRefused', { id: order.numero ?? order.id }), connection: true });
      return false;
    }
    try {
      const updated = await staffFetch<StaffOrder>(`/staff/orders/${order.id}/status`, {
        method: 'POST',
        json: reason ? { status, reason } : { status },
      });
      merge([updated]);
      if (status === 'Preparo' && autoPrint) print(updated);
      // A ticket that went to the kitchen (here, or on accept with auto-print on) is stopped on paper.
      else if (
        status === 'Cancelado' &&
        (printed.current.has(order.id) || (autoPrint && order.status !== 'Solicitado'))
      )
        print(updated);
      return true;
    } catch (error) {
      // An order paid online: this member asks a manager, or one types their code here (issue 33).
      if (error instanceof StaffApiError && error.code === 'CANCEL_NEEDS_APPROVAL' && reason) {
        setApproval({ order, reason });
        return true;
      }
      if (error instanceof StaffApiError && error.status === 409) {
        // Someone else moved it first: show where it is now.
        const current = await staffFetch<StaffOrder>(`/staff/orders/${order.id}`).catch(() => null);
        if (current) {
          merge([current]);
          setNotice({
            text: t('changedMeanwhile', {
              id: order.numero ?? order.id,
              status: wasRefused(current) ? t('statusRecusado') : t(`status${current.status}` as never),
            }),
            connection: false,
          });
          return true;
        }
      }
      failed(error);
      return false;
    }
  };

  /** 'Atender': the answered call leaves this board now and the others through the stream. */
  const answer = async (call: TableCall) => {
    setNotice(null);
    if (linkDown.current) {
      setNotice({ text: t('offlineNothingDone'), connection: true });
      return;
    }
    try {
      tables.hear(await answerCall(call.id));
    } catch (error) {
      // Answered elsewhere, or gone: the list says how things stand.
      if (error instanceof StaffApiError && (error.status === 404 || error.status === 409)) {
        await tables.reload();
        return;
      }
      failed(error);
    }
  };

  const onAction = (order: StaffOrder, action: OrderAction) => {
    if (action.kind === 'advance') void move(order, action.to);
    else if (action.kind === 'print') print(order);
    else if (action.kind === 'edit') setEditing(order);
    else if (linkDown.current)
      setNotice({ text: t('offlineActionRefused', { id: order.numero ?? order.id }), connection: true });
    else setPending({ kind: action.kind, order });
  };

  const signOut = async () => {
    await staffFetch('/staff/auth/sign-out', { method: 'POST' }).catch(() => undefined);
    setStaffToken(null);
  };

  const shown: Column[] = columns.scheduled.length > 0 ? ['scheduled', ...COLUMNS] : [...COLUMNS];
  const status = store.controls ? storeStatusLine(store.controls, now, t, language) : null;
  const zone = pageStoreTimeZone();

  return (
    <div className="staff-app" data-alarm={state} data-link={link}>
      <div className="staff-pinned">
        <header className="staff-topbar">
          <h1>{t(TAB_NAME[view])}</h1>
          <nav className="staff-tabs" aria-label={t('tabsLabel')}>
            <button type="button" aria-pressed={view === 'board'} onClick={() => setView('board')}>
              {t('board')}
              {ringing.length > 0 ? <span className="staff-badge">{ringing.length}</span> : null}
            </button>
            {may('orders.enter') ? (
              <button type="button" aria-pressed={view === 'pdv'} onClick={() => setView('pdv')}>
                {t('newOrder')}
              </button>
            ) : null}
            <button type="button" aria-pressed={view === 'history'} onClick={() => setView('history')}>
              {t('history')}
            </button>
            <button type="button" aria-pressed={view === 'tables'} onClick={() => setView('tables')}>
              {t('tables')}
              {calls.length > 0 ? <span className="staff-badge">{calls.length}</span> : null}
            </button>
            {may('register.operate') ? (
              <button type="button" aria-pressed={view === 'register'} onClick={() => setView('register')}>
                {t('register')}
              </button>
            ) : null}
            {may('dispatch.manage') ? (
              <button type="button" aria-pressed={view === 'dispatch'} onClick={() => setView('dispatch')}>
                {t('dispatch')}
              </button>
            ) : null}
            {may('couriers.manage') ? (
              <button type="button" aria-pressed={view === 'couriers'} onClick={() => setView('couriers')}>
                {t('couriers')}
              </button>
            ) : null}
            <button type="button" aria-pressed={view === 'controls'} onClick={() => setView('controls')}>
              {t('controls')}
            </button>
            <button type="button" aria-pressed={view === 'menu'} onClick={() => setView('menu')}>
              {t('menuEditor')}
              {menuDirty ? (
                <>
                  <span className="staff-unsaved" aria-hidden="true" />
                  <span className="sr-only">{t('unsavedBadge')}</span>
                </>
              ) : null}
            </button>
            <button type="button" aria-pressed={view === 'settings'} onClick={() => setView('settings')}>
              {t('settings')}
            </button>
            {may('reports.read') ? (
              <button type="button" aria-pressed={view === 'today'} onClick={() => setView('today')}>
                {t('today')}
              </button>
            ) : null}
            {may('reports.read') ? (
              <button type="button" aria-pressed={view === 'reports'} onClick={() => setView('reports')}>
                {t('reports')}
              </button>
            ) : null}
            {may('ratings.read') ? (
              <button type="button" aria-pressed={view === 'ratings'} onClick={() => setView('ratings')}>
                {t('ratings')}
              </button>
            ) : null}
            {canInbox ? (
              <button type="button" aria-pressed={view === 'whatsapp'} onClick={() => setView('whatsapp')}>
                {t('whatsapp')}
                {whatsappUnread > 0 ? (
                  <span className="staff-badge">
                    <span aria-hidden="true">{whatsappUnread}</span>
                    <span className="sr-only">{t('whatsappUnread', { count: whatsappUnread })}</span>
                  </span>
                ) : null}
              </button>
            ) : null}
            {may('stations.manage') || may('printers.manage') ? (
              <button type="button" aria-pressed={view === 'printing'} onClick={() => setView('printing')}>
                {t('printing')}
              </button>
            ) : null}
            {may('team.manage') ? (
              <button type="button" aria-pressed={view === 'team'} onClick={() => setView('team')}>
                {t('team')}
              </button>
            ) : null}
            <a href={KITCHEN_PATH}>{t('kitchenDisplay')}</a>
          </nav>
          {sound.soundOn ? (
            <button
              type="button"
              data-sound-button=""
              className={sound.snoozedUntil ? 'staff-topbar-button staff-topbar-call' : 'staff-topbar-button'}
              onClick={() => setAlarmPanel(true)}
            >
              {sound.snoozedUntil
                ? t('alarmSnoozedButton', { time: storeClockText(sound.snoozedUntil, zone) })
                : t('alarmButton')}
            </button>
          ) : (
            <button
              type="button"
              data-sound-button=""
              className="staff-topbar-button staff-topbar-call"
              onClick={sound.enable}
            >
              {t('enableSound')}
            </button>
          )}
          <button type="button" className="staff-topbar-button" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </header>
        {down ? (
          <div className="staff-banner staff-banner-offline" role="alert">
            <strong>{t('connectionDown')}</strong> <span>{t('connectionDownDetail')}</span>
          </div>
        ) : null}
        {status ? (
          <p className="staff-store-line" data-tone={status.tone}>
            <span className="staff-store-dot" aria-hidden="true" />
            <span>
              {status.text}
              {status.reason ? <span className="staff-store-reason"> · {status.reason}</span> : null}
            </span>
          </p>
        ) : null}
        {!sound.soundOn || sound.blocked ? (
          <p className="staff-banner staff-banner-sound" role="status">
            {t('soundBlocked')}
          </p>
        ) : null}
        {ringing.length + calls.length > 0 ? (
          <p className="staff-banner staff-banner-alarm" role="alert">
            {[
              ringing.length > 0 ? t('newOrders', { count: ringing.length }) : null,
              calls.length > 0 ? t('tableCallsWaiting', { count: calls.length }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        {may('notices.owner') ? <OwnerNotices reload={meTick} /> : null}
        {notice ? (
          <p className="staff-banner staff-banner-notice" role="status">
            {notice.text}
          </p>
        ) : null}
      </div>
      {view === 'board' ? (
        <main className="staff-board">
          {me && mayApproveCancel(me.role, overrides) ? (
            <CancelRequests
              reload={requestsTick}
              onDecided={(text, orderId) => {
                setNotice({ text, connection: false });
                void staffFetch<StaffOrder>(`/staff/orders/${orderId}`).then(
                  (order) => merge([order]),
                  () => undefined,
                );
              }}
            />
          ) : null}
          <TableCalls calls={calls} now={now} t={t} onAnswer={answer} />
          {shown.map((column) => (
            <section key={column} className="staff-column" aria-label={t(COLUMN_TITLE[column])}>
              <h2>
                {t(COLUMN_TITLE[column])} <span className="staff-count">{columns[column].length}</span>
              </h2>
              {columns[column].length === 0 ? <p className="staff-muted">{t('emptyColumn')}</p> : null}
              {columns[column].map((order) => (
                <OrderCard
                  key={order.id}
                  order={order}
                  now={now}
                  onAction={onAction}
                  t={t}
                  canEdit={may('orders.edit')}
                />
              ))}
            </section>
          ))}
        </main>
      ) : view === 'pdv' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <PdvView t={t} heard={orders} />
        </Suspense>
      ) : view === 'history' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <HistoryView
            t={t}
            onPrint={print}
            onEdit={may('orders.edit') ? setEditing : undefined}
            version={edits}
          />
        </Suspense>
      ) : view === 'tables' ? (
        <TablesView
          t={t}
          canManage={may('tables.manage')}
          reply={tables.reply}
          failed={tables.failed}
          calls={calls}
          now={now}
          onReload={tables.reload}
          onAnswer={answer}
        />
      ) : view === 'register' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <RegisterView t={t} canManage={may('register.manage')} />
        </Suspense>
      ) : view === 'dispatch' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <DispatchView t={t} heard={dispatchSignal} />
        </Suspense>
      ) : view === 'couriers' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <CouriersView storeName={readBoot().company?.[0]?.nome ?? ''} />
        </Suspense>
      ) : view === 'controls' ? (
        <>
          <StoreControls t={t} onControls={store.setControls} canManage={may('store.open_close')} />
          {me && mayApproveCancel(me.role, overrides) ? (
            <div className="staff-controls">
              <ApprovalCodeSection me={me} />
            </div>
          ) : null}
        </>
      ) : view === 'team' && me ? (
        <TeamView
          t={t}
          me={me}
          rules={<RoleRulesSection staffT={t} onSaved={() => setMeTick((tick) => tick + 1)} />}
        />
      ) : view === 'today' ? (
        <TodayView t={t} />
      ) : view === 'reports' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <PeriodReportScreen />
        </Suspense>
      ) : view === 'ratings' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <RatingsView />
        </Suspense>
      ) : view === 'whatsapp' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <WhatsappInbox heard={whatsappHeard} onUnread={setWhatsappUnread} />
        </Suspense>
      ) : view === 'printing' ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <PrintingScreen />
        </Suspense>
      ) : null}
      {me && (editorOpened || view === 'menu' || view === 'settings') ? (
        <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
          <EditorArea
            mode={view === 'menu' || view === 'settings' ? view : null}
            me={me}
            onMenuDirty={setMenuDirty}
          />
        </Suspense>
      ) : null}
      {editing ? (
        <div className="staff-edit-layer">
          <Suspense fallback={<p className="staff-muted staff-pad">{t('loading')}</p>}>
            <OrderEditView
              key={editing.id}
              order={editing}
              t={t}
              onClose={() => setEditing(null)}
              onSaved={(reply) => {
                setEditing(null);
                setEdits((count) => count + 1);
                setNotice({
                  text: t('orderEdited', {
                    id: editing.numero ?? reply.order_id,
                    before: formatBRL(reply.total_antes),
                    after: formatBRL(reply.total_depois),
                  }),
                  connection: false,
                });
                // The board shows it now; the stream brings it to the other devices.
                void staffFetch<StaffOrder>(`/staff/orders/${reply.order_id}`).then(
                  (order) => merge([order]),
                  () => undefined,
                );
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {pending ? (
        <ReasonDialog
          title={t(pending.kind === 'refuse' ? 'reasonRefuseTitle' : 'reasonCancelTitle', {
            id: pending.order.numero ?? pending.order.id,
          })}
          presets={
            (pending.kind === 'refuse' ? store.controls?.refusal_reasons : store.controls?.cancel_reasons) ??
            []
          }
          t={t}
          onCancel={() => setPending(null)}
          onConfirm={async (reason) => {
            if (await move(pending.order, 'Cancelado', reason)) setPending(null);
          }}
        />
      ) : null}
      {approval ? (
        <ApprovalDialog
          order={approval.order}
          reason={approval.reason}
          onClose={(message) => {
            setApproval(null);
            if (message) setNotice({ text: message, connection: false });
          }}
          onCancelled={(order) => {
            setApproval(null);
            merge([order]);
          }}
        />
      ) : null}
      {alarmPanel ? (
        <AlarmPanel
          t={t}
          sound={sound.sound}
          snoozedUntil={sound.snoozedUntil}
          onSound={sound.choose}
          onTest={sound.test}
          onSnooze={sound.snooze}
          onClose={() => setAlarmPanel(false)}
        />
      ) : null}
      {printing ? (
        <OrderTicketsDialog
          key={printing.id}
          documents={printing.documents}
          onDone={() => setPrintQueue((queue) => queue.slice(1))}
        />
      ) : null}
    </div>
  );
}
