import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePaymentProviders } from '../../db/schema.ts';
import { storeIdOf } from '../../test/orders.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { openSecrets, parseSecretsKey, SecretsKeyError, sealSecrets } from './secrets.ts';

const KEY = Buffer.alloc(32, 1);

describe('payment secrets at rest', () => {
  it('open with the key and the store they were sealed for, only', () => {
    const box = sealSecrets(KEY, 3, { access_token: 'APP_USR-123' });
    expect(openSecrets(KEY, 3, box)).toEqual({ access_token: 'APP_USR-123' });
    expect(() => openSecrets(Buffer.alloc(32, 2), 3, box)).toThrow(SecretsKeyError);
    expect(() => openSecrets(KEY, 4, box)).toThrow(SecretsKeyError);
  });

  it('never seal the same secret to the same text twice (a fresh nonce each time)', () => {
    expect(sealSecrets(KEY, 3, { a: 'b' })).not.toBe(sealSecrets(KEY, 3, { a: 'b' }));
  });

  it('take a 32-byte key in base64 or hex, and refuse any other length', () => {
    expect(parseSecretsKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseSecretsKey(KEY.toString('hex'))).toEqual(KEY);
    expect(() => parseSecretsKey('c2hvcnQ=')).toThrow(SecretsKeyError);
  });
});

describe('a store’s provider credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoStores: ['pizzaria.json'] });
  });
  afterAll(() => t.close());

  it('are kept sealed: the access token and the webhook secret are nowhere in the row', async () => {
    const storeId = await storeIdOf(t, 'pizzaria.localhost');
    const [row] = await t.database.db
      .select()
      .from(storePaymentProviders)
      .where(eq(storePaymentProviders.storeId, storeId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('TEST-comanda-demo-pizzaria-0001');
    expect(stored).not.toContain('comanda-demo-webhook-secret-pizzaria');
    expect(row!.settings).toEqual({ provider: 'mercadopago', base_url: 'standin', public_key: null });
  });

  it('are in no reply of the store’s public calls', async () => {
    for (const url of [
      '/core/empresa_personal_app',
      '/financeiro/formas_pagamento_app',
      '/core/get_app_manifest',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'pizzaria.localhost' } });
      expect(response.body).not.toContain('TEST-comanda-demo-pizzaria-0001');
      expect(response.body).not.toContain('webhook-secret');
    }
  });
});
