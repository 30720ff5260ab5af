import type { TabSharePixReply } from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import type { TableVisit } from '../../../lib/guest-table.ts';

/** How often the PIX dialog asks whether the share's PIX was paid. */
export const SHARE_PIX_POLL_MS = 3_000;

const tokenQuery = (visit: TableVisit) => `?token=${encodeURIComponent(visit.token ?? '')}`;
const sharePath = (visit: TableVisit, shareId: number) =>
  `/bar/v2/tables/${encodeURIComponent(visit.tableId)}/tab/shares/${shareId}/pix/`;

export const sharePixPath = (visit: TableVisit, shareId: number) =>
  `${sharePath(visit, shareId)}${tokenQuery(visit)}`;
export const sharePixStatusPath = (visit: TableVisit, shareId: number, id: number) =>
  `${sharePath(visit, shareId)}${id}/${tokenQuery(visit)}`;

export type SharePixOutcome =
  | { status: 'ok'; pix: TabSharePixReply }
  /** 409 TAB_SHARE_ALREADY_PAID, PIX_NOT_OFFERED, 503…: the server's own words. */
  | { status: 'refused'; message: string; code: string | null }
  | { status: 'unreachable' };

async function outcomeOf(call: () => Promise<TabSharePixReply>): Promise<SharePixOutcome> {
  try {
    return { status: 'ok', pix: await call() };
  } catch (error) {
    if (!(error instanceof ApiError)) return { status: 'unreachable' };
    const code = (error.body as { code?: unknown } | null)?.code;
    return { status: 'refused', message: error.message, code: typeof code === 'string' ? code : null };
  }
}

/** POST …/tab/shares/{share}/pix/: the share's PIX (a new one, or its pending one again). */
export function openSharePix(visit: TableVisit, shareId: number): Promise<SharePixOutcome> {
  return outcomeOf(() => apiFetch<TabSharePixReply>(sharePixPath(visit, shareId), { method: 'POST' }));
}

/** GET …/tab/shares/{share}/pix/{id}/: paid yet? (the server asks the provider). */
export function readSharePix(visit: TableVisit, shareId: number, id: number): Promise<SharePixOutcome> {
  return outcomeOf(() => apiFetch<TabSharePixReply>(sharePixStatusPath(visit, shareId, id)));
}
