import type { TableCall } from '@comanda/contract';
import type { TableCallKind } from '@comanda/domain';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { type TableVisit, tableCallsPath } from '../../../lib/guest-table.ts';

export type TableCallOutcome =
  /** The call waits for the staff (a new one, or the one already waiting). */
  | { status: 'called'; call: TableCall }
  /** 429 TOO_MANY_TABLE_CALLS, 409 NO_OPEN_TAB…: the server's own words. */
  | { status: 'refused'; message: string; code: string | null }
  | { status: 'unreachable' };

/** POST /bar/v2/tables/{table}/calls/?token=… {kind}: the waiter, or the bill. */
export async function callTableStaff(visit: TableVisit, kind: TableCallKind): Promise<TableCallOutcome> {
  try {
    const call = await apiFetch<TableCall>(tableCallsPath(visit), { method: 'POST', json: { kind } });
    return { status: 'called', call };
  } catch (error) {
    if (!(error instanceof ApiError)) return { status: 'unreachable' };
    const code = (error.body as { code?: unknown } | null)?.code;
    return { status: 'refused', message: error.message, code: typeof code === 'string' ? code : null };
  }
}
