import { randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * A table's QR code (docs/decisions/0021): the spec's table-mode addresses with the table's secret
 * token, which a table order and the guests' table calls must carry. One place for the token's
 * making and checking and for the addresses, shared by `npm run table:links`, order placement and
 * the tables module.
 */

/** A table's token: 128 random bits, URL-safe. */
export function newTableToken(): string {
  return randomBytes(16).toString('hex');
}

/** Compared in constant time: the answer's timing says nothing about how much of a guess was right. */
export function tableTokenMatches(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** The QR code's addresses of a table at a store's public origin (spec: `/local/{id}`, `/self-checkout/{id}`). */
export function tableLinks(origin: string, table: { id: number; token: string }) {
  const query = `?token=${encodeURIComponent(table.token)}`;
  return {
    local: `${origin}/local/${table.id}${query}`,
    self_checkout: `${origin}/self-checkout/${table.id}${query}`,
  };
}
