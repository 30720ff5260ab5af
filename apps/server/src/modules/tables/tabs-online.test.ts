import { guestTableReply, staffOrder, staffTab } from '@comanda/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, submission, tableOf } from '../../test/orders.ts';
import { buildPaymentsTestApp, createdIntent, type PaymentsTestApp } from '../../test/payments.ts';
import { guestTab, roundAtTable, staffCall } from '../../test/tables.ts';

/*
 * A round paid in the app at a table (issue 19, with the payments of issues 14 and 15): it joins
 * the table's tab when placed, stays out of the guests' view and the bill until its payment is
 * confirmed, and is then on the tab as paid online, with nothing left to pay for it.
 */

let p: PaymentsTestApp;
beforeAll(async () => {
  p = await buildPaymentsTestApp();
});
afterAll(async () => {
  await p.close();
});

const host = 'pizzaria.localhost';

async function guestView(table: { id: number; token: string }) {
  const response = await guestTab(p.t, table, host);
  expect(response.statusCode, response.body).toBe(200);
  return guestTableReply.parse(response.json());
}

describe('a round paid by PIX at a table', () => {
  it('is on the tab once paid, as paid online; a tab with nothing left to pay closes at once', async () => {
    const table = await tableOf(p.t, 'mesa-6', host);
    const guest = await signUp(p.t.app, { host });
    const lines = [await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host })];
    const intent = await createdIntent(
      p.t,
      guest.token,
      submission(guest.userId, lines, {
        forma_entrada: 'local',
        identificador_pedido_novo: String(table.id),
        token_mesa: table.token,
      }),
    );
    await p.standin.context.notifier.settled();

    // Placed and on the tab, but nobody's business until paid.
    const waiting = (await guestView(table)).tab!;
    expect(waiting).toMatchObject({ status: 'open', rodadas: [], totais: { consumido: 0, total: 0 } });

    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    const paid = (await guestView(table)).tab!;
    expect(paid.id).toBe(waiting.id);
    expect(paid.rodadas).toEqual([
      expect.objectContaining({ order_id: intent.order_id, rodada: 1, pago_online: true, total: 1190 }),
    ]);
    // Nothing is due for a round paid in the app, so no service fee on it either.
    expect(paid.totais).toEqual({
      consumido: 1190,
      pago_online: 1190,
      a_pagar: 0,
      taxa_servico_perc: 10,
      taxa_servico: 0,
      total: 0,
    });

    const staff = await signInStaff(p.t, { host });
    const order = await staffCall(
      p.t,
      staff.token,
      'GET',
      `/staff/orders/${intent.order_id}`,
      undefined,
      host,
    );
    expect(staffOrder.parse(order.json())).toMatchObject({ rodada: 1, mesa: 'Mesa 6' });
    const closed = await staffCall(
      p.t,
      staff.token,
      'POST',
      `/staff/tabs/${paid.id}/close`,
      { service_fee: true, split: { mode: 'even', people: 2 } },
      host,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(staffTab.parse(closed.json())).toMatchObject({
      status: 'closed',
      partes: [],
      totais: { total: 0 },
    });
    expect((await guestView(table)).tab).toBeNull();
  });
});

describe('a round paid at the table', () => {
  it('is never taken for paid in the app because of another order’s payment', async () => {
    // Another guest's order paid by PIX whose payment happens to get its order's number as its own
    // id (ids of two sequences meet in any database sooner or later).
    await p.t.database.db.execute(
      sql`select setval('payments_id_seq', (select last_value from orders_id_seq))`,
    );
    const other = await signUp(p.t.app, { host });
    const paidElsewhere = await createdIntent(
      p.t,
      other.token,
      submission(other.userId, [await cartLine(p.t, { ref: 'pizza-calabresa-grande', host })]),
    );
    await p.standin.context.notifier.settled();
    p.standin.pay(paidElsewhere.transaction_id!);
    await p.standin.context.notifier.settled();
    const [payment] = await p.t.database.db
      .select({ id: payments.id, orderId: payments.orderId, paidAt: payments.paidAt })
      .from(payments)
      .where(eq(payments.orderId, paidElsewhere.order_id));
    expect(payment).toMatchObject({ id: paidElsewhere.order_id, orderId: paidElsewhere.order_id });
    expect(payment!.paidAt).not.toBeNull();

    const table = await tableOf(p.t, 'mesa-7', host);
    const guest = await signUp(p.t.app, { host });
    const lines = [await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host })];
    await roundAtTable(p.t, guest, table, { lines, host });
    const tab = (await guestView(table)).tab!;
    expect(tab.rodadas.map((round) => round.pago_online)).toEqual([false]);
    expect(tab.totais).toMatchObject({ consumido: 1190, pago_online: 0, a_pagar: 1190 });
  });
});
