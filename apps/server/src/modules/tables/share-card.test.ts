import { errorReply, guestTableReply, type TabShareCardReply, tabShareCardReply } from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabSharePayments } from '../../db/schema.ts';
import { nextAddress, type StaffSignedIn, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, tableOf } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  CARD_STORE,
  injectNotification,
  type PaymentsTestApp,
  PIX_STORES,
  strayChargesOf,
} from '../../test/payments.ts';
import { guestTab, type QrTable, roundAtTable, staffCall, tabOf } from '../../test/tables.ts';

/*
 * A guest pays a share of a closing tab by card in the app (docs/decisions/0035), with the table's
 * QR token as the only proof. Both card flows on the stand-in PSP: Mercado Pago's token flow (the
 * demo pizzaria) and Stripe's intent flow (a Stripe-shape variant of it). The guest's browser side
 * (the provider's kit: the card to the provider, the confirmation, the 3-D Secure page) is played
 * by the HTTP calls the stand-in's kits make; our server never sees a card number.
 */

const MP: string = PIX_STORES.mercadopago;
const STRIPE: string = CARD_STORE;
const BANCO: string = PIX_STORES.apipix;
let p: PaymentsTestApp;
const owners = new Map<string, StaffSignedIn>();

beforeAll(async () => {
  p = await buildPaymentsTestApp();
  for (const host of [MP, STRIPE, BANCO]) owners.set(host, await signInStaff(p.t, { host }));
});
afterAll(async () => {
  await p.close();
});

const ownerOf = (host: string) => owners.get(host)!;

/** A table with two beers (R$ 23,80) closed split in two with the 10% fee: two shares of R$ 13,09. */
async function closingTab(ref: string, host = MP) {
  const table = await tableOf(p.t, ref, host);
  const account = await signUp(p.t.app, { host });
  const beer = await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host, qtd: 2 });
  await roundAtTable(p.t, account, table, { lines: [beer], host });
  const guest = guestTableReply.parse((await guestTab(p.t, table, host)).json());
  const tabId = guest.tab!.id;
  const closed = await staffCall(
    p.t,
    ownerOf(host).token,
    'POST',
    `/staff/tabs/${tabId}/close`,
    { service_fee: true, split: { mode: 'even', people: 2 } },
    host,
  );
  expect(closed.statusCode, closed.body).toBe(200);
  const tab = await tabOf(p.t, ownerOf(host).token, tabId, host);
  return { table, tabId, shares: tab.partes };
}

const sharePath = (table: QrTable, shareId: number) => `/bar/v2/tables/${table.id}/tab/shares/${shareId}`;

function openCard(
  table: QrTable,
  shareId: number,
  host = MP,
  options: { address?: string; payload?: Record<string, unknown> } = {},
) {
  return p.t.app.inject({
    method: 'POST',
    url: `${sharePath(table, shareId)}/card/?token=${table.token}`,
    headers: { host },
    remoteAddress: options.address ?? nextAddress(),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function cardOf(table: QrTable, shareId: number, host = MP): Promise<TabShareCardReply> {
  const response = await openCard(table, shareId, host);
  expect(response.statusCode, response.body).toBe(201);
  return tabShareCardReply.parse(response.json());
}

function pollCard(table: QrTable, shareId: number, id: number, host = MP) {
  return p.t.app.inject({
    method: 'GET',
    url: `${sharePath(table, shareId)}/card/${id}/?token=${table.token}`,
    headers: { host },
  });
}

async function statusOf(table: QrTable, shareId: number, id: number, host = MP) {
  const response = await pollCard(table, shareId, id, host);
  expect(response.statusCode, response.body).toBe(200);
  return tabShareCardReply.parse(response.json());
}

async function refused(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(errorReply.parse(response.json()).code).toBe(code);
  return errorReply.parse(response.json());
}

async function attemptRow(id: number) {
  const [row] = await p.t.database.db.select().from(tabSharePayments).where(eq(tabSharePayments.id, id));
  return row!;
}

const staffTab = (tabId: number, host = MP) => tabOf(p.t, ownerOf(host).token, tabId, host);

function payAtCounter(tabId: number, shareId: number, host = MP) {
  return staffCall(
    p.t,
    ownerOf(host).token,
    'POST',
    `/staff/tabs/${tabId}/shares/${shareId}/paid`,
    { forma_pagamento: 'Dinheiro' },
    host,
  );
}

// ---------------------------------------------------------------------------------------------
// Mercado Pago's token flow: what its SDK does in the browser, then our token call

const MP_NUMBER = '5031433215406351';

/** The SDK's secure fields: the card to the stand-in with the public key; the token comes back. */
async function mpToken(card: TabShareCardReply, holder: string): Promise<string> {
  const reply = await fetch(
    `${p.standin.url}/mercadopago/v1/card_tokens?public_key=${card.card_kit!.public_key}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: MP_NUMBER,
        expiration_month: 11,
        expiration_year: new Date().getFullYear() + 2,
        security_code: '123',
        cardholder: { name: holder, identification: { type: 'CPF', number: '19119119100' } },
      }),
    },
  );
  expect(reply.status).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

async function sendToken(
  table: QrTable,
  shareId: number,
  card: TabShareCardReply,
  holder: string,
  options: { token?: string; address?: string } = {},
) {
  const reply = await p.t.app.inject({
    method: 'POST',
    url: `${sharePath(table, shareId)}/card/${card.id}/token/?token=${table.token}`,
    headers: { host: MP },
    remoteAddress: options.address ?? nextAddress(),
    payload: { token: options.token ?? (await mpToken(card, holder)), payment_method_id: 'master' },
  });
  await p.standin.context.notifier.settled();
  return reply;
}

/** The issuer's challenge page, completed or failed by the guest. */
async function mpChallenge(threeDs: { creq: string }, outcome: 'complete' | 'fail') {
  const reply = await fetch(`${p.standin.url}/mercadopago/3ds/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ creq: threeDs.creq, outcome }).toString(),
  });
  expect(reply.status).toBe(200);
  await p.standin.context.notifier.settled();
}

describe("a share paid by card through Mercado Pago's shape (a card token from the browser)", () => {
  it('is paid with the token for the share’s amount; the last share closes the tab', async () => {
    const { table, tabId, shares } = await closingTab('mesa-1');
    expect(shares.map((share) => share.valor)).toEqual([1309, 1309]);
    // Whatever the guest's request says, the amount is the share's.
    const opened = await openCard(table, shares[0]!.id, MP, { payload: { valor: 1, amount: 1 } });
    expect(opened.statusCode, opened.body).toBe(201);
    const card = tabShareCardReply.parse(opened.json());
    expect(card).toMatchObject({
      status: 'pending',
      valor: 1309,
      client_secret: null,
      three_ds: null,
      pago_em: null,
      card_kit: { provider: 'mercadopago', script_url: `${p.standin.url}/mercadopago/js/v2` },
    });
    expect(card.card_kit!.public_key).toMatch(/^TEST-/);
    // Asked again, the same attempt.
    const again = await openCard(table, shares[0]!.id);
    expect(again.statusCode).toBe(200);
    expect(tabShareCardReply.parse(again.json()).id).toBe(card.id);
    // Nothing is paid before the provider says so.
    expect((await statusOf(table, shares[0]!.id, card.id)).status).toBe('pending');
    expect((await staffTab(tabId)).partes[0]!.pago_em).toBeNull();

    const paid = await sendToken(table, shares[0]!.id, card, 'APRO');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(tabShareCardReply.parse(paid.json())).toMatchObject({
      status: 'paid',
      detail: 'Pagamento recebido!',
      card_kit: null,
    });
    const row = await attemptRow(card.id);
    expect(p.standin.context.book.find('mercadopago', row.providerRef!)).toMatchObject({
      amount: 1309,
      status: 'paid',
    });
    let tab = await staffTab(tabId);
    expect(tab.status).toBe('closing');
    expect(tab.partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
    expect(tab.partes[0]!.pago_em).not.toBeNull();
    await refused(await openCard(table, shares[0]!.id), 409, 'TAB_SHARE_ALREADY_PAID');

    const second = await cardOf(table, shares[1]!.id);
    expect((await sendToken(table, shares[1]!.id, second, 'APRO')).json()).toMatchObject({ status: 'paid' });
    tab = await staffTab(tabId);
    expect(tab.status).toBe('closed');
    expect(tab.fechada_em).not.toBeNull();
  });

  it('declined is final at Mercado Pago: the attempt failed, in the guest’s words; a new one pays', async () => {
    const { table, tabId, shares } = await closingTab('mesa-2');
    const card = await cardOf(table, shares[0]!.id);
    const declined = await sendToken(table, shares[0]!.id, card, 'FUND');
    const refusal = await refused(declined, 402, 'CARD_DECLINED');
    expect(refusal).toMatchObject({
      detail: 'Cartão recusado: saldo ou limite insuficiente.',
      decline_reason: 'insufficient_funds',
    });
    expect(await statusOf(table, shares[0]!.id, card.id)).toMatchObject({
      status: 'failed',
      falha: 'insufficient_funds',
      detail: 'Cartão recusado: saldo ou limite insuficiente.',
    });
    // That attempt takes no other card; a new one is opened.
    await refused(await sendToken(table, shares[0]!.id, card, 'APRO'), 409, 'CARD_ATTEMPT_NOT_PAYABLE');
    const retry = await cardOf(table, shares[0]!.id);
    expect(retry.id).not.toBe(card.id);
    expect((await sendToken(table, shares[0]!.id, retry, 'APRO')).json()).toMatchObject({ status: 'paid' });
    expect((await staffTab(tabId)).partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
  });

  it('with 3-D Secure: the challenge goes to the browser; completed, the notification pays the share', async () => {
    const { table, tabId, shares } = await closingTab('mesa-3');
    const card = await cardOf(table, shares[0]!.id);
    const asked = await sendToken(table, shares[0]!.id, card, '3DSC');
    expect(asked.statusCode, asked.body).toBe(200);
    const reply = tabShareCardReply.parse(asked.json());
    expect(reply).toMatchObject({ status: 'pending' });
    expect(reply.three_ds!.url).toBe(`${p.standin.url}/mercadopago/3ds/challenge`);
    expect((await statusOf(table, shares[0]!.id, card.id)).status).toBe('pending');
    // Another token while the challenge is open: this attempt already has its payment.
    await refused(await sendToken(table, shares[0]!.id, card, 'APRO'), 409, 'CARD_ATTEMPT_NOT_PAYABLE');
    await mpChallenge(reply.three_ds!, 'complete');
    // No poll: the provider's verified notification settled it.
    expect((await attemptRow(card.id)).status).toBe('paid');
    expect((await staffTab(tabId)).partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
    expect((await statusOf(table, shares[0]!.id, card.id)).status).toBe('paid');
  });

  it('with 3-D Secure failed: the attempt failed with why; the guest opens another', async () => {
    const { table, tabId, shares } = await closingTab('mesa-4');
    const card = await cardOf(table, shares[0]!.id);
    const asked = tabShareCardReply.parse((await sendToken(table, shares[0]!.id, card, '3DSC')).json());
    await mpChallenge(asked.three_ds!, 'fail');
    expect(await statusOf(table, shares[0]!.id, card.id)).toMatchObject({
      status: 'failed',
      falha: 'authentication',
      detail: 'A autenticação do cartão não foi concluída. Tente de novo ou use outro cartão.',
    });
    expect((await staffTab(tabId)).partes[0]!.pago_em).toBeNull();
    const retry = await cardOf(table, shares[0]!.id);
    expect(retry.id).not.toBe(card.id);
  });

  it('a challenge the guest left is given up at the provider when the guest asks for a card again', async () => {
    const { table, shares } = await closingTab('mesa-5');
    const card = await cardOf(table, shares[0]!.id);
    await sendToken(table, shares[0]!.id, card, '3DSC');
    const providerRef = (await attemptRow(card.id)).providerRef!;
    const fresh = await cardOf(table, shares[0]!.id);
    expect(fresh.id).not.toBe(card.id);
    expect((await attemptRow(card.id)).status).toBe('canceled');
    expect(p.standin.context.book.find('mercadopago', providerRef)).toMatchObject({ status: 'canceled' });
  });

  it('paid once however many polls and notifications race', async () => {
    const { table, tabId, shares } = await closingTab('mesa-6');
    const card = await cardOf(table, shares[0]!.id);
    const asked = tabShareCardReply.parse((await sendToken(table, shares[0]!.id, card, '3DSC')).json());
    const sentBefore = p.sent.length;
    p.deliver.on = false;
    try {
      await mpChallenge(asked.three_ds!, 'complete');
    } finally {
      p.deliver.on = true;
    }
    const providerRef = (await attemptRow(card.id)).providerRef!;
    const lost = p.sent.slice(sentBefore).filter((n) => n.url.includes(providerRef));
    expect(lost.length).toBeGreaterThan(0);
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => pollCard(table, shares[0]!.id, card.id)),
      injectNotification(p.t, lost.at(-1)!),
      injectNotification(p.t, lost.at(-1)!),
    ]);
    expect(replies.slice(0, 4).map((reply) => reply.json().status)).toEqual(Array(4).fill('paid'));
    const tab = await staffTab(tabId);
    expect(tab.partes.filter((share) => share.pago_em !== null)).toHaveLength(1);
    expect(tab.partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
    expect(await attemptRow(card.id)).toMatchObject({ status: 'paid', needsManualRefund: false });
  });

  it('two tokens at once for one attempt: one pays, the other is refused (the guest is charged once)', async () => {
    const { table, tabId, shares } = await closingTab('mesa-7');
    const card = await cardOf(table, shares[0]!.id);
    const [first, second] = await Promise.all([mpToken(card, 'APRO'), mpToken(card, 'APRO')]);
    const replies = await Promise.all([
      sendToken(table, shares[0]!.id, card, 'APRO', { token: first }),
      sendToken(table, shares[0]!.id, card, 'APRO', { token: second }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    // One payment at the provider for the attempt: the guest was charged once.
    const { reference } = await attemptRow(card.id);
    const charged = p.standin.context.book.list().filter((charge) => charge.reference === reference);
    expect(charged.map((charge) => [charge.status, charge.amount])).toEqual([['paid', 1309]]);
    expect((await staffTab(tabId)).partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
  });
});

// ---------------------------------------------------------------------------------------------
// Stripe's intent flow: what Stripe.js does in the browser with the client secret

const VISA = '4242424242424242';
const DECLINED = '4000000000000002';
const THREE_DS = '4000002760003184';

async function stripeConfirms(card: TabShareCardReply, number: string) {
  const key = card.card_kit!.public_key;
  const call = async (path: string, values: Record<string, string>) => {
    const reply = await fetch(`${p.standin.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(values).toString(),
    });
    return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
  };
  const method = await call('/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 3),
    'card[cvc]': '123',
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  const intentId = card.client_secret!.split('_secret_')[0]!;
  const confirmed = await call(`/v1/payment_intents/${intentId}/confirm`, {
    client_secret: card.client_secret!,
    payment_method: String(method.body.id),
  });
  await p.standin.context.notifier.settled();
  return confirmed;
}

async function stripeChallenge(card: TabShareCardReply, outcome: 'complete' | 'fail') {
  const intentId = card.client_secret!.split('_secret_')[0]!;
  const reply = await fetch(`${p.standin.url}/stripe/3ds/${intentId}/${outcome}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: card.client_secret! }).toString(),
  });
  expect(reply.status).toBe(200);
  await p.standin.context.notifier.settled();
}

describe("a share paid by card through Stripe's shape (the browser confirms the PaymentIntent)", () => {
  it('opens a PaymentIntent for the share’s amount; confirmed by the kit, the poll pays the share', async () => {
    const { table, tabId, shares } = await closingTab('mesa-1', STRIPE);
    const opened = await openCard(table, shares[0]!.id, STRIPE, { payload: { valor: 1 } });
    expect(opened.statusCode, opened.body).toBe(201);
    const card = tabShareCardReply.parse(opened.json());
    expect(card).toMatchObject({
      status: 'pending',
      valor: 1309,
      card_kit: { provider: 'stripe', script_url: `${p.standin.url}/v3/` },
    });
    expect(card.client_secret).toMatch(/^pi_.+_secret_/);
    const intentId = (await attemptRow(card.id)).providerRef!;
    expect(p.standin.context.book.find('stripe', intentId)).toMatchObject({ amount: 1309 });
    const again = await openCard(table, shares[0]!.id, STRIPE);
    expect(again.statusCode).toBe(200);
    expect(tabShareCardReply.parse(again.json())).toMatchObject({
      id: card.id,
      client_secret: card.client_secret,
    });
    // The token call is Mercado Pago's: a Stripe attempt takes none.
    const token = await p.t.app.inject({
      method: 'POST',
      url: `${sharePath(table, shares[0]!.id)}/card/${card.id}/token/?token=${table.token}`,
      headers: { host: STRIPE },
      payload: { token: 'tok_abcdefghijk', payment_method_id: 'visa' },
    });
    expect(token.statusCode).toBe(409);

    p.deliver.on = false;
    try {
      expect((await stripeConfirms(card, VISA)).body).toMatchObject({ status: 'succeeded' });
    } finally {
      p.deliver.on = true;
    }
    expect((await staffTab(tabId, STRIPE)).partes[0]!.pago_em).toBeNull();
    expect(await statusOf(table, shares[0]!.id, card.id, STRIPE)).toMatchObject({
      status: 'paid',
      client_secret: null,
    });
    expect((await staffTab(tabId, STRIPE)).partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
  });

  it('declined stays open: the guest tries another card with the same attempt', async () => {
    const { table, tabId, shares } = await closingTab('mesa-2', STRIPE);
    const card = await cardOf(table, shares[0]!.id, STRIPE);
    const declined = await stripeConfirms(card, DECLINED);
    expect(declined.status).toBe(402);
    expect(await statusOf(table, shares[0]!.id, card.id, STRIPE)).toMatchObject({ status: 'pending' });
    await stripeConfirms(card, VISA);
    expect((await attemptRow(card.id)).status).toBe('paid');
    expect((await staffTab(tabId, STRIPE)).partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
  });

  it('with 3-D Secure is paid once the challenge is completed (the notification tells)', async () => {
    const { table, tabId, shares } = await closingTab('mesa-3', STRIPE);
    const card = await cardOf(table, shares[0]!.id, STRIPE);
    const confirmed = await stripeConfirms(card, THREE_DS);
    expect(confirmed.body).toMatchObject({ status: 'requires_action' });
    expect((await statusOf(table, shares[0]!.id, card.id, STRIPE)).status).toBe('pending');
    await stripeChallenge(card, 'fail');
    expect((await statusOf(table, shares[0]!.id, card.id, STRIPE)).status).toBe('pending');
    await stripeConfirms(card, THREE_DS);
    await stripeChallenge(card, 'complete');
    expect((await attemptRow(card.id)).status).toBe('paid');
    expect((await staffTab(tabId, STRIPE)).partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
  });

  it('paid at the counter while pending: the PaymentIntent is cancelled at the provider', async () => {
    const { table, tabId, shares } = await closingTab('mesa-4', STRIPE);
    const card = await cardOf(table, shares[0]!.id, STRIPE);
    expect((await payAtCounter(tabId, shares[0]!.id, STRIPE)).statusCode).toBe(200);
    const intentId = (await attemptRow(card.id)).providerRef!;
    expect(p.standin.context.book.find('stripe', intentId)).toMatchObject({ status: 'canceled' });
    expect(await statusOf(table, shares[0]!.id, card.id, STRIPE)).toMatchObject({
      status: 'failed',
      falha: 'share_paid',
      detail: 'Esta parte da conta já foi paga.',
      client_secret: null,
    });
    // The kit can no longer pay it.
    const late = await stripeConfirms(card, VISA);
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect((await staffTab(tabId, STRIPE)).partes[0]).toMatchObject({
      forma_pagamento: 'Dinheiro',
      cartao_a_devolver: 0,
    });
  });

  it('paid by card just before the counter’s cancel reached the provider: refunded in full at once', async () => {
    const { table, tabId, shares } = await closingTab('mesa-5', STRIPE);
    const card = await cardOf(table, shares[0]!.id, STRIPE);
    await p.standin.context.notifier.settled();
    p.deliver.on = false;
    try {
      await stripeConfirms(card, VISA);
    } finally {
      p.deliver.on = true;
    }
    expect((await payAtCounter(tabId, shares[0]!.id, STRIPE)).statusCode).toBe(200);
    const row = await attemptRow(card.id);
    // The guest's attempt reads as the share paid otherwise; its money went back.
    expect(row).toMatchObject({ status: 'refunded', failure: 'share_paid', needsManualRefund: false });
    expect(await statusOf(table, shares[0]!.id, card.id, STRIPE)).toMatchObject({
      status: 'failed',
      falha: 'share_paid',
      detail: 'Esta parte da conta já foi paga.',
    });
    // The provider holds the charge refunded, and our ledger records it, once.
    expect(p.standin.context.book.find('stripe', row.providerRef!)).toMatchObject({
      status: 'refunded',
      refundedAmount: 1309,
    });
    expect(await strayChargesOf(p.t, row.providerRef!)).toEqual([
      expect.objectContaining({ reason: 'share_settled', status: 'refunded', refundedAmount: 1309 }),
    ]);
    const tab = await staffTab(tabId, STRIPE);
    expect(tab.partes[0]).toMatchObject({
      forma_pagamento: 'Dinheiro',
      cartao_a_devolver: 0,
      pix_a_devolver: 0,
    });
  });
});

describe('a share’s card and PIX attempts, and the counter', () => {
  it('a card paying the share cancels the share’s pending PIX at the provider', async () => {
    const { table, shares } = await closingTab('mesa-8');
    const pix = await p.t.app.inject({
      method: 'POST',
      url: `${sharePath(table, shares[0]!.id)}/pix/?token=${table.token}`,
      headers: { host: MP },
      remoteAddress: nextAddress(),
    });
    expect(pix.statusCode).toBe(201);
    const pixId = (pix.json() as { id: number }).id;
    const card = await cardOf(table, shares[0]!.id);
    expect((await sendToken(table, shares[0]!.id, card, 'APRO')).json()).toMatchObject({ status: 'paid' });
    const pixRow = await attemptRow(pixId);
    expect(pixRow.status).toBe('canceled');
    expect(p.standin.context.book.find('mercadopago', pixRow.providerRef!)).toMatchObject({
      status: 'canceled',
    });
  });

  it('a share paid at the counter while its card attempt waits for a token: the attempt is dropped', async () => {
    const { table, tabId, shares } = await closingTab('mesa-9');
    const card = await cardOf(table, shares[0]!.id);
    expect((await payAtCounter(tabId, shares[0]!.id)).statusCode).toBe(200);
    expect((await attemptRow(card.id)).status).toBe('canceled');
    await refused(await sendToken(table, shares[0]!.id, card, 'APRO'), 409, 'TAB_SHARE_ALREADY_PAID');
    expect(await statusOf(table, shares[0]!.id, card.id)).toMatchObject({
      status: 'failed',
      falha: 'share_paid',
      detail: 'Esta parte da conta já foi paga.',
    });
  });

  it('a share paid at the counter during a 3-D Secure challenge: the payment is cancelled at the provider', async () => {
    const { table, tabId, shares } = await closingTab('mesa-10');
    const card = await cardOf(table, shares[0]!.id);
    const asked = tabShareCardReply.parse((await sendToken(table, shares[0]!.id, card, '3DSC')).json());
    expect((await payAtCounter(tabId, shares[0]!.id)).statusCode).toBe(200);
    const row = await attemptRow(card.id);
    expect(row.status).toBe('canceled');
    expect(p.standin.context.book.find('mercadopago', row.providerRef!)).toMatchObject({
      status: 'canceled',
    });
    // The challenge completed afterwards pays nothing more.
    await mpChallenge(asked.three_ds!, 'complete');
    expect(await attemptRow(card.id)).toMatchObject({ status: 'canceled', needsManualRefund: false });
    expect((await staffTab(tabId)).partes[0]).toMatchObject({
      forma_pagamento: 'Dinheiro',
      cartao_a_devolver: 0,
    });
  });
});

describe('refused', () => {
  it('with a wrong or rotated token, another table’s or store’s share, a PIX id, or at a store without cards', async () => {
    const { table, tabId, shares } = await closingTab('mesa-6', STRIPE);
    const other = await tableOf(p.t, 'mesa-9', STRIPE);
    await refused(
      await openCard({ id: table.id, token: 'x'.repeat(32) }, shares[0]!.id, STRIPE),
      400,
      'TABLE_TOKEN_INVALID',
    );
    await refused(await openCard(other, shares[0]!.id, STRIPE), 404, 'TAB_SHARE_NOT_FOUND');
    await refused(await openCard(table, 999_999, STRIPE), 404, 'TAB_SHARE_NOT_FOUND');
    // The same table id and token asked at another store: no such table there.
    await refused(await openCard(table, shares[0]!.id, MP), 404, 'TABLE_NOT_FOUND');
    const card = await cardOf(table, shares[0]!.id, STRIPE);
    await refused(await pollCard(other, shares[0]!.id, card.id, STRIPE), 404, 'TAB_SHARE_NOT_FOUND');
    await refused(await pollCard(table, shares[1]!.id, card.id, STRIPE), 404, 'TAB_SHARE_CARD_NOT_FOUND');
    await refused(
      await pollCard({ id: table.id, token: 'nope' }, shares[0]!.id, card.id, STRIPE),
      400,
      'TABLE_TOKEN_INVALID',
    );
    const pix = await p.t.app.inject({
      method: 'POST',
      url: `${sharePath(table, shares[1]!.id)}/pix/?token=${table.token}`,
      headers: { host: STRIPE },
      remoteAddress: nextAddress(),
    });
    expect(pix.statusCode, pix.body).toBe(201);
    const pixId = (pix.json() as { id: number }).id;
    await refused(await pollCard(table, shares[1]!.id, pixId, STRIPE), 404, 'TAB_SHARE_CARD_NOT_FOUND');
    await staffCall(
      p.t,
      ownerOf(STRIPE).token,
      'POST',
      `/staff/tables/${table.id}/rotate-token`,
      undefined,
      STRIPE,
    );
    await refused(await openCard(table, shares[0]!.id, STRIPE), 400, 'TABLE_TOKEN_INVALID');
    expect((await staffTab(tabId, STRIPE)).partes.every((share) => share.pago_em === null)).toBe(true);

    // API Pix takes PIX only: no card in the app.
    const banco = await closingTab('mesa-1', BANCO);
    await refused(await openCard(banco.table, banco.shares[0]!.id, BANCO), 409, 'CARD_NOT_OFFERED');
  });

  it('a bad token body is 400; a closed tab’s share is 409', async () => {
    const { table, tabId, shares } = await closingTab('mesa-7', STRIPE);
    const bad = await p.t.app.inject({
      method: 'POST',
      url: `${sharePath(table, shares[0]!.id)}/card/1/token/?token=${table.token}`,
      headers: { host: STRIPE },
      payload: { token: 'x', payment_method_id: 'Master Card' },
    });
    expect(bad.statusCode).toBe(400);
    for (const share of shares) await payAtCounter(tabId, share.id, STRIPE);
    expect((await staffTab(tabId, STRIPE)).status).toBe('closed');
    await refused(await openCard(table, shares[0]!.id, STRIPE), 409, 'TAB_SHARE_ALREADY_PAID');
  });

  it(`beyond ${20} card attempts from one address every 10 minutes: 429 with Retry-After`, async () => {
    const { table, shares } = await closingTab('mesa-8', STRIPE);
    const address = nextAddress();
    for (let i = 0; i < 20; i++) {
      const reply = await openCard(table, shares[0]!.id, STRIPE, { address });
      expect(reply.statusCode, reply.body).toBeLessThan(300);
    }
    const refusedReply = await openCard(table, shares[0]!.id, STRIPE, { address });
    await refused(refusedReply, 429, 'TOO_MANY_CARD_ATTEMPTS');
    expect(Number(refusedReply.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone at the table is not held back.
    expect((await openCard(table, shares[0]!.id, STRIPE)).statusCode).toBe(200);
  });
});
