import type { TabShareCardReply, TabShareCardTokenRequest } from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import type { TableVisit } from '../../../lib/guest-table.ts';

/*
 * A guest pays a share of the closing tab by card in the app (docs/decisions/0035): the share's card
 * attempt, the card token of Mercado Pago's kit, and the poll until the provider says paid. The
 * table's QR token is the only proof (no customer account).
 */

const tokenQuery = (visit: TableVisit) => `?token=${encodeURIComponent(visit.token ?? '')}`;
const cardPath = (visit: TableVisit, shareId: number) =>
  `/bar/v2/tables/${encodeURIComponent(visit.tableId)}/tab/shares/${shareId}/card/`;

export const shareCardPath = (visit: TableVisit, shareId: number) =>
  `${cardPath(visit, shareId)}${tokenQuery(visit)}`;
export const shareCardStatusPath = (visit: TableVisit, shareId: number, id: number) =>
  `${cardPath(visit, shareId)}${id}/${tokenQuery(visit)}`;
export const shareCardTokenPath = (visit: TableVisit, shareId: number, id: number) =>
  `${cardPath(visit, shareId)}${id}/token/${tokenQuery(visit)}`;

export type ShareCardOutcome =
  | { status: 'ok'; card: TabShareCardReply }
  /** 402 CARD_DECLINED (with its stable reason), 409 CARD_NOT_OFFERED, TAB_SHARE_ALREADY_PAID…: the server's words. */
  | { status: 'refused'; message: string; code: string | null; reason: string | null }
  | { status: 'unreachable' };

async function outcomeOf(call: () => Promise<TabShareCardReply>): Promise<ShareCardOutcome> {
  try {
    return { status: 'ok', card: await call() };
  } catch (error) {
    if (!(error instanceof ApiError)) return { status: 'unreachable' };
    const body = error.body as { code?: unknown; decline_reason?: unknown } | null;
    return {
      status: 'refused',
      message: error.message,
      code: typeof body?.code === 'string' ? body.code : null,
      reason: typeof body?.decline_reason === 'string' ? body.decline_reason : null,
    };
  }
}

/** POST …/tab/shares/{share}/card/: the share's card attempt (a new one, or its live one again). */
export function openShareCard(visit: TableVisit, shareId: number): Promise<ShareCardOutcome> {
  return outcomeOf(() => apiFetch<TabShareCardReply>(shareCardPath(visit, shareId), { method: 'POST' }));
}

/** GET …/card/{id}/: paid yet? (the server asks the provider). */
export function readShareCard(visit: TableVisit, shareId: number, id: number): Promise<ShareCardOutcome> {
  return outcomeOf(() => apiFetch<TabShareCardReply>(shareCardStatusPath(visit, shareId, id)));
}

/** POST …/card/{id}/token/: Mercado Pago's card token pays the attempt. */
export function payShareCardToken(
  visit: TableVisit,
  shareId: number,
  id: number,
  payment: TabShareCardTokenRequest,
): Promise<ShareCardOutcome> {
  return outcomeOf(() =>
    apiFetch<TabShareCardReply>(shareCardTokenPath(visit, shareId, id), { method: 'POST', json: payment }),
  );
}
