import type {
  StaffAccount,
  StaffOrder,
  StaffOrderListReply,
  StreamTicketReply,
  TableCall,
} from '@comanda/contract';
import { ORDER_EVENT, orderEventData, RESYNC_EVENT, TABLE_CALL_EVENT, tableCall } from '@comanda/contract';
import { staffMay, type TicketDocument } from '@comanda/domain';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readBoot } from '../../lib/boot.ts';
import { useStore } from '../../lib/external-store.ts';
import { Alarm } from '../board/alarm.ts';
import {
  alarmState,
  autoAcceptedArrivals,
  byColumn,
  COLUMNS,
  type Column,
  DONE_STATUSES,
  mergeOrders,
  OPEN_STATUSES,
  ringingOrders,
} from '../board/board-model.ts';
import { type OrderAction, OrderCard } from '../board/order-card.tsx';
import { ReasonDialog } from '../board/reason-dialog.tsx';
import { deviceTickets, printSilently } from '../lib/device-printer.ts';
import { StaffApiError, setStaffToken, staffFetch, staffToken } from '../lib/staff-api.ts';
import { type StaffT, useStaffT } from '../lib/staff-texts.ts';
import { OrderTicketsDialog } from '../lib/ticket-paper.tsx';
import { TodayView } from '../reports/today-report.tsx';
import { StoreControls } from '../store-controls/store-controls.tsx';
import { TableCalls } from '../tables/table-calls.tsx';
import { answerCall } from '../tables/tables-api.ts';
import { TablesView } from '../tables/tables-view.tsx';
import { useTables } from '../tables/use-tables.ts';
import { TeamView } from '../team/team-view.tsx';

/** The store editor ('Cardápio', 'Ajustes'): its own chunk, loaded when one of them is first opened. */
const EditorArea = lazy(() => import('../editor/editor-area.tsx'));
/** 'Impressão e estações' (managers and owners): its own chunk too. */
const PrintingScreen = lazy(() => import('../printing/printing-screen.tsx'));

/** The staff app: sign-in, then the live order board and the store's controls. */
export function StaffApp() {
  const token = useStore(staffToken);
  return token ? <SignedIn /> : <SignIn />;
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
      setError(caught instanceof StaffApiError && caught.status < 500 ? t('signInFailed') : String(caught));
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
  /** The stream (re)opened or asked for a resync: whatever else the board shows is read again. */
  onCatchUp: () => void;
}

/**
 * The live board's orders: a catch-up list, then the store's event stream, merged by id. The same
 * stream carries the guests' calls, handed to `onTableCall`.
 */
function useLiveOrders(handlers: LiveHandlers) {
  const [orders, setOrders] = useState<Map<number, StaffOrder>>(new Map());
  const [connected, setConnected] = useState(true);
  const board = useRef(orders);
  const opened = useRef(new Date());
  const heard = useRef(handlers);
  heard.current = handlers;
  const merge = useCallback((incoming: StaffOrder[]) => {
    const arrived = autoAcceptedArrivals(board.current, incoming, opened.current);
    board.current = mergeOrders(board.current, incoming);
    setOrders(board.current);
    if (arrived.length > 0) heard.current.onAutoAccepted(arrived);
  }, []);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = async () => {
      try {
        const { ticket } = await staffFetch<StreamTicketReply>('/staff/orders/events/ticket', {
          method: 'POST',
        });
        if (stopped) return;
        source = new EventSource(`/staff/orders/events?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener('open', () => {
          setConnected(true);
          // Whatever happened while the stream was down arrives here, merged by id.
          void loadBoard().then(merge, () => undefined);
          heard.current.onCatchUp();
        });
        source.addEventListener(ORDER_EVENT, (event) => {
          const data = orderEventData.safeParse(JSON.parse((event as MessageEvent<string>).data));
          if (!data.success) return;
          void staffFetch<StaffOrder>(`/staff/orders/${data.data.id}`).then(
            (order) => merge([order]),
            () => undefined,
          );
        });
        source.addEventListener(TABLE_CALL_EVENT, (event) => {
          const call = tableCall.safeParse(JSON.parse((event as MessageEvent<string>).data));
          if (call.success) heard.current.onTableCall(call.data);
        });
        source.addEventListener(RESYNC_EVENT, () => {
          void loadBoard().then(merge, () => undefined);
          heard.current.onCatchUp();
        });
        source.addEventListener('error', () => {
          setConnected(false);
          source?.close();
          if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
        });
      } catch {
        setConnected(false);
        if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
      }
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [merge]);

  return { orders, connected, merge };
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

/** Who is signed in, and so which tabs show (the server refuses the rest anyway). */
function useStaffMember(): StaffAccount | null {
  const [me, setMe] = useState<StaffAccount | null>(null);
  useEffect(() => {
    staffFetch<StaffAccount>('/staff/me').then(setMe, () => undefined);
  }, []);
  return me;
}

function SignedIn() {
  const t = useStaffT();
  const [view, setView] = useState<
    'board' | 'tables' | 'controls' | 'menu' | 'settings' | 'today' | 'team' | 'printing'
  >('board');
  // Once opened, the editor stays mounted (hidden) so its unsaved drafts survive a look at the board.
  const [editorOpened, setEditorOpened] = useState(false);
  // The menu's draft stays while other tabs are looked at: its tab says when it is not saved.
  const [menuDirty, setMenuDirty] = useState(false);
  useEffect(() => {
    if (view === 'menu' || view === 'settings') setEditorOpened(true);
  }, [view]);
  const me = useStaffMember();
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
  const [autoPrint, setAutoPrint] = useState(false);
  const autoPrintOn = useRef(autoPrint);
  autoPrintOn.current = autoPrint;
  const tables = useTables();
  const { orders, connected, merge } = useLiveOrders({
    onAutoAccepted: (accepted) => {
      if (autoPrintOn.current) for (const order of accepted) print(order);
    },
    onTableCall: tables.hear,
    onCatchUp: () => void tables.reload(),
  });
  const now = useMinuteClock();
  useWakeLock();
  const alarm = useRef<Alarm | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
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

  const columns = useMemo(() => byColumn(orders.values(), now), [orders, now]);
  const ringing = useMemo(() => ringingOrders(orders.values(), now), [orders, now]);
  const calls = tables.calls;
  const state = alarmState(soundOn, ringing.length + calls.length);

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

  useEffect(() => {
    if (state === 'ringing') alarm.current?.start();
    else alarm.current?.stop();
  }, [state]);
  useEffect(() => () => alarm.current?.stop(), []);

  useEffect(() => {
    staffFetch<{ auto_print: boolean }>('/staff/store').then(
      (controls) => setAutoPrint(controls.auto_print),
      () => undefined,
    );
  }, []);

  const enableSound = () => {
    alarm.current ??= new Alarm();
    alarm.current.unlock();
    setSoundOn(true);
  };

  const move = async (order: StaffOrder, status: string, reason?: string) => {
    setNotice(null);
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
      if (error instanceof StaffApiError && error.status === 409) {
        // Someone else moved it first: show where it is now.
        const current = await staffFetch<StaffOrder>(`/staff/orders/${order.id}`).catch(() => null);
        if (current) {
          merge([current]);
          setNotice(t('changedMeanwhile', { id: order.id, status: t(`status${current.status}` as never) }));
          return true;
        }
      }
      setNotice(t('actionFailed', { detail: error instanceof Error ? error.message : String(error) }));
      return false;
    }
  };

  /** 'Atender': the answered call leaves this board now and the others through the stream. */
  const answer = async (call: TableCall) => {
    setNotice(null);
    try {
      tables.hear(await answerCall(call.id));
    } catch (error) {
      // Answered elsewhere, or gone: the list says how things stand.
      if (error instanceof StaffApiError && (error.status === 404 || error.status === 409)) {
        await tables.reload();
        return;
      }
      setNotice(t('actionFailed', { detail: error instanceof Error ? error.message : String(error) }));
    }
  };

  const onAction = (order: StaffOrder, action: OrderAction) => {
    if (action.kind === 'advance') void move(order, action.to);
    else if (action.kind === 'print') print(order);
    else setPending({ kind: action.kind, order });
  };

  const signOut = async () => {
    await staffFetch('/staff/auth/sign-out', { method: 'POST' }).catch(() => undefined);
    setStaffToken(null);
  };

  const shown: Column[] = columns.scheduled.length > 0 ? ['scheduled', ...COLUMNS] : [...COLUMNS];

  return (
    <div className="staff-app" data-alarm={state}>
      <header className="staff-topbar">
        <h1>{t('appTitle')}</h1>
        <nav className="staff-tabs" aria-label={t('appTitle')}>
          <button type="button" aria-pressed={view === 'board'} onClick={() => setView('board')}>
            {t('board')}
            {ringing.length > 0 ? <span className="staff-badge">{ringing.length}</span> : null}
          </button>
          <button type="button" aria-pressed={view === 'tables'} onClick={() => setView('tables')}>
            {t('tables')}
            {calls.length > 0 ? <span className="staff-badge">{calls.length}</span> : null}
          </button>
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
          {me && staffMay(me.role, 'reports.read') ? (
            <button type="button" aria-pressed={view === 'today'} onClick={() => setView('today')}>
              {t('today')}
            </button>
          ) : null}
          {me && staffMay(me.role, 'stations.manage') ? (
            <button type="button" aria-pressed={view === 'printing'} onClick={() => setView('printing')}>
              {t('printing')}
            </button>
          ) : null}
          {me && staffMay(me.role, 'team.manage') ? (
            <button type="button" aria-pressed={view === 'team'} onClick={() => setView('team')}>
              {t('team')}
            </button>
          ) : null}
        </nav>
        <button
          type="button"
          className={soundOn ? 'staff-topbar-button' : 'staff-topbar-button staff-topbar-call'}
          onClick={enableSound}
          disabled={soundOn}
        >
          {soundOn ? t('soundOn') : t('enableSound')}
        </button>
        <button type="button" className="staff-topbar-button" onClick={() => void signOut()}>
          {t('signOut')}
        </button>
      </header>
      {connected ? null : (
        <p className="staff-banner staff-banner-offline" role="status">
          {t('connectionLost')}
        </p>
      )}
      {state !== 'idle' ? (
        <p className="staff-banner staff-banner-alarm" role="alert">
          {[
            ringing.length > 0 ? t('newOrders', { count: ringing.length }) : null,
            calls.length > 0 ? t('tableCallsWaiting', { count: calls.length }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {notice ? (
        <p className="staff-banner" role="status">
          {notice}
        </p>
      ) : null}
      {view === 'board' ? (
        <main className="staff-board">
          <TableCalls calls={calls} now={now} t={t} onAnswer={answer} />
          {shown.map((column) => (
            <section key={column} className="staff-column" aria-label={t(COLUMN_TITLE[column])}>
              <h2>
                {t(COLUMN_TITLE[column])} <span className="staff-count">{columns[column].length}</span>
              </h2>
              {columns[column].length === 0 ? <p className="staff-muted">{t('emptyColumn')}</p> : null}
              {columns[column].map((order) => (
                <OrderCard key={order.id} order={order} now={now} onAction={onAction} t={t} />
              ))}
            </section>
          ))}
        </main>
      ) : view === 'tables' ? (
        <TablesView
          t={t}
          canManage={me !== null && staffMay(me.role, 'tables.manage')}
          reply={tables.reply}
          failed={tables.failed}
          calls={calls}
          now={now}
          onReload={tables.reload}
          onAnswer={answer}
        />
      ) : view === 'controls' ? (
        <StoreControls
          t={t}
          onAutoPrint={setAutoPrint}
          canManage={me !== null && staffMay(me.role, 'store.open_close')}
        />
      ) : view === 'team' && me ? (
        <TeamView t={t} me={me} />
      ) : view === 'today' ? (
        <TodayView t={t} />
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
      {pending ? (
        <ReasonDialog
          title={t(pending.kind === 'refuse' ? 'reasonRefuseTitle' : 'reasonCancelTitle', {
            id: pending.order.id,
          })}
          t={t}
          onCancel={() => setPending(null)}
          onConfirm={async (reason) => {
            if (await move(pending.order, 'Cancelado', reason)) setPending(null);
          }}
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
