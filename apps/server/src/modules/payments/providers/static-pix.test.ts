import { checkBrCode, parseBrCode } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import { NotificationRefused, type PixChargeRequest, ProviderError } from './provider.ts';
import { type StaticPixConfig, StaticPixProvider } from './static-pix.ts';

const NOW = new Date('2026-05-04T21:00:00.000Z');

const provider = (config: Partial<StaticPixConfig> = {}) =>
  new StaticPixProvider(
    { pixKey: '12345678000195', merchantName: 'Forno & Brasa', merchantCity: 'São Paulo', ...config },
    () => NOW,
  );

const chargeRequest = (overrides: Partial<PixChargeRequest> = {}): PixChargeRequest => ({
  reference: 'CMD7Q2X9K4M8P1R6T3V5W0Y2Z4B6',
  amount: 4590,
  expiresInSeconds: 300,
  description: 'Pedido 123 - Forno & Brasa',
  payerEmail: 'cliente@example.com',
  notificationUrl: 'https://pizzaria.comanda.app/integracoes/v2/payment/notify/static_pix',
  ...overrides,
});

describe('the static PIX key provider', () => {
  it("charges the order total to the store's key with a BR Code that passes the check", async () => {
    const charge = await provider().createPixCharge(chargeRequest({ amount: 4590 }));
    expect(checkBrCode(charge.copyPaste, { amount: 4590, key: '12345678000195' }).ok).toBe(true);
  });

  it("uses the reference's first 25 characters as the txid and the provider reference", async () => {
    const charge = await provider().createPixCharge(
      chargeRequest({ reference: 'CMD7Q2X9K4M8P1R6T3V5W0Y2Z4B6' }),
    );
    const parsed = parseBrCode(charge.copyPaste);
    expect(parsed.ok && parsed.fields.txid).toBe('CMD7Q2X9K4M8P1R6T3V5W0Y2Z');
    expect(charge.providerRef).toBe('CMD7Q2X9K4M8P1R6T3V5W0Y2Z');
  });

  it("writes the store's name and city without accents, cut to 25 and 15 characters", async () => {
    const charge = await provider({
      merchantName: 'Pizzaria Forno & Brasa do Centro',
      merchantCity: 'São José dos Campos',
    }).createPixCharge(chargeRequest());
    const parsed = parseBrCode(charge.copyPaste);
    expect(parsed.ok && [parsed.fields.merchantName, parsed.fields.merchantCity]).toEqual([
      'Pizzaria Forno & Brasa do',
      'Sao Jose dos Ca',
    ]);
  });

  it('gives no QR image: we draw it from the BR Code', async () => {
    expect((await provider().createPixCharge(chargeRequest())).qrPngBase64).toBeNull();
  });

  it('expires the charge expiresInSeconds after now', async () => {
    const charge = await provider().createPixCharge(chargeRequest({ expiresInSeconds: 300 }));
    expect(charge.expiresAt.toISOString()).toBe('2026-05-04T21:05:00.000Z');
  });

  it('fails as a provider error when the key cannot go into a BR Code', async () => {
    await expect(
      provider({ pixKey: 'x'.repeat(78) }).createPixCharge(chargeRequest()),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('fails as a provider error when the store has no name to print', async () => {
    await expect(provider({ merchantName: '***' }).createPixCharge(chargeRequest())).rejects.toBeInstanceOf(
      ProviderError,
    );
  });

  it('neither notifies nor refunds', () => {
    expect([provider().kind, provider().notifies, provider().refunds]).toEqual(['static_pix', false, false]);
  });

  it('reads every charge as pending: the store confirms receipt by hand', async () => {
    expect(await provider().getCharge('CMD7Q2X9K4M8P1R6T3V5W0Y2Z')).toMatchObject({
      status: 'pending',
      paidAmount: null,
      paidAt: null,
    });
  });

  it('cancels a charge to canceled', async () => {
    expect((await provider().cancelCharge('CMD7Q2X9K4M8P1R6T3V5W0Y2Z')).status).toBe('canceled');
  });

  it('refuses to refund: a static key cannot give money back', async () => {
    const refund = provider().refund('CMD7Q2X9K4M8P1R6T3V5W0Y2Z', 4590, 'REFUND1');
    await expect(refund).rejects.toBeInstanceOf(ProviderError);
    await expect(refund).rejects.toThrow(/static PIX key cannot refund/);
  });

  it('refuses every notification', () => {
    const notification = { rawBody: Buffer.from('{}'), headers: {}, query: {} };
    expect(() => provider().verifyNotification(notification, NOW)).toThrow(NotificationRefused);
  });
});
