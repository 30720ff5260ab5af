import { randomUUID } from 'node:crypto';
import {
  guestTableReply,
  ledgerCheckReply,
  type PaymentIntentData,
  type TabShareCardReply,
  tabShareCardReply,
} from '@comanda/contract';
import { storeLocalTime } from '@comanda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  nextAddress,
  type SignedUp,
  signInStaff,
  signUp,
} from '../../apps/server/src/test/accounts.ts';
import { cartLine, submission, tableOf } from '../../apps/server/src/test/orders.ts';
import {
  buildPaymentsTestApp,
  createdIntent,
  injectNotification,
  intentCall,
  lastNotificationOf,
  MP_CARD_STORE,
  type PaymentsTestApp,
  PIX_STORES,
  paymentState,
} from '../../apps/server/src/test/payments.ts';
import { guestTab, type QrTable, roundAtTable, staffCall, tabOf } from '../../apps/server/src/test/tables.ts';
import { recordFigure } from './support/figures.ts';
import { providerLedger } from './support/ledger.ts';
import { bySize } from './support/scale.ts';

/*
 * Issue 30's money races, replayed on the real server and database against the stand-in PSP:
 * several card tokens for one payment at once, a token against the customer's abandon, against
 * the expiry, a paid PIX's notification against the abandon, a saved card against the abandon, and
 * a table share's card against the counter. After every race, each charge the provider holds is
 * without money, or kept for exactly one released order or paid share, or refunded with our record
 * of it (support/ledger.ts); and the store's own ledger check finds nothing to report.
 */

const SCENARIO = 'payment races';
const CARDS = MP_CARD_STORE;
const TABLES = PIX_STORES.mercadopago;
const MP_NUMBER = '5031433215406351';

let p: PaymentsTestApp;
let serverErrors = 0;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
});
afterAll(async () => {
  recordFigure(SCENARIO, '5xx answers', serverErrors, 'replies');
  await p.close();
});

const counted = <T extends { statusCode: number }>(reply: T): T => {
  if (reply.statusCode >= 500) serverErrors += 1;
  return reply;
};

async function cardIntent(account: SignedUp, card?: number): Promise<PaymentIntentData> {
  const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 1, host: CARDS })];
  const reply = await p.t.app.inject({
    method: 'POST',
    url: '/bar/v2/payment/create-payment-intent/',
    headers: { host: CARDS, ...bearer(account.token), 'idempotency-key': randomUUID() },
    payload: {
      type: 'card',
      order: submission(account.userId, lines, { fk_forma_pagamento: 998 }),
      ...(card ? { card } : {}),
    },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { data: PaymentIntentData }).data;
}

/** What Mercado Pago's SDK does in the browser: the card (or a saved card) becomes a single-use token. */
async function cardToken(publicKey: string, source: { holder: string } | { cardId: string }) {
  const body =
    'cardId' in source
      ? { card_id: source.cardId, security_code: '123' }
      : {
          card_number: MP_NUMBER,
          expiration_month: 11,
          expiration_year: new Date().getFullYear() + 2,
          security_code: '123',
          cardholder: { name: source.holder, identification: { type: 'CPF', number: '19119119100' } },
        };
  const reply = await fetch(`${p.standin.url}/mercadopago/v1/card_tokens?public_key=${publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(reply.status).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

async function payToken(account: SignedUp, intent: PaymentIntentData, token: string, saveToken?: string) {
  return counted(
    await p.t.app.inject({
      method: 'POST',
      url: '/bar/v2/payment/card-token/',
      headers: { host: CARDS, ...bearer(account.token) },
      payload: {
        intent_id: intent.intent_id,
        token,
        payment_method_id: 'master',
        ...(saveToken ? { save_token: saveToken } : {}),
      },
    }),
  );
}

const abandon = async (account: SignedUp, intent: PaymentIntentData, host = CARDS) =>
  counted(await intentCall(p.t, account.token, 'cancel-pix-order', intent.intent_id, host));

/** The stand-in's charges opened for one of our payments (by its reference). */
function chargesOf(reference: string) {
  return p.standin.context.book.list().filter((charge) => charge.reference === reference);
}

/** After a race: both ledgers agree, and the store's own check lists nothing. */
async function expectLedgerHolds() {
  await p.standin.context.notifier.settled();
  const tally = await providerLedger(p);
  expect(tally.violations).toEqual([]);
  for (const host of [CARDS, TABLES]) {
    const staff = await signInStaff(p.t, { host, role: 'manager' });
    const reply = await p.t.app.inject({
      method: 'GET',
      url: `/staff/payments/ledger?date=${storeLocalTime(new Date(), 'America/Sao_Paulo').dateISO}`,
      headers: { host, ...bearer(staff.token) },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(ledgerCheckReply.parse(reply.json())).toMatchObject({ available: true, exceptions: [] });
  }
  return tally;
}

describe('card tokens (Mercado Pago’s flow)', () => {
  it('several tokens for one payment at once: one charge, one order', async () => {
    const rounds = bySize(2, 7);
    const tokens = bySize(3, 5);
    for (let round = 0; round < rounds; round++) {
      const account = await signUp(p.t.app, { host: CARDS });
      const intent = await cardIntent(account);
      const made = await Promise.all(
        Array.from({ length: tokens }, () => cardToken(intent.card_kit!.public_key, { holder: 'APRO' })),
      );
      const replies = await Promise.all(made.map((token) => payToken(account, intent, token)));
      const codes = replies.map((reply) => reply.statusCode).sort();
      expect(codes).toEqual([200, ...Array(tokens - 1).fill(409)]);
      const state = await paymentState(p.t, intent.intent_id);
      expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
      const charges = chargesOf(state.row.reference).filter((charge) => charge.status !== 'failed');
      expect(charges.map((charge) => charge.status)).toEqual(['paid']);
    }
    const tally = await expectLedgerHolds();
    recordFigure(SCENARIO, 'tokens at once: charges kept', tally.kept, 'charges');
  });

  it('a token against the abandon: paid with the order, or abandoned with nothing kept', async () => {
    const rounds = bySize(4, 16);
    let paid = 0;
    let givenBack = 0;
    for (let round = 0; round < rounds; round++) {
      const account = await signUp(p.t.app, { host: CARDS });
      const intent = await cardIntent(account);
      const token = await cardToken(intent.card_kit!.public_key, { holder: 'APRO' });
      const [byToken, byAbandon] = await Promise.all([
        payToken(account, intent, token),
        abandon(account, intent),
      ]);
      const state = await paymentState(p.t, intent.intent_id);
      if (state.row.status === 'paid') {
        paid += 1;
        expect(byToken.statusCode, byToken.body).toBe(200);
        expect(byAbandon.statusCode).toBe(409);
      } else {
        // Abandoned first (refunded: the card was charged as the abandon went through).
        expect(['canceled', 'refunded']).toContain(state.row.status);
        expect(byAbandon.statusCode).toBe(200);
        expect(byToken.statusCode).toBe(409);
        const charged = chargesOf(state.row.reference).filter((charge) => charge.paidAmount);
        // Charged while the abandon went through: given back in full, and the customer told so.
        for (const charge of charged) expect(charge.refundedAmount).toBe(charge.paidAmount);
        if (charged.length > 0) {
          givenBack += 1;
          expect((byToken.json() as { detail: string }).detail).toMatch(/devolvid/);
        }
      }
    }
    await expectLedgerHolds();
    recordFigure(SCENARIO, 'token vs abandon: paid', paid, `of ${rounds}`);
    recordFigure(SCENARIO, 'token vs abandon: charged then given back', givenBack, `of ${rounds}`);
  });

  it('a token against the expiry: paid, or expired with nothing kept', async () => {
    const rounds = bySize(2, 8);
    for (let round = 0; round < rounds; round++) {
      const account = await signUp(p.t.app, { host: CARDS });
      const intent = await cardIntent(account);
      const token = await cardToken(intent.card_kit!.public_key, { holder: 'APRO' });
      // Past the card attempt's 15 minutes and the grace: the job gives it up as the token arrives.
      p.t.setNow(new Date(Date.now() + 17 * 60_000));
      try {
        await Promise.all([payToken(account, intent, token), p.t.services.payments.reconcile()]);
      } finally {
        p.t.setNow(new Date());
      }
      const state = await paymentState(p.t, intent.intent_id);
      expect(['paid', 'expired']).toContain(state.row.status);
    }
    await expectLedgerHolds();
  });

  it('a saved card against the abandon', async () => {
    const account = await signUp(p.t.app, { host: CARDS });
    const first = await cardIntent(account);
    const kit = first.card_kit!.public_key;
    const saved = await payToken(
      account,
      first,
      await cardToken(kit, { holder: 'APRO' }),
      await cardToken(kit, { holder: 'APRO' }),
    );
    expect(saved.json().data).toMatchObject({ status: 'paid' });
    const listed = await p.t.app.inject({
      method: 'GET',
      url: '/core/cartoes/',
      headers: { host: CARDS, ...bearer(account.token) },
    });
    const [card] = listed.json() as { id: number }[];
    // One customer: within the store's order limit (10 in 10 minutes) with the first order.
    for (let round = 0; round < bySize(3, 6); round++) {
      const intent = await cardIntent(account, card!.id);
      const token = await cardToken(kit, { cardId: intent.method_id! });
      await Promise.all([payToken(account, intent, token), abandon(account, intent)]);
      expect(['paid', 'canceled']).toContain((await paymentState(p.t, intent.intent_id)).row.status);
    }
    await expectLedgerHolds();
  });
});

describe('PIX', () => {
  it('a paid PIX’s notification against the abandon: the order goes to the store once', async () => {
    for (let round = 0; round < bySize(3, 10); round++) {
      const account = await signUp(p.t.app);
      const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 1 })];
      const intent = await createdIntent(p.t, account.token, submission(account.userId, lines));
      await p.standin.context.notifier.settled();
      p.deliver.on = false;
      try {
        p.standin.pay(intent.transaction_id!);
        await p.standin.context.notifier.settled();
      } finally {
        p.deliver.on = true;
      }
      const notification = lastNotificationOf(p.sent, intent.transaction_id!);
      const [, byAbandon] = await Promise.all([
        injectNotification(p.t, notification).then(counted),
        abandon(account, intent, TABLES),
      ]);
      expect(byAbandon.statusCode).toBe(409);
      const state = await paymentState(p.t, intent.intent_id);
      expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    }
    await expectLedgerHolds();
  });
});

describe('a table share', () => {
  it('its card against the counter: the share is paid once, a second payment goes back', async () => {
    const owner = await signInStaff(p.t, { host: TABLES });
    const rounds = bySize(2, 6);
    for (let round = 0; round < rounds; round++) {
      const table: QrTable = await tableOf(p.t, `mesa-${round + 1}`, TABLES);
      const guest = await signUp(p.t.app, { host: TABLES });
      const beer = await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host: TABLES, qtd: 2 });
      await roundAtTable(p.t, guest, table, { lines: [beer], host: TABLES });
      const tabId = guestTableReply.parse((await guestTab(p.t, table, TABLES)).json()).tab!.id;
      const closed = await staffCall(p.t, owner.token, 'POST', `/staff/tabs/${tabId}/close`, {
        service_fee: true,
        split: { mode: 'even', people: 2 },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const shareId = (await tabOf(p.t, owner.token, tabId)).partes[0]!.id;
      const path = `/bar/v2/tables/${table.id}/tab/shares/${shareId}`;
      const opened = await p.t.app.inject({
        method: 'POST',
        url: `${path}/card/?token=${table.token}`,
        headers: { host: TABLES },
        remoteAddress: nextAddress(),
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const card: TabShareCardReply = tabShareCardReply.parse(opened.json());
      const token = await cardToken(card.card_kit!.public_key, { holder: 'APRO' });
      const [byCard, byCounter] = await Promise.all([
        p.t.app
          .inject({
            method: 'POST',
            url: `${path}/card/${card.id}/token/?token=${table.token}`,
            headers: { host: TABLES },
            remoteAddress: nextAddress(),
            payload: { token, payment_method_id: 'master' },
          })
          .then(counted),
        staffCall(p.t, owner.token, 'POST', `/staff/tabs/${tabId}/shares/${shareId}/paid`, {
          forma_pagamento: 'Dinheiro',
        }).then(counted),
      ]);
      expect([byCard.statusCode, byCounter.statusCode]).not.toContain(500);
      const share = (await tabOf(p.t, owner.token, tabId)).partes[0]!;
      expect(share.pago_em).not.toBeNull();
    }
    await expectLedgerHolds();
  });
});
