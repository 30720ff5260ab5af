import type { StaffTab, StaffTable, TabCloseRequest, TableCall } from '@comanda/contract';
import {
  type SplitByItemsResult,
  splitByItems,
  splitEvenly,
  TAB_SPLIT_MAX_PEOPLE,
  type TabShare,
  type TabTotals,
  tabTotals,
} from '@comanda/domain';

/*
 * The tables' rules on the staff side, free of React: guests' calls merged from the catch-up list
 * and the live stream, the tables in the order a waiter walks them, and the preview of closing a
 * tab (the same domain functions the server charges with).
 */

// ---------------------------------------------------------------------------------------------
// Guests' calls

export interface CallsState {
  /** Calls waiting for the staff, oldest first. */
  readonly waiting: readonly TableCall[];
  /** When each waiting call was heard on the stream (this device's clock), by id. */
  readonly heardAt: ReadonlyMap<number, number>;
  /** Ids of calls known to be answered: a stale list never brings them back. */
  readonly answered: ReadonlySet<number>;
}

export const NO_CALLS: CallsState = { waiting: [], heardAt: new Map(), answered: new Set() };

const oldestFirst = (a: TableCall, b: TableCall) =>
  Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;

/**
 * A call from the stream (or an answer to 'Atender'): a new one joins the waiting calls once; an
 * answered one leaves them, on every board that hears it.
 */
export function hearCall(state: CallsState, call: TableCall, at: number): CallsState {
  if (call.acknowledged_at !== null) {
    const answered = new Set(state.answered).add(call.id);
    const heardAt = new Map(state.heardAt);
    heardAt.delete(call.id);
    return { waiting: state.waiting.filter((shown) => shown.id !== call.id), heardAt, answered };
  }
  if (state.answered.has(call.id)) return state;
  const waiting = [...state.waiting.filter((shown) => shown.id !== call.id), call].sort(oldestFirst);
  const heardAt = new Map(state.heardAt);
  if (!heardAt.has(call.id)) heardAt.set(call.id, at);
  return { ...state, waiting, heardAt };
}

/**
 * The waiting calls as the server listed them (asked at `askedAt`): the list replaces what was
 * shown, so calls answered while this board was offline leave, but a call heard on the stream
 * after the list was asked for stays (the list may have been read before it was made).
 */
export function listCalls(state: CallsState, list: readonly TableCall[], askedAt: number): CallsState {
  const waiting = new Map<number, TableCall>();
  for (const call of list) {
    if (call.acknowledged_at === null && !state.answered.has(call.id)) waiting.set(call.id, call);
  }
  const heardAt = new Map<number, number>();
  for (const call of state.waiting) {
    const heard = state.heardAt.get(call.id);
    if (heard !== undefined && heard >= askedAt && !waiting.has(call.id)) waiting.set(call.id, call);
    if (heard !== undefined && waiting.has(call.id)) heardAt.set(call.id, heard);
  }
  return { waiting: [...waiting.values()].sort(oldestFirst), heardAt, answered: state.answered };
}

/** The waiting calls of one table. */
export function callsOfTable(calls: readonly TableCall[], tableId: number): TableCall[] {
  return calls.filter((call) => call.table_id === tableId);
}

// ---------------------------------------------------------------------------------------------
// Tables

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/** Tables in the order of their names, numbers as numbers ('Mesa 2' before 'Mesa 10'). */
export function sortTables<T extends Pick<StaffTable, 'description' | 'id'>>(tables: readonly T[]): T[] {
  return [...tables].sort((a, b) => collator.compare(a.description, b.description) || a.id - b.id);
}

/** Days, hours and minutes since `from` (never negative), for 'há 1 h 5 min' and 'há 2 d 3 h'. */
export function elapsed(from: string, now: Date): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 60_000));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

// ---------------------------------------------------------------------------------------------
// Closing a tab

type Round = StaffTab['rodadas'][number];
type Line = Round['linhas'][number];

/** Whether a round is off the bill (a cancelled order). */
export const isCancelledRound = (round: Pick<Round, 'status'>) => round.status === 'Cancelado';

/** The tab's bill with or without the service fee, as the server computes it. */
export function billOf(tab: Pick<StaffTab, 'rodadas' | 'totais'>, serviceFee: boolean): TabTotals {
  return tabTotals(
    tab.rodadas.map((round) => ({
      total: round.total,
      paidOnline: round.pago_online,
      cancelled: isCancelledRound(round),
    })),
    serviceFee ? tab.totais.taxa_servico_perc : 0,
  );
}

/** The lines paid at the table, which a split by items shares out: not cancelled, not paid in the app. */
export function billableLines(tab: Pick<StaffTab, 'rodadas'>): (Line & { rodada: number })[] {
  return tab.rodadas
    .filter((round) => !isCancelledRound(round) && !round.pago_online)
    .flatMap((round) => round.linhas.map((line) => ({ ...line, rodada: round.rodada })));
}

export type SplitDraft =
  | { mode: 'even'; people: number }
  /** `assignment`: each line id's share, 0-based; `shares`: how many shares. */
  | { mode: 'items'; shares: number; assignment: ReadonlyMap<number, number> };

export type ItemsSplit = Extract<SplitDraft, { mode: 'items' }>;

export const clampPeople = (people: number) =>
  Math.min(TAB_SPLIT_MAX_PEOPLE, Math.max(1, Math.round(people)));

/** Every line in the first share: where a split by items starts. */
export function itemsDraft(tab: Pick<StaffTab, 'rodadas'>, shares = 2): ItemsSplit {
  return {
    mode: 'items',
    shares: clampPeople(shares),
    assignment: new Map(billableLines(tab).map((line) => [line.id, 0])),
  };
}

/** A new number of shares; lines of a share that is gone move to the last one left. */
export function withShareCount(draft: ItemsSplit, shares: number): ItemsSplit {
  const count = clampPeople(shares);
  const assignment = new Map<number, number>();
  for (const [line, share] of draft.assignment) assignment.set(line, Math.min(share, count - 1));
  return { mode: 'items', shares: count, assignment };
}

/** One line moved to another share. */
export function withLineIn(draft: ItemsSplit, lineId: number, share: number): ItemsSplit {
  const assignment = new Map(draft.assignment);
  assignment.set(lineId, Math.min(Math.max(0, share), draft.shares - 1));
  return { ...draft, assignment };
}

export type SplitRefusal = Extract<SplitByItemsResult, { ok: false }>;

export interface ClosePreview {
  bill: TabTotals;
  /** The fee percent charged (0 when the fee is off). */
  percent: number;
  /** Each share's amount and fee, or null when the split is refused. */
  shares: TabShare[] | null;
  refusal: SplitRefusal | null;
  /** For split by items: each share's line ids, in share order. */
  lineShares: number[][] | null;
  /** What POST /staff/tabs/{id}/close sends, or null while the split is refused. */
  request: TabCloseRequest | null;
}

/**
 * What closing the tab would charge: the bill (with or without the fee), each share's value, the
 * refusal of a split by items in the domain's words, and the request that fixes it on the server.
 * Nothing due (all paid in the app): one share of nothing, and the server closes the tab at once.
 */
export function closePreview(tab: StaffTab, serviceFee: boolean, draft: SplitDraft): ClosePreview {
  const bill = billOf(tab, serviceFee);
  const percent = serviceFee ? tab.totais.taxa_servico_perc : 0;
  if (bill.total === 0) {
    return {
      bill,
      percent,
      shares: [{ amount: 0, serviceFee: 0 }],
      refusal: null,
      lineShares: null,
      request: { service_fee: serviceFee, split: { mode: 'even', people: 1 } },
    };
  }
  if (draft.mode === 'even') {
    const people = clampPeople(draft.people);
    return {
      bill,
      percent,
      shares: splitEvenly(bill, people),
      refusal: null,
      lineShares: null,
      request: { service_fee: serviceFee, split: { mode: 'even', people } },
    };
  }
  const lines = billableLines(tab);
  const lineShares: number[][] = Array.from({ length: draft.shares }, () => []);
  for (const line of lines) {
    const share = draft.assignment.get(line.id);
    if (share !== undefined && share >= 0 && share < draft.shares) lineShares[share]!.push(line.id);
  }
  const result = splitByItems(
    bill,
    lines.map((line) => ({ id: line.id, value: line.valor_total })),
    lineShares,
  );
  if (!result.ok) return { bill, percent, shares: null, refusal: result, lineShares, request: null };
  return {
    bill,
    percent,
    shares: result.shares,
    refusal: null,
    lineShares,
    request: { service_fee: serviceFee, split: { mode: 'items', shares: lineShares } },
  };
}

/** The shares still to pay and the amount left. */
export function unpaid(tab: Pick<StaffTab, 'partes'>): { count: number; amount: number } {
  const left = tab.partes.filter((share) => share.pago_em === null);
  return { count: left.length, amount: left.reduce((sum, share) => sum + share.valor, 0) };
}

// ---------------------------------------------------------------------------------------------
// The QR sheet

export const QR_FORMATS = ['a4', 'label-62x80', 'label-50x50'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** QR cards per A4 page: two columns of three. */
export const QR_PER_A4_PAGE = 6;

/** The sheet's pages: six cards per A4 page, one per label. */
export function qrPages<T>(cards: readonly T[], format: QrFormat): T[][] {
  const size = format === 'a4' ? QR_PER_A4_PAGE : 1;
  const pages: T[][] = [];
  for (let start = 0; start < cards.length; start += size) pages.push(cards.slice(start, start + size));
  return pages;
}
