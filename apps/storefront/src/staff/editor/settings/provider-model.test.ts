import type { StaffPaymentProviderReply } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { initialValues, keptValue, missingFields, providerPayload } from './provider-model.ts';

const mercadoPago: StaffPaymentProviderReply = {
  provider: 'mercadopago',
  settings: { base_url: 'https://api.mercadopago.com', public_key: null },
  secrets_set: ['access_token', 'webhook_secret'],
  updated_at: '2026-11-28T12:00:00.000Z',
};

describe('the payment provider form (docs/decisions/0063)', () => {
  it('starts from the settings shown, never a secret', () => {
    expect(initialValues(mercadoPago, 'mercadopago')).toEqual({
      access_token: '',
      webhook_secret: '',
      public_key: '',
      base_url: 'https://api.mercadopago.com',
    });
    expect(initialValues(mercadoPago, 'stripe')).toEqual({
      secret_key: '',
      webhook_secret: '',
      publishable_key: '',
      api_url: '',
    });
  });

  it('keeps a secret left empty only while the provider stays the same', () => {
    expect(keptValue(mercadoPago, 'mercadopago', 'access_token')).toBe(true);
    expect(keptValue(mercadoPago, 'stripe', 'webhook_secret')).toBe(false);
    expect(missingFields('mercadopago', initialValues(mercadoPago, 'mercadopago'), mercadoPago)).toEqual([]);
    expect(missingFields('stripe', initialValues(mercadoPago, 'stripe'), mercadoPago)).toEqual([
      'secret_key',
      'webhook_secret',
    ]);
    expect(
      missingFields(
        'static_pix',
        { pix_key: 'loja@x.com', merchant_name: ' ', merchant_city: 'Recife' },
        null,
      ),
    ).toEqual(['merchant_name']);
  });

  it('sends only what was typed, trimmed', () => {
    expect(
      providerPayload('stripe', {
        secret_key: ' sk_test_1 ',
        webhook_secret: '',
        publishable_key: '',
        api_url: '',
      }),
    ).toEqual({ provider: 'stripe', settings: { secret_key: 'sk_test_1' } });
  });
});
