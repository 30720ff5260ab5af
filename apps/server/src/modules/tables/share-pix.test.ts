import { errorReply, guestTableReply, tabSharePixReply } from '@comanda/contract';
import { checkBrCode, REFUND_BY_HAND_PAYMENT } from '@comanda/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, tabSharePayments } from '../../db/schema.ts';
import { nextAddress, type StaffSignedIn, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, tableOf } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  type PaymentsTestApp,
  PIX_STORES,
  strayChargesOf,
} from '../../test/payments.ts';
import { guestTab, type QrTable, roundAtTable, staffCall, tabOf } from '../../test/tables.ts';

/*
 * A guest pays a share of a closing tab by PIX in the app (issue 19 item 4), through the stand-in
 * PSP the demo pizzaria takes PIX with (Mercado Pago's shape): the share is paid only when the
 * provider says so, once, and the tab closes with its last share.
 */

const PIZZARIA: string = PIX_STORES.mercadopago;
const CHAVE: string = PIX_STORES.static_pix;
const BANCO: string = PIX_STORES.apipix;
let p: PaymentsTestApp;
let owner: StaffSignedIn;
let chaveOwner: StaffSignedIn;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
  owner = await signInStaff(p.t, { host: PIZZARIA });
  chaveOwner = await signInStaff(p.t, { host: CHAVE });
});
afterAll(async () => {
  await p.close();
});

/** A table with two beers (R$ 23,80) closed split in two with the 10% fee: two shares of R$ 13,09. */
async function closingTab(ref: string, host = PIZZARIA, staff = () => owner) {
  const table = await tableOf(p.t, ref, host);
  const account = await signUp(p.t.app, { host });
  const beer = await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host, qtd: 2 });
  const orderId = await roundAtTable(p.t, account, table, { lines: [beer], host });
  const tabId = (await tabOf(p.t, staff().token, await tabIdOf(table, host), host)).id;
  const closed = await staffCall(
    p.t,
    staff().token,
    'POST',
    `/staff/tabs/${tabId}/close`,
    { service_fee: true, split: { mode: 'even', people: 2 } },
    host,
  );
  expect(closed.statusCode, closed.body).toBe(200);
  const tab = await tabOf(p.t, staff().token, tabId, host);
  return { table, tabId, orderId, shares: tab.partes };
}

async function tabIdOf(table: QrTable, host: string) {
  const response = await guestTab(p.t, table, host);
  return guestTableReply.parse(response.json()).tab!.id;
}

function askPix(
  table: { id: number; token: string },
  shareId: number,
  host = PIZZARIA,
  address = nextAddress(),
) {
  return p.t.app.inject({
    method: 'POST',
    url: `/bar/v2/tables/${table.id}/tab/shares/${shareId}/pix/?token=${table.token}`,
    headers: { host },
    remoteAddress: address,
  });
}

function pollPix(table: { id: number; token: string }, shareId: number, id: number, host = PIZZARIA) {
  return p.t.app.inject({
    method: 'GET',
    url: `/bar/v2/tables/${table.id}/tab/shares/${shareId}/pix/${id}/?token=${table.token}`,
    headers: { host },
  });
}

async function pixOf(table: QrTable, shareId: number) {
  const response = await askPix(table, shareId);
  expect(response.statusCode, response.body).toBe(201);
  return tabSharePixReply.parse(response.json());
}

async function refused(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(errorReply.parse(response.json()).code).toBe(code);
}

async function providerRefOf(id: number) {
  const [row] = await p.t.database.db.select().from(tabSharePayments).where(eq(tabSharePayments.id, id));
  return row!;
}

describe('a share of a closing tab paid by PIX in the app', () => {
  it('is paid when the provider says so, for the share’s amount; the last share closes the tab', async () => {
    const { table, tabId, shares } = await closingTab('mesa-1');
    expect(shares.map((share) => share.valor)).toEqual([1309, 1309]);
    const pix = await pixOf(table, shares[0]!.id);
    expect(pix).toMatchObject({ status: 'pending', valor: 1309, pago_em: null });
    expect(checkBrCode(pix.copia_e_cola, { amount: 1309 })).toMatchObject({ ok: true });
    expect(pix.qr).toMatch(/^data:image\/(png|svg\+xml);base64,/);
    expect(new Date(pix.expira_em).getTime()).toBeGreaterThan(Date.now());

    const pending = await pollPix(table, shares[0]!.id, pix.id);
    expect(pending.json()).toMatchObject({ status: 'pending' });
    // The guest's word is never enough: only the provider's.
    expect((await tabOf(p.t, owner.token, tabId)).partes[0]!.pago_em).toBeNull();

    p.standin.pay((await providerRefOf(pix.id)).providerRef!);
    await p.standin.context.notifier.settled();
    const paid = await pollPix(table, shares[0]!.id, pix.id);
    expect(paid.json()).toMatchObject({ status: 'paid', detail: 'Pagamento recebido!' });
    let tab = await tabOf(p.t, owner.token, tabId);
    expect(tab.status).toBe('closing');
    expect(tab.partes[0]).toMatchObject({ forma_pagamento: 'PIX (app)' });
    expect(tab.partes[0]!.pago_em).not.toBeNull();
    await refused(await askPix(table, shares[0]!.id), 409, 'TAB_SHARE_ALREADY_PAID');

    const second = await pixOf(table, shares[1]!.id);
    p.standin.pay((await providerRefOf(second.id)).providerRef!);
    await p.standin.context.notifier.settled();
    expect((await pollPix(table, shares[1]!.id, second.id)).json()).toMatchObject({ status: 'paid' });
    tab = await tabOf(p.t, owner.token, tabId);
    expect(tab.status).toBe('closed');
    expect(tab.fechada_em).not.toBeNull();
  });

  it('is paid by the provider’s notification alone, without a poll (the guest closed the app)', async () => {
    const { table, tabId, shares } = await closingTab('mesa-6');
    const pix = await pixOf(table, shares[0]!.id);
    p.standin.pay((await providerRefOf(pix.id)).providerRef!);
    await p.standin.context.notifier.settled();
    expect((await providerRefOf(pix.id)).status).toBe('paid');
    expect((await tabOf(p.t, owner.token, tabId)).partes[0]).toMatchObject({ forma_pagamento: 'PIX (app)' });
  });

  it('answers the share’s pending charge again instead of opening a second one', async () => {
    const { table, shares } = await closingTab('mesa-2');
    const first = await pixOf(table, shares[0]!.id);
    const again = await askPix(table, shares[0]!.id);
    expect(again.statusCode).toBe(200);
    expect(tabSharePixReply.parse(again.json())).toMatchObject({
      id: first.id,
      copia_e_cola: first.copia_e_cola,
    });
    const rows = await p.t.database.db
      .select()
      .from(tabSharePayments)
      .where(eq(tabSharePayments.shareId, shares[0]!.id));
    expect(rows).toHaveLength(1);
  });

  it('is refused with a wrong or missing token, for another table’s share, and at a store without PIX', async () => {
    const { table, shares } = await closingTab('mesa-3');
    const other = await tableOf(p.t, 'mesa-9');
    await refused(
      await askPix({ id: table.id, token: 'x'.repeat(32) }, shares[0]!.id),
      400,
      'TABLE_TOKEN_INVALID',
    );
    await refused(await askPix(other, shares[0]!.id), 404, 'TAB_SHARE_NOT_FOUND');
    await refused(await askPix(table, 999_999), 404, 'TAB_SHARE_NOT_FOUND');
    const pix = await pixOf(table, shares[0]!.id);
    await refused(await pollPix(other, shares[0]!.id, pix.id), 404, 'TAB_SHARE_NOT_FOUND');
    await refused(
      await pollPix({ id: table.id, token: 'nope' }, shares[0]!.id, pix.id),
      400,
      'TABLE_TOKEN_INVALID',
    );
    // The rotated token stops working at once.
    await staffCall(p.t, owner.token, 'POST', `/staff/tables/${table.id}/rotate-token`);
    await refused(await askPix(table, shares[1]!.id), 400, 'TABLE_TOKEN_INVALID');

    const chave = await closingTab('mesa-1', CHAVE, () => chaveOwner);
    await refused(await askPix(chave.table, chave.shares[0]!.id, CHAVE), 409, 'PIX_NOT_OFFERED');
  });

  it('is paid once however many polls race', async () => {
    const { table, tabId, shares } = await closingTab('mesa-4');
    const pix = await pixOf(table, shares[0]!.id);
    p.deliver.on = false;
    try {
      p.standin.pay((await providerRefOf(pix.id)).providerRef!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    const replies = await Promise.all(Array.from({ length: 6 }, () => pollPix(table, shares[0]!.id, pix.id)));
    expect(replies.map((reply) => reply.json().status)).toEqual(Array(6).fill('paid'));
    const tab = await tabOf(p.t, owner.token, tabId);
    expect(tab.partes.filter((share) => share.pago_em !== null)).toHaveLength(1);
    expect((await providerRefOf(pix.id)).status).toBe('paid');
  });

  it('a share paid at the counter cancels its pending PIX at the provider', async () => {
    const { table, tabId, shares } = await closingTab('mesa-5');
    const pix = await pixOf(table, shares[0]!.id);
    const counter = await staffCall(
      p.t,
      owner.token,
      'POST',
      `/staff/tabs/${tabId}/shares/${shares[0]!.id}/paid`,
      {
        forma_pagamento: 'Dinheiro',
      },
    );
    expect(counter.statusCode).toBe(200);
    expect((await providerRefOf(pix.id)).status).toBe('canceled');
    expect((await pollPix(table, shares[0]!.id, pix.id)).json()).toMatchObject({ status: 'failed' });
    const tab = await tabOf(p.t, owner.token, tabId);
    expect(tab.partes[0]).toMatchObject({ forma_pagamento: 'Dinheiro' });
    await refused(await askPix(table, shares[0]!.id), 409, 'TAB_SHARE_ALREADY_PAID');
  });

  it('a PIX paid before the counter’s cancel reached the provider is refunded in full at once', async () => {
    const { table, tabId, shares } = await closingTab('mesa-7');
    const pix = await pixOf(table, shares[0]!.id);
    // The provider's word about the new charge must have arrived first: a notification still on its
    // way while the charge is paid makes the server ask the provider, which then says paid.
    await p.standin.context.notifier.settled();
    p.deliver.on = false;
    try {
      p.standin.pay((await providerRefOf(pix.id)).providerRef!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    const counter = await staffCall(
      p.t,
      owner.token,
      'POST',
      `/staff/tabs/${tabId}/shares/${shares[0]!.id}/paid`,
      {
        forma_pagamento: 'Dinheiro',
      },
    );
    expect(counter.statusCode).toBe(200);
    const row = await providerRefOf(pix.id);
    expect(row).toMatchObject({ status: 'refunded', failure: 'share_paid', needsManualRefund: false });
    expect(p.standin.context.book.find('mercadopago', row.providerRef!)).toMatchObject({
      status: 'refunded',
      refundedAmount: 1309,
    });
    expect(await strayChargesOf(p.t, row.providerRef!)).toEqual([
      expect.objectContaining({ reason: 'share_settled', status: 'refunded', refundedAmount: 1309 }),
    ]);
    const tab = await tabOf(p.t, owner.token, tabId);
    expect(tab.partes.map((share) => share.pix_a_devolver)).toEqual([0, 0]);
    expect(tab.partes[0]).toMatchObject({ forma_pagamento: 'Dinheiro' });
  });
  it('a PIX paid for a share paid at the counter that the provider cannot give back is in the takings as received and owed back', async () => {
    const bancoOwner = await signInStaff(p.t, { host: BANCO });
    const { table, tabId, shares } = await closingTab('mesa-8', BANCO, () => bancoOwner);
    const asked = await askPix(table, shares[0]!.id, BANCO);
    expect(asked.statusCode, asked.body).toBe(201);
    const pix = tabSharePixReply.parse(asked.json());
    await p.standin.context.notifier.settled();
    p.deliver.on = false;
    // The payer's bank refuses the devolução (NAO_REALIZADO): the store gives it back by hand.
    p.standin.apiPixDevolucoes({ refuse: true });
    try {
      p.standin.pay((await providerRefOf(pix.id)).providerRef!);
      await p.standin.context.notifier.settled();
      const counter = await staffCall(
        p.t,
        bancoOwner.token,
        'POST',
        `/staff/tabs/${tabId}/shares/${shares[0]!.id}/paid`,
        { forma_pagamento: 'Dinheiro' },
        BANCO,
      );
      expect(counter.statusCode, counter.body).toBe(200);
    } finally {
      p.deliver.on = true;
      p.standin.apiPixDevolucoes({ refuse: false });
    }
    expect(await providerRefOf(pix.id)).toMatchObject({ needsManualRefund: true });
    const entries = await p.t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tabId, tabId)))
      .orderBy(asc(ledgerEntries.id));
    const amount = shares[0]!.valor;
    // The share once, in cash; the PIX received online and owed back by hand, in no register.
    expect(entries.map((e) => [e.kind, e.paymentName, e.online, e.amount, e.shareId])).toEqual([
      ['venda', 'Dinheiro', false, amount, shares[0]!.id],
      ['ajuste', 'PIX online', true, amount, null],
      ['ajuste', REFUND_BY_HAND_PAYMENT, false, -amount, null],
    ]);
    expect(entries[2]!.registerSessionId).toBeNull();
    // The day's revenue is the share's; the money by method shows the PIX in and the debt.
    const day = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const report = await staffCall(
      p.t,
      bancoOwner.token,
      'GET',
      `/staff/reports/period?from=${day}&to=${day}`,
      undefined,
      BANCO,
    );
    const body = report.json() as {
      current: { revenue: number; sales: number };
      by_payment: { method: string; revenue: number }[];
    };
    expect(body.current).toMatchObject({ revenue: amount, sales: 1 });
    expect(body.by_payment).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'PIX online', revenue: amount }),
        expect.objectContaining({ method: REFUND_BY_HAND_PAYMENT, revenue: -amount }),
      ]),
    );
  });

  it('paid with another amount than the share’s: the share stays unpaid and the money goes back', async () => {
    const { table, tabId, shares } = await closingTab('mesa-9');
    const pix = await pixOf(table, shares[0]!.id);
    const ref = (await providerRefOf(pix.id)).providerRef!;
    p.standin.pay(ref, 1000);
    await p.standin.context.notifier.settled();
    expect(await providerRefOf(pix.id)).toMatchObject({ status: 'failed' });
    expect(p.standin.context.book.find('mercadopago', ref)).toMatchObject({
      status: 'refunded',
      refundedAmount: 1000,
    });
    expect(await strayChargesOf(p.t, ref)).toEqual([
      expect.objectContaining({ reason: 'amount', status: 'refunded', refundedAmount: 1000 }),
    ]);
    const tab = await tabOf(p.t, owner.token, tabId);
    expect(tab.partes[0]!.pago_em).toBeNull();
  });
});
