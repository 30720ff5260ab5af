import type { GuestTableReply, TableList } from '@comanda/contract';
import { isTableId } from '@comanda/domain';
import { ApiError, apiGet } from './api-client.ts';
import { useData } from './data-cache.tsx';
import { TABLE_ID_KEY, TABLE_TOKEN_KEY, useLocalMode } from './source.ts';
import { START_DATA_OPTIONS, START_PATHS } from './start-data.ts';
import { readStorage } from './storage.ts';

/*
 * The table of table mode, as the table banner, the tab screen and the checkout read it: the tables
 * list (spec section 7) names it, and the guest's tab call (GET /bar/v2/tables/{table}/tab/?token=…)
 * proves the QR code's token and brings the tab. Loaded with those screens, never with the menu.
 */

/** The table this visit sits at, from the QR code read at entry. */
export interface TableVisit {
  tableId: string;
  token: string | null;
}

export function tableVisit(): TableVisit | null {
  const tableId = readStorage(TABLE_ID_KEY);
  return tableId ? { tableId, token: readStorage(TABLE_TOKEN_KEY) } : null;
}

/** The query every guest call carries: the QR code's token. */
const tokenQuery = (visit: TableVisit) => `?token=${encodeURIComponent(visit.token ?? '')}`;

export const guestTablePath = (visit: TableVisit) =>
  `/bar/v2/tables/${encodeURIComponent(visit.tableId)}/tab/${tokenQuery(visit)}`;

export const tableCallsPath = (visit: TableVisit) =>
  `/bar/v2/tables/${encodeURIComponent(visit.tableId)}/calls/${tokenQuery(visit)}`;

/** The tab screen refreshes the tab this often while it is open. */
export const TAB_POLL_MS = 10_000;

/** The guest's table and tab; `poll` refreshes it every TAB_POLL_MS (the tab screen). */
export function useGuestTable({ poll = false }: { poll?: boolean } = {}) {
  const local = useLocalMode();
  const visit = local ? tableVisit() : null;
  // Without a token the server can only refuse: nothing is asked.
  const key = visit?.token && isTableId(visit.tableId) ? guestTablePath(visit) : null;
  const result = useData<GuestTableReply>(key, apiGet, {
    refreshInterval: poll ? TAB_POLL_MS : 0,
    revalidateOnFocus: poll,
    shouldRetryOnError: false,
    dedupingInterval: 2_000,
  });
  return { ...result, visit };
}

/** GET /bar/v2/tables/list/, only in table mode (start data: same caching). */
export function useTableList() {
  const local = useLocalMode();
  return useData<TableList>(local ? START_PATHS.tables : null, apiGet, START_DATA_OPTIONS);
}

/** The server refuses this table: no such table (404) or not its token (400 TABLE_TOKEN_INVALID). */
export function isTableRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const code = (error.body as { code?: unknown } | null)?.code;
  return error.status === 404 || code === 'TABLE_TOKEN_INVALID' || code === 'TABLE_NOT_FOUND';
}

export type TableState =
  | { status: 'loading' }
  /** The table's description ('Mesa 3'); `reply` once the tab call answered. */
  | { status: 'found'; description: string; reply: GuestTableReply | null }
  /** Spec section 8 "Table not found". */
  | { status: 'not_found' };

/**
 * Which table the banner names. The tab call decides (it checks the token); the list alone names the
 * table only when the tab call could not be made (offline), so a wrong token never shows as found.
 */
export function tableStateOf({
  visit,
  tables,
  reply,
  replyError,
}: {
  visit: TableVisit | null;
  tables: TableList | undefined;
  reply: GuestTableReply | undefined;
  replyError: unknown;
}): TableState {
  if (!visit?.token || !isTableId(visit.tableId)) return { status: 'not_found' };
  if (replyError && isTableRefusal(replyError)) return { status: 'not_found' };
  if (reply) return { status: 'found', description: reply.table.description, reply };
  const listed = tables?.tables.find((table) => String(table.id) === visit.tableId);
  if (tables && !listed) return { status: 'not_found' };
  if (listed && replyError) return { status: 'found', description: listed.description, reply: null };
  return { status: 'loading' };
}

/** The table state of this visit, with the tab reply's data handle (to refresh it). */
export function useTableState({ poll = false }: { poll?: boolean } = {}) {
  const guest = useGuestTable({ poll });
  const { data: tables } = useTableList();
  const state = tableStateOf({ visit: guest.visit, tables, reply: guest.data, replyError: guest.error });
  return { state, guest };
}
