import {
  editorDocumentReply,
  fullProduct,
  STORE_STATE_PATH,
  type StoreState,
  storeState,
} from '@comanda/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type StaffSignedIn,
  signInStaff,
} from '../../test/accounts.ts';
import { loadFullProduct, productIdOf } from '../../test/orders.ts';
import { buildSecondTestApp, type TestApp } from '../../test/test-app.ts';
import type { ExportedDocument } from '../store-import/index.ts';
import { STORE_STATE_CACHE_CONTROL, STORE_STATE_MAX_AGE_MS } from './store-state.ts';

/*
 * What an open storefront follows (issue 32 item 6, docs/decisions/0050): every kind of change a
 * customer must see raises the store's menu version or changes its open state, as the state call
 * answers it, on the instance that made the change at once and on another within STORE_STATE_MAX_AGE_MS.
 */

// A Tuesday at noon in São Paulo: both demo stores are open.
const TUESDAY_NOON = new Date('2026-05-05T12:00:00-03:00');
const MINUTE = 60_000;

let t: TestApp;
let owner: StaffSignedIn;
beforeAll(async () => {
  t = await buildAccountsTestApp({ now: TUESDAY_NOON });
  owner = await signInStaff(t, { name: 'Ana Lima' });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  t.setNow(TUESDAY_NOON);
  await staffCall('PUT', '/staff/store/mode', { mode: 'auto' });
  await staffCall('DELETE', '/staff/store/pause');
});

async function staffCall(method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { host: PIZZARIA, ...bearer(owner.token) },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

async function stateOf(app = t, host = PIZZARIA): Promise<StoreState> {
  const response = await app.app.inject({
    method: 'GET',
    url: `${STORE_STATE_PATH}?format=json`,
    headers: { host },
  });
  expect(response.statusCode, response.body).toBe(200);
  return storeState.parse(response.json());
}

/** Saves one editor section from the current document, `change` editing its copy. */
async function saveSection(section: string, change: (doc: ExportedDocument) => void) {
  const read = await t.app.inject({
    method: 'GET',
    url: '/staff/editor/document',
    headers: { host: PIZZARIA, ...bearer(owner.token) },
  });
  const current = editorDocumentReply.parse(read.json());
  const doc = structuredClone(current.document) as unknown as ExportedDocument;
  change(doc);
  const body: Record<string, unknown> = {};
  for (const path of current.sections[section as keyof typeof current.sections]) {
    const [head, key] = path.split('.') as [keyof ExportedDocument, string?];
    if (key === undefined) body[head] = doc[head];
    else {
      body.settings ??= {};
      (body.settings as Record<string, unknown>)[key] = (doc.settings as Record<string, unknown>)[key];
    }
  }
  const response = await t.app.inject({
    method: 'PUT',
    url: `/staff/editor/sections/${section}`,
    headers: { host: PIZZARIA, ...bearer(owner.token), 'if-match': String(current.menu_version) },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /core/v2/store/state', () => {
  it('answers the version and open state, briefly cacheable, 304 for its ETag', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${STORE_STATE_PATH}?format=json`,
      headers: { host: PIZZARIA },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(STORE_STATE_CACHE_CONTROL);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(storeState.parse(response.json()).loja_aberta).toBe(true);
    expect(response.body.length).toBeLessThan(60);

    const again = await t.app.inject({
      method: 'GET',
      url: STORE_STATE_PATH,
      headers: { host: PIZZARIA, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses a query it does not know (400), changing nothing', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${STORE_STATE_PATH}?format=xml`,
      headers: { host: PIZZARIA },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('every change an open storefront must show is signalled', () => {
  const burger = () => productIdOf(t, 'burger-classico');

  it.each([
    [
      'a product sold out',
      async () => staffCall('PUT', `/staff/menu/products/${await burger()}/sold-out`, { sold_out: true }),
    ],
    [
      'a product back',
      async () => staffCall('PUT', `/staff/menu/products/${await burger()}/sold-out`, { sold_out: false }),
    ],
    [
      'an option item sold out',
      async () => {
        const product = fullProduct.parse(await loadFullProduct(t, await burger()));
        const item = product.grupos
          .flatMap((g) => g.grupo.lista_itens)
          .find((i) => i.descricao === 'Ao ponto')!;
        await staffCall('PUT', `/staff/menu/option-items/${item.id}/sold-out`, { sold_out: true });
        await staffCall('PUT', `/staff/menu/option-items/${item.id}/sold-out`, { sold_out: false });
      },
    ],
    [
      'scheduling switched on',
      () =>
        saveSection('scheduling', (doc) => {
          doc.settings.agendamento_ativo = !doc.settings.agendamento_ativo;
        }),
    ],
    [
      'a menu edit',
      () =>
        saveSection('menu', (doc) => {
          doc.categories[0]!.products[0]!.valor_venda += 10;
        }),
    ],
    [
      'the opening hours',
      () =>
        saveSection('hours', (doc) => {
          doc.hours[0]!.hr_fim = doc.hours[0]!.hr_fim === '23:58' ? '23:59' : '23:58';
        }),
    ],
  ])('%s raises the version at once', async (_name, change) => {
    const before = await stateOf();
    await change();
    const after = await stateOf();
    expect(after.menu_version).toBeGreaterThan(before.menu_version);
  });

  it('a pause closes the store and raises the version; resuming opens it', async () => {
    const before = await stateOf();
    await staffCall('POST', '/staff/store/pause', { minutes: 20, reason: 'Cozinha cheia' });
    const paused = await stateOf();
    expect(paused).toEqual({ menu_version: before.menu_version + 1, loja_aberta: false });
    await staffCall('DELETE', '/staff/store/pause');
    expect(await stateOf()).toEqual({ menu_version: before.menu_version + 2, loja_aberta: true });
  });

  it('closing and opening now change the open state and the version', async () => {
    const before = await stateOf();
    await staffCall('PUT', '/staff/store/mode', { mode: 'closed' });
    expect(await stateOf()).toEqual({ menu_version: before.menu_version + 1, loja_aberta: false });
    await staffCall('PUT', '/staff/store/mode', { mode: 'open' });
    expect(await stateOf()).toEqual({ menu_version: before.menu_version + 2, loja_aberta: true });
  });

  it('a pause that ends by the clock opens the store with no write', async () => {
    await staffCall('POST', '/staff/store/pause', { minutes: 5 });
    const paused = await stateOf();
    expect(paused.loja_aberta).toBe(false);
    t.setNow(new Date(TUESDAY_NOON.getTime() + 6 * MINUTE));
    // This instance's copy lives STORE_STATE_MAX_AGE_MS.
    await new Promise((resolve) => setTimeout(resolve, STORE_STATE_MAX_AGE_MS + 50));
    expect(await stateOf()).toEqual({ menu_version: paused.menu_version, loja_aberta: true });
  });

  it('another instance on the same database shows a change once its copy expires', async () => {
    const second = await buildSecondTestApp(t, { now: TUESDAY_NOON });
    try {
      const before = await stateOf(second);
      await staffCall('PUT', `/staff/menu/products/${await burger()}/sold-out`, { sold_out: true });
      await staffCall('PUT', `/staff/menu/products/${await burger()}/sold-out`, { sold_out: false });
      await new Promise((resolve) => setTimeout(resolve, STORE_STATE_MAX_AGE_MS + 50));
      expect((await stateOf(second)).menu_version).toBe(before.menu_version + 2);
    } finally {
      await second.close();
    }
  });

  it('a change of another store leaves this one as it was', async () => {
    const sakuraOwner = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato' });
    const before = await stateOf();
    const response = await t.app.inject({
      method: 'POST',
      url: '/staff/store/pause',
      headers: { host: SAKURA, ...bearer(sakuraOwner.token) },
      payload: { minutes: 10 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stateOf()).toEqual(before);
    expect((await stateOf(t, SAKURA)).loja_aberta).toBe(false);
    await t.app.inject({
      method: 'DELETE',
      url: '/staff/store/pause',
      headers: { host: SAKURA, ...bearer(sakuraOwner.token) },
    });
  });
});
