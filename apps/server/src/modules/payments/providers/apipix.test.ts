import https from 'node:https';
import { crc16ccitt } from '@comanda/domain';
import { type OutgoingNotification, type Standin, startStandin } from '@comanda/psp-standin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiPixConfig, ApiPixProvider } from './apipix.ts';
import {
  NotificationRefused,
  type PixChargeRequest,
  ProviderError,
  RefundPending,
  RefundRefused,
  type WebhookRegistration,
} from './provider.ts';

const ACCOUNT = { clientId: 'forno-brasa', clientSecret: 'segredo-forno', pixKey: 'pix@fornoebrasa.com.br' };
const WEBHOOK_TOKEN = 'tok3n-da-loja';
const NOTIFICATION_URL = `http://pizzaria.localhost:3000/integracoes/v2/payment/notifications/apipix/${WEBHOOK_TOKEN}`;

let standin: Standin;
/** The stand-in's clock; each adapter gets its own through `now`. */
let pspNow = new Date();
const delivered: OutgoingNotification[] = [];
const providers: ApiPixProvider[] = [];

beforeAll(async () => {
  standin = await startStandin({
    tlsPort: 0,
    now: () => pspNow,
    accounts: { apipix: [ACCOUNT] },
    notifier: {
      transport: async (notification) => {
        delivered.push(notification);
        return 200;
      },
    },
  });
});
afterAll(() => standin?.close());
afterEach(() => {
  pspNow = new Date();
  standin.apiPixDevolucoes({ settleAfterMs: 0, refuse: false });
  vi.restoreAllMocks();
  for (const provider of providers.splice(0)) provider.destroy();
});

function provider(overrides: Partial<ApiPixConfig> = {}): ApiPixProvider {
  const created = new ApiPixProvider({
    baseUrl: `${standin.tlsUrl}/v2`,
    clientId: ACCOUNT.clientId,
    clientSecret: ACCOUNT.clientSecret,
    certPem: standin.pki!.clientCertPem,
    keyPem: standin.pki!.clientKeyPem,
    caPem: standin.pki!.caPem,
    pixKey: ACCOUNT.pixKey,
    webhookToken: WEBHOOK_TOKEN,
    ...overrides,
  });
  providers.push(created);
  return created;
}

let sequence = 0;
const newReference = () => `Pedido${String(++sequence).padStart(20, '0')}`;

const chargeRequest = (overrides: Partial<PixChargeRequest> = {}): PixChargeRequest => ({
  reference: newReference(),
  amount: 1290,
  expiresInSeconds: 300,
  description: 'Pedido 123 - Forno & Brasa',
  payerEmail: 'cliente@example.com',
  notificationUrl: NOTIFICATION_URL,
  ...overrides,
});

const ledger = (reference: string) =>
  standin.context.book.findByReference('apipix', ACCOUNT.clientId, reference)!;

/** The token calls the adapter makes, seen at its HTTPS client. */
function countTokenCalls() {
  const spy = vi.spyOn(https, 'request');
  return () => spy.mock.calls.filter(([url]) => String(url).endsWith('/oauth/token')).length;
}

describe('ApiPixProvider: charges, against the stand-in over mutual TLS', () => {
  it('creates a cob whose BR Code passes its CRC and carries the amount', async () => {
    const request = chargeRequest();
    const charge = await provider().createPixCharge(request);
    expect(charge.providerRef).toBe(request.reference);
    expect(charge.qrPngBase64).toBeNull();
    expect(charge.copyPaste).toContain('540512.90');
    expect(charge.copyPaste.slice(-4)).toBe(crc16ccitt(charge.copyPaste.slice(0, -4)));
  });

  it('answers when the code stops being payable, from the cob’s creation and expiry', async () => {
    const request = chargeRequest();
    const charge = await provider().createPixCharge(request);
    expect(charge.expiresAt.getTime()).toBe(Date.parse(ledger(request.reference).createdAt) + 300_000);
  });

  it('sends the amount as an exact decimal string', async () => {
    const request = chargeRequest({ amount: 100_005 });
    const charge = await provider().createPixCharge(request);
    expect(ledger(request.reference).amount).toBe(100_005);
    expect(charge.copyPaste).toContain('54071000.05');
  });

  it('cuts the description to the standard’s 140 characters', async () => {
    const request = chargeRequest({ description: 'á'.repeat(200) });
    await provider().createPixCharge(request);
    expect(ledger(request.reference).description).toBe('á'.repeat(140));
  });

  it('refuses a reference that is not 26 to 35 letters and digits before calling the PSP', async () => {
    const count = countTokenCalls();
    await expect(provider().createPixCharge(chargeRequest({ reference: 'pedido-123' }))).rejects.toThrow(
      RangeError,
    );
    expect(count()).toBe(0);
  });

  it('reads a cob waiting for its payment as pending', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    expect(await adapter.getCharge(providerRef)).toMatchObject({ status: 'pending', paidAmount: null });
  });

  it('reads a paid cob as paid, with the amount of its Pix in centavos', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    const state = await adapter.getCharge(providerRef);
    expect(state).toMatchObject({ status: 'paid', paidAmount: 1290, detail: 'CONCLUIDA' });
    expect(state.paidAt?.toISOString()).toBe(ledger(providerRef).paidAt);
  });

  it('reads what the payer actually paid, not the cob’s value', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef, 1000);
    expect(await adapter.getCharge(providerRef)).toMatchObject({ status: 'paid', paidAmount: 1000 });
  });

  it('reads a cob the PSP removed after its expiry as expired', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    pspNow = new Date(pspNow.getTime() + 301_000);
    expect(await adapter.getCharge(providerRef)).toMatchObject({
      status: 'expired',
      detail: 'REMOVIDA_PELO_PSP',
    });
  });

  it('reads a cob still ATIVA past its expiry as expired (a PSP that keeps expired cobs)', async () => {
    let now = new Date();
    const adapter = provider({ now: () => now });
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    now = new Date(now.getTime() + 301_000);
    expect(await adapter.getCharge(providerRef)).toMatchObject({
      status: 'expired',
      detail: 'ATIVA, past its expiry',
    });
  });

  it('reads a cob whose payer’s attempt failed as still pending: PIX has no declined charge', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.fail(providerRef);
    expect((await adapter.getCharge(providerRef)).status).toBe('pending');
  });

  it('answers ProviderError 404 for a cob the PSP does not know', async () => {
    const error = await provider()
      .getCharge(newReference())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 404, message: expect.stringContaining('CobNaoEncontrado') });
  });
});

describe('ApiPixProvider: cancel and refund', () => {
  it('cancels a pending cob by removing it', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    expect(await adapter.cancelCharge(providerRef)).toMatchObject({ status: 'canceled' });
    expect(ledger(providerRef).status).toBe('canceled');
  });

  it('answers paid when the payment won the race against the cancel', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    expect(await adapter.cancelCharge(providerRef)).toMatchObject({ status: 'paid', paidAmount: 1290 });
    expect(ledger(providerRef).status).toBe('paid');
  });

  it('answers canceled when the cob was already removed', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    await adapter.cancelCharge(providerRef);
    expect(await adapter.cancelCharge(providerRef)).toMatchObject({ status: 'canceled' });
  });

  it('refunds a paid cob through a devolução of its Pix, and reads it refunded', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    await adapter.refund(providerRef, 1290, 'Estorno0001');
    expect(ledger(providerRef)).toMatchObject({ status: 'refunded', refundedAmount: 1290 });
    expect(await adapter.getCharge(providerRef)).toMatchObject({ status: 'refunded', paidAmount: 1290 });
  });

  it('refunds once when the same refund is asked again', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    await adapter.refund(providerRef, 1290, 'Estorno0002');
    await adapter.refund(providerRef, 1290, 'Estorno0002');
    expect(ledger(providerRef).refundedAmount).toBe(1290);
  });

  it('refuses to refund a cob nobody paid', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    await expect(adapter.refund(providerRef, 1290, 'Estorno0003')).rejects.toBeInstanceOf(ProviderError);
  });

  it('answers ProviderError when the PSP refuses the refund', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    await expect(adapter.refund(providerRef, 1291, 'Estorno0004')).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('PixDevolucaoInvalida'),
    });
  });
});

describe('ApiPixProvider: authentication', () => {
  it('answers ProviderError 401 for a wrong client secret', async () => {
    const error = await provider({ clientSecret: 'errado' })
      .createPixCharge(chargeRequest())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 401 });
    expect((error as Error).message).not.toContain('errado');
  });

  it('answers ProviderError when the PSP refuses the handshake of a store without a certificate', async () => {
    const error = await provider({ certPem: '', keyPem: '' })
      .getCharge(newReference())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: null, message: expect.stringContaining('failed') });
  });

  it('refuses a PSP whose certificate does not chain to the configured CA', async () => {
    const error = await provider({ caPem: null })
      .getCharge(newReference())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: null });
  });

  it('reuses its token across calls', async () => {
    const adapter = provider();
    const count = countTokenCalls();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    await adapter.getCharge(providerRef);
    await adapter.cancelCharge(providerRef);
    expect(count()).toBe(1);
  });

  it('asks for a new token shortly before the old one expires', async () => {
    let now = new Date();
    const adapter = provider({ now: () => now });
    const count = countTokenCalls();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    now = new Date(now.getTime() + 3550_000);
    await adapter.getCharge(providerRef);
    expect(count()).toBe(2);
  });

  it('asks for a new token once when the PSP no longer takes the one it has', async () => {
    const adapter = provider();
    const count = countTokenCalls();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    pspNow = new Date(pspNow.getTime() + 3601_000);
    expect((await adapter.getCharge(providerRef)).status).toBe('expired');
    expect(count()).toBe(2);
  });
});

describe('ApiPixProvider: notifications', () => {
  const input = (body: unknown, token: string | null = WEBHOOK_TOKEN) => ({
    rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    headers: { 'content-type': 'application/json' },
    query: token === null ? {} : { token },
  });
  const pix = (overrides: Record<string, unknown> = {}) => ({
    endToEndId: 'E12345678202605051500abcdefghijk',
    txid: 'Pedido00000000000000000001',
    valor: '12.90',
    horario: '2026-05-05T15:00:00.000Z',
    ...overrides,
  });
  const at = new Date('2026-05-05T15:00:01Z');

  it('registers the webhook with its token, and the PSP’s callback verifies', async () => {
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    await standin.context.notifier.settled();
    const callback = delivered.find((notification) => notification.body.includes(providerRef))!;
    // {webhookUrl}/pix, appended as text (openapi.yaml 2.9.0, line 2048): nothing after it.
    expect(callback.url).toBe(`${NOTIFICATION_URL}/pix`);
    const url = new URL(callback.url);
    const verified = adapter.verifyNotification(
      {
        rawBody: Buffer.from(callback.body),
        headers: callback.headers,
        query: Object.fromEntries(url.searchParams),
        // As the route reads it: …/apipix/<token>/pix.
        pathToken: decodeURIComponent(url.pathname.split('/').at(-2)!),
      },
      new Date(),
    );
    expect(verified.providerRefs).toEqual([providerRef]);
    expect(verified.claimedAmounts.get(providerRef)).toBe(1290);
  });

  it('names the txids and the amounts each Pix claims', () => {
    const verified = provider().verifyNotification(input({ pix: [pix()] }), at);
    expect(verified).toEqual({
      eventId: 'E12345678202605051500abcdefghijk',
      providerRefs: ['Pedido00000000000000000001'],
      claimedAmounts: new Map([['Pedido00000000000000000001', 1290]]),
    });
  });

  it('reads claimed amounts from decimal strings exactly', () => {
    const verified = provider().verifyNotification(
      input({
        pix: [
          pix({ valor: '0.29' }),
          pix({
            endToEndId: 'E12345678202605051500abcdefghijl',
            txid: 'Pedido00000000000000000002',
            valor: '1234567.89',
          }),
        ],
      }),
      at,
    );
    expect(verified.claimedAmounts.get('Pedido00000000000000000001')).toBe(29);
    expect(verified.claimedAmounts.get('Pedido00000000000000000002')).toBe(123_456_789);
  });

  it('gives a replayed notification the same event id, whatever the order of its Pix', () => {
    const second = pix({
      endToEndId: 'E00000000202605051500abcdefghijk',
      txid: 'Pedido00000000000000000002',
    });
    const adapter = provider();
    const once = adapter.verifyNotification(input({ pix: [pix(), second] }), at);
    const again = adapter.verifyNotification(input({ pix: [second, pix()] }), at);
    expect(again.eventId).toBe(once.eventId);
  });

  it('gives a devolução’s callback an event id of its own', () => {
    const adapter = provider();
    const paid = adapter.verifyNotification(input({ pix: [pix()] }), at);
    const refunded = adapter.verifyNotification(
      input({ pix: [pix({ devolucoes: [{ id: 'Estorno0001', status: 'DEVOLVIDO', valor: '12.90' }] })] }),
      at,
    );
    expect(refunded.eventId).not.toBe(paid.eventId);
  });

  it('refuses a notification without the token', () => {
    expect(() => provider().verifyNotification(input({ pix: [pix()] }, null), at)).toThrow(
      NotificationRefused,
    );
  });

  it('refuses a notification with another token', () => {
    expect(() => provider().verifyNotification(input({ pix: [pix()] }, 'outro'), at)).toThrow(
      NotificationRefused,
    );
  });

  it('refuses a body that is not JSON', () => {
    expect(() => provider().verifyNotification(input('pix=1'), at)).toThrow(NotificationRefused);
  });

  it('refuses a body whose pix is not a list', () => {
    expect(() => provider().verifyNotification(input({ pix: pix() }), at)).toThrow(NotificationRefused);
  });

  it('answers the PSP’s registration probe (a body without pix, as Efí posts) naming no charge', () => {
    const probe = provider().verifyNotification(input({ evento: 'teste_webhook' }), at);
    expect(probe.providerRefs).toEqual([]);
    expect(probe.eventId).toMatch(/^probe:[0-9a-f]{32}$/);
    expect(() => provider().verifyNotification(input({ evento: 'teste_webhook' }, 'wrong'), at)).toThrow(
      NotificationRefused,
    );
  });

  it('takes the token from the URL’s path, and still from ?token= (URLs registered before)', () => {
    const body = { pix: [pix()] };
    const byPath = { ...input(body, null), pathToken: WEBHOOK_TOKEN };
    expect(provider().verifyNotification(byPath, at).providerRefs).toEqual(['Pedido00000000000000000001']);
    expect(provider().verifyNotification(input(body), at).providerRefs).toEqual([
      'Pedido00000000000000000001',
    ]);
    expect(() => provider().verifyNotification({ ...input(body, null), pathToken: 'wrong' }, at)).toThrow(
      NotificationRefused,
    );
  });

  it('takes a batch whose other Pix have txids of 1 to 35 characters (grouped per key), naming ours', () => {
    const verified = provider().verifyNotification(
      input({
        pix: [
          pix(),
          pix({ endToEndId: 'E12345678202605051500abcdefghijl', txid: 'MESA7' }),
          pix({ endToEndId: 'E12345678202605051500abcdefghijm', txid: undefined }),
        ],
      }),
      at,
    );
    expect(verified.providerRefs).toEqual(['Pedido00000000000000000001']);
    expect(() => provider().verifyNotification(input({ pix: [pix({ txid: 'x'.repeat(36) })] }), at)).toThrow(
      NotificationRefused,
    );
  });

  it('refuses a Pix whose valor is not a decimal with two places', () => {
    expect(() => provider().verifyNotification(input({ pix: [pix({ valor: 12.9 })] }), at)).toThrow(
      NotificationRefused,
    );
  });
});

describe('ApiPixProvider: devoluções in processing and refused', () => {
  it('counts a devolução done only once DEVOLVIDO: EM_PROCESSAMENTO is asked again by the same id', async () => {
    standin.apiPixDevolucoes({ settleAfterMs: 60_000 });
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    await expect(adapter.refund(providerRef, 1290, 'Estorno0101')).rejects.toBeInstanceOf(RefundPending);
    expect(ledger(providerRef)).toMatchObject({ status: 'paid', refundedAmount: 0 });
    expect((await adapter.getCharge(providerRef)).status).toBe('paid');
    pspNow = new Date(pspNow.getTime() + 61_000);
    await adapter.refund(providerRef, 1290, 'Estorno0101');
    expect(ledger(providerRef)).toMatchObject({ status: 'refunded', refundedAmount: 1290 });
    expect((await adapter.getCharge(providerRef)).status).toBe('refunded');
  });

  it('reports a devolução NAO_REALIZADO as refused for good, and the callback tells it', async () => {
    standin.apiPixDevolucoes({ refuse: true });
    const adapter = provider();
    const { providerRef } = await adapter.createPixCharge(chargeRequest());
    standin.pay(providerRef);
    await standin.context.notifier.settled();
    const before = delivered.length;
    const refused = await adapter.refund(providerRef, 1290, 'Estorno0102').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefundRefused);
    expect((refused as Error).message).toMatch(/NAO_REALIZADO/);
    // Asked again, the same id answers the same refusal: nothing is counted given back.
    await expect(adapter.refund(providerRef, 1290, 'Estorno0102')).rejects.toBeInstanceOf(RefundRefused);
    expect((await adapter.getCharge(providerRef)).status).toBe('paid');
    await standin.context.notifier.settled();
    const callback = delivered.slice(before).find((notification) => notification.body.includes(providerRef));
    expect(JSON.parse(callback!.body).pix[0].devolucoes[0]).toMatchObject({
      id: 'Estorno0102',
      status: 'NAO_REALIZADO',
    });
  });
});

describe('ApiPixProvider: the webhook registration', () => {
  it('reports a registration the PSP refused (not swallowed), and one it took', async () => {
    const outcomes: WebhookRegistration[] = [];
    const refused = provider({
      pixKey: 'chave@de.outra.loja',
      onWebhookRegistration: (o) => void outcomes.push(o),
    });
    const outcome = await refused.registerWebhook(NOTIFICATION_URL);
    expect(outcome).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/PUT \/webhook answered 400.*WebhookOperacaoInvalida/),
    });
    // The secret part of the URL is never shown.
    expect(outcome.url).toBe(NOTIFICATION_URL.replace(WEBHOOK_TOKEN, '…'));
    expect(outcomes).toEqual([outcome]);
    const taken = provider({ onWebhookRegistration: (o) => void outcomes.push(o) });
    expect(await taken.registerWebhook(NOTIFICATION_URL)).toMatchObject({ ok: true, detail: null });
    expect(outcomes).toHaveLength(2);
  });

  it('refuses to register a URL with a query (the PSP appends /pix to it as text)', async () => {
    await expect(provider().registerWebhook(`${NOTIFICATION_URL}?token=x`)).rejects.toBeInstanceOf(
      RangeError,
    );
  });

  it('asks its token at the token URL the store set (Inter’s /oauth/v2/token)', async () => {
    const calls = countTokenCalls();
    const adapter = provider({ tokenUrl: `${new URL(standin.tlsUrl!).origin}/oauth/v2/token` });
    // The stand-in answers the token call at /oauth/token only: the store's URL is the one asked.
    await expect(adapter.getCharge(newReference())).rejects.toThrow(
      /oauth\/v2\/token|POST \/oauth\/token answered 404/,
    );
    expect(calls()).toBe(0);
  });
});

describe('ApiPixProvider: listCharges (reconciliation)', () => {
  it('lists the period’s cobs, paid, pending and refunded, over more than one page of GET /cob', async () => {
    const start = new Date('2031-03-01T12:00:00.000Z').getTime();
    const adapter = provider({ now: () => pspNow });
    const refs: string[] = [];
    for (let n = 0; n < 103; n++) {
      pspNow = new Date(start + n * 1000);
      refs.push((await adapter.createPixCharge(chargeRequest({ amount: 1000 + n }))).providerRef);
    }
    pspNow = new Date(start + 200_000);
    standin.pay(refs[1]!);
    standin.pay(refs[2]!);
    await adapter.refund(refs[2]!, 1002, 'Estorno0201');
    const listed = await adapter.listCharges({ from: new Date(start + 1000), to: new Date(start + 102_000) });
    expect(listed.map((charge) => charge.providerRef)).toEqual(refs.slice(1, 102));
    expect(listed[0]).toEqual({
      providerRef: refs[1],
      reference: refs[1],
      status: 'paid',
      amount: 1001,
      paidAmount: 1001,
      refundedAmount: 0,
      createdAt: new Date(start + 1000),
    });
    expect(listed[1]).toMatchObject({ status: 'refunded', paidAmount: 1002, refundedAmount: 1002 });
    expect(listed[2]).toMatchObject({ status: 'pending', paidAmount: null, refundedAmount: 0 });
  });
});
