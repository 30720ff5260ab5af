import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, coupons, optionGroups, storePaymentProviders } from '../../db/schema.ts';
import { PIZZARIA, SAKURA } from '../../test/accounts.ts';
import { storeIdOf } from '../../test/orders.ts';
import { menuReplies, storeRows } from '../../test/store-state.ts';
import { buildTestApp, TEST_PAYMENT_SECRETS_KEY, type TestApp } from '../../test/test-app.ts';
import { readDemoStore } from './demo-stores.ts';
import { parseStoreDocument, type StoreDocument } from './document.ts';
import { exportStore, storeTimeIso } from './export.ts';
import { importStore } from './service.ts';

/*
 * The export (docs/decisions/0032): a store's rows back as its document, such that importing the
 * export gives the same store: the same rows with the same ids, and the same bytes on every menu
 * call. The payment provider's secrets never leave the database.
 */

// A Tuesday at noon in São Paulo: both demo stores are open.
const NOW = new Date('2026-05-05T12:00:00-03:00');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
});
afterAll(async () => {
  await t.close();
});

async function exported(host: string) {
  const result = await exportStore(t.database.db, await storeIdOf(t, host));
  if (!result) throw new Error(`no store at ${host}`);
  return result;
}

/** What the export leaves out of a document: the provider (kept) and the open/closed mode. */
function withoutKept(doc: StoreDocument) {
  const { payment_provider: _provider, ...rest } = doc;
  const { pausada: _pausada, ...settings } = doc.settings;
  return { ...rest, settings };
}

describe.each([
  ['pizzaria.json', PIZZARIA],
  ['sakura.json', SAKURA],
])('exporting %s', (file, host) => {
  it('gives back the demo document, defaults written out', async () => {
    const { document, extras } = await exported(host);
    expect(parseStoreDocument(document)).toEqual(withoutKept(readDemoStore(file)));
    expect(extras.paymentProvider).toBe(readDemoStore(file).payment_provider?.provider ?? null);
  });

  it('imports back to the same rows, ids and menu replies (export → import → export is a fixed point)', async () => {
    const storeId = await storeIdOf(t, host);
    const rowsBefore = await storeRows(t, storeId);
    const repliesBefore = await menuReplies(t, host);
    const { document } = await exported(host);

    const result = await importStore(t.database.db, parseStoreDocument(document), {
      paymentSecretsKey: TEST_PAYMENT_SECRETS_KEY,
    });
    expect(result).toMatchObject({ storeId, created: false });

    expect(await storeRows(t, storeId)).toEqual(rowsBefore);
    expect(await menuReplies(t, host)).toEqual(repliesBefore);
    expect((await exported(host)).document).toEqual(document);
  });

  it('never carries the payment provider’s secrets', async () => {
    const text = JSON.stringify((await exported(host)).document);
    const provider = readDemoStore(file).payment_provider!;
    for (const secret of Object.values(provider).filter((value) => typeof value === 'string'))
      if (secret.length > 12) expect(text).not.toContain(secret);
    expect(text).not.toContain('payment_provider');
  });
});

describe('what the export keeps out stays as the store has it', () => {
  it('a store the staff closed or paused stays so when its export is imported', async () => {
    const storeId = await storeIdOf(t, PIZZARIA);
    const until = new Date(NOW.getTime() + 30 * 60_000);
    await t.database.db
      .update(companySettings)
      .set({ openMode: 'closed', pausedUntil: until, pauseReason: 'Forno em manutenção' })
      .where(eq(companySettings.storeId, storeId));
    await importStore(t.database.db, parseStoreDocument((await exported(PIZZARIA)).document));
    const [row] = await t.database.db
      .select()
      .from(companySettings)
      .where(eq(companySettings.storeId, storeId));
    expect(row).toMatchObject({ openMode: 'closed', pausedUntil: until, pauseReason: 'Forno em manutenção' });
    // A document that says pausada still decides, as before.
    const { document } = await exported(PIZZARIA);
    await importStore(
      t.database.db,
      parseStoreDocument({ ...document, settings: { ...document.settings, pausada: false } }),
    );
    const [reopened] = await t.database.db
      .select()
      .from(companySettings)
      .where(eq(companySettings.storeId, storeId));
    expect(reopened).toMatchObject({ openMode: 'auto', pausedUntil: null, pauseReason: null });
  });

  it('the provider stays, its sealed secrets and notification token untouched; null removes it', async () => {
    const storeId = await storeIdOf(t, SAKURA);
    const read = () =>
      t.database.db.select().from(storePaymentProviders).where(eq(storePaymentProviders.storeId, storeId));
    const [before] = await read();
    await importStore(t.database.db, parseStoreDocument((await exported(SAKURA)).document));
    expect((await read())[0]).toEqual(before);
    const { document } = await exported(SAKURA);
    await importStore(t.database.db, parseStoreDocument({ ...document, payment_provider: null }));
    expect(await read()).toEqual([]);
    expect((await exported(SAKURA)).extras.paymentProvider).toBeNull();
    await importStore(t.database.db, readDemoStore('sakura.json'), {
      paymentSecretsKey: TEST_PAYMENT_SECRETS_KEY,
    });
  });

  it('an option group or a coupon the document stopped naming is retired, not exported again', async () => {
    const storeId = await storeIdOf(t, PIZZARIA);
    const { document } = await exported(PIZZARIA);
    const extra = { ref: 'embalagem', descricao: 'Embalagem', items: [{ ref: 'caixa', descricao: 'Caixa' }] };
    await importStore(
      t.database.db,
      parseStoreDocument({ ...document, option_groups: [...document.option_groups, extra] }),
    );
    expect((await exported(PIZZARIA)).document.option_groups.map((g) => g.ref)).toContain('embalagem');
    await importStore(
      t.database.db,
      parseStoreDocument({ ...document, coupons: document.coupons.filter((c) => c.code !== 'ENTREGA5') }),
    );
    const again = (await exported(PIZZARIA)).document;
    expect(again.option_groups.map((g) => g.ref)).not.toContain('embalagem');
    expect(again.coupons.map((c) => c.code)).toEqual(['BEMVINDO10', 'PRIMEIRA15']);
    const [group] = await t.database.db.select().from(optionGroups).where(eq(optionGroups.ref, 'embalagem'));
    expect(group).toMatchObject({ storeId, excluido: true });
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'ENTREGA5'));
    expect(coupon).toMatchObject({ ativo: false, excluido: true });
    await importStore(t.database.db, parseStoreDocument(document));
    expect((await exported(PIZZARIA)).document.coupons.map((c) => c.code)).toContain('ENTREGA5');
  });
});

describe('storeTimeIso', () => {
  it('writes an instant in the store’s time zone, as the document takes it', () => {
    const saoPaulo = 'America/Sao_Paulo';
    expect(storeTimeIso(new Date('2026-12-31T23:59:59-03:00'), saoPaulo)).toBe('2026-12-31T23:59:59-03:00');
    expect(storeTimeIso(new Date('2027-01-01T02:59:59.250Z'), saoPaulo)).toBe(
      '2026-12-31T23:59:59.250-03:00',
    );
    expect(storeTimeIso(new Date('2027-01-01T02:59:59Z'), 'America/Manaus')).toBe(
      '2026-12-31T22:59:59-04:00',
    );
  });
});
