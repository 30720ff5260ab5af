import { orderPlacedReply, staffTab } from '@comanda/contract';
import type { CartLineDraft } from '@comanda/domain';
import type { SignedUp } from './accounts.ts';
import { bearer, nextAddress, PIZZARIA } from './accounts.ts';
import { cartLine, placeOrder, submission } from './orders.ts';
import type { TestApp } from './test-app.ts';

/*
 * Table mode fixtures (issue 19): a round ordered at a table as the storefront's table mode sends
 * it, the guests' calls with the QR token, and the staff's calls.
 */

export interface QrTable {
  id: number;
  token: string;
}

/** A round at a table: the lines (a water by default) with the QR token and, when given, the waiter's code. */
export async function orderAtTable(
  t: TestApp,
  account: SignedUp,
  table: QrTable,
  options: {
    lines?: CartLineDraft[];
    code?: string;
    host?: string;
    overrides?: Record<string, unknown>;
  } = {},
) {
  const host = options.host ?? PIZZARIA;
  const lines = options.lines ?? [await cartLine(t, { ref: 'agua', channel: 'local', host })];
  return placeOrder(
    t,
    account.token,
    submission(account.userId, lines, {
      forma_entrada: 'local',
      identificador_pedido_novo: String(table.id),
      token_mesa: table.token,
      fk_forma_pagamento: null,
      ...(options.code === undefined ? {} : { codigo_mesa: options.code }),
      ...options.overrides,
    }),
    { host },
  );
}

/** A round that must be placed: its order id and round number as the staff sees them. */
export async function roundAtTable(...args: Parameters<typeof orderAtTable>): Promise<number> {
  const response = await orderAtTable(...args);
  if (response.statusCode !== 201) throw new Error(`round: ${response.statusCode} ${response.body}`);
  return orderPlacedReply.parse(response.json()).order_info.order_id;
}

/** GET /bar/v2/tables/{table}/tab/?token=… */
export function guestTab(t: TestApp, table: { id: number | string; token?: string | null }, host = PIZZARIA) {
  const query = table.token === null || table.token === undefined ? '' : `?token=${table.token}`;
  return t.app.inject({ method: 'GET', url: `/bar/v2/tables/${table.id}/tab/${query}`, headers: { host } });
}

/** POST /bar/v2/tables/{table}/calls/?token=… from one address (a guest's phone). */
export function callFromTable(
  t: TestApp,
  table: { id: number | string; token?: string | null },
  kind: unknown,
  options: { host?: string; remoteAddress?: string } = {},
) {
  const query = table.token === null || table.token === undefined ? '' : `?token=${table.token}`;
  return t.app.inject({
    method: 'POST',
    url: `/bar/v2/tables/${table.id}/calls/${query}`,
    headers: { host: options.host ?? PIZZARIA },
    remoteAddress: options.remoteAddress ?? nextAddress(),
    payload: { kind } as Record<string, unknown>,
  });
}

/** A staff call with a staff token (or none). */
export function staffCall(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  host = PIZZARIA,
) {
  return t.app.inject({
    method,
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** GET /staff/tabs/{id}, parsed. */
export async function tabOf(t: TestApp, staffToken: string, tabId: number, host = PIZZARIA) {
  const response = await staffCall(t, staffToken, 'GET', `/staff/tabs/${tabId}`, undefined, host);
  if (response.statusCode !== 200) throw new Error(`tab ${tabId}: ${response.statusCode} ${response.body}`);
  return staffTab.parse(response.json());
}
