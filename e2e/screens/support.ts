import { readdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { submission } from '../../apps/server/src/test/submission.ts';
import { STAFF_PASSWORD, STAFF_PHONES } from '../support/staff-account.ts';
import { SCREENS_PORT, SCREENS_TIME } from './screens.config.ts';

export { expect, test };

export type Store = 'pizzaria' | 'sakura';
export type Mode = 'light' | 'dark';
export type Language = 'pt_br' | 'en';

export const STORES: readonly Store[] = ['pizzaria', 'sakura'];
export const MODES: readonly Mode[] = ['light', 'dark'];

/** The bare app shell (what the service worker falls back to), as the runner fetches it. */
export const shellUrl = (store: Store) => ({ url: `${api()}/index.html`, headers: storeHost(store) });

/** A store's page on the suite's server, or on another one of its servers (`port`). */
export const storeUrl = (store: Store, path = '/', port = SCREENS_PORT) =>
  `http://${store}.localhost:${port}${path}`;
/** The API from the test runner: Node does not resolve *.localhost, so the store goes in the Host header. */
const api = (port = SCREENS_PORT) => `http://127.0.0.1:${port}`;
const storeHost = (store: Store, port = SCREENS_PORT) => ({ host: `${store}.localhost:${port}` });
export const SCREENS_API = api();
export const storeHostHeaders = (store: Store) => storeHost(store);

/** Per store: a product without choices, one with variants, one whose choices come in steps. */
export const PRODUCTS: Record<
  Store,
  { simple: RegExp; variants: RegExp; steps: RegExp; search: Record<string, string> }
> = {
  pizzaria: {
    simple: /Guaraná Antarctica lata 350 ml/,
    variants: /^Pizza Meio a Meio/,
    steps: /Monte seu açaí/,
    search: { simple: 'guarana', variants: 'meio a meio', steps: 'monte seu' },
  },
  sakura: {
    simple: /Chá verde gelado 500 ml/,
    variants: /^Combinado Sakura/,
    steps: /Monte seu combinado/,
    search: { simple: 'cha verde', variants: 'combinado sakura', steps: 'monte seu' },
  },
};

/**
 * Opens a page at the suite's moment, in a colour scheme and language, optionally signed in. The
 * clock is fixed (Date reads SCREENS_TIME) while timers still run, so debounces and polling work.
 */
export async function prepare(
  page: Page,
  {
    mode,
    language = 'pt_br',
    token,
    time = SCREENS_TIME,
  }: { mode: Mode; language?: Language; token?: string; time?: Date },
) {
  await page.clock.setFixedTime(time);
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  const stored: Record<string, string> = { mode, language, ...(token ? { token } : {}) };
  await page.addInitScript({
    content: Object.entries(stored)
      .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
      .join('\n'),
  });
}

/** Changes the language of an open page, as the profile's switch would, and reloads. */
export async function switchLanguage(page: Page, language: Language) {
  await page.addInitScript({ content: `localStorage.setItem('language', ${JSON.stringify(language)});` });
  await page.reload();
}

export async function waitForMenu(page: Page) {
  await expect(page.getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
}

/** Every picture on the page loaded (or failed), web fonts ready: nothing left to paint. */
export async function settle(page: Page) {
  // No DOM types in the e2e project: the page's globals, as far as this needs them.
  type Picture = {
    complete: boolean;
    loading: string;
    addEventListener(type: string, done: () => void): void;
  };
  type PageGlobals = {
    document: { fonts: { ready: Promise<unknown> }; images: Iterable<Picture> };
    requestAnimationFrame(callback: () => void): void;
  };
  await page.evaluate(async () => {
    const page = globalThis as unknown as PageGlobals;
    const { document } = page;
    await document.fonts.ready;
    const pending = [...document.images].filter((image) => !image.complete && image.loading !== 'lazy');
    await Promise.all(
      pending.map(
        (image) =>
          new Promise<void>((done) => {
            image.addEventListener('load', done);
            image.addEventListener('error', done);
          }),
      ),
    );
    await new Promise<void>((done) =>
      page.requestAnimationFrame(() => page.requestAnimationFrame(() => done())),
    );
  });
}

/**
 * Texts that change from run to run: order numbers, clock times, dates, QR codes. A screen whose
 * times come from the fixed clocks alone (the schedule dialog) keeps them: `{ times: false }`.
 */
export function dynamicParts(page: Page, { times = true }: { times?: boolean } = {}): Locator[] {
  return [
    page.getByText(/nº\s*\d+|#\s?\d+|No\.\s*\d+/),
    ...(times ? [page.getByText(/\b\d{2}:\d{2}\b/)] : []),
    page.getByText(/\b\d{2}\/\d{2}(\/\d{2,4})?\b/),
    page.locator('img[src^="data:"], canvas, [data-testid="pix-code"]'),
  ];
}

/** Serious and critical axe violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * A screen's name without its store and theme ('sakura-dark-cart' and 'pizzaria-light-cart' are
 * both 'cart'; 'editor-look-sakura-dark-look' is 'editor-look-look'); English and desktop stay apart.
 */
const screenOf = (name: string) =>
  name
    .replace(/(^|-)(pizzaria|sakura)(?=-)/, '$1-')
    .replace(/(^|-)(light|dark)(?=-)/, '$1-')
    .replace(/--+/g, '-')
    .replace(/^-/, '');

/** Which of a screen's pictures axe checks: the pizzaria's before sakura's, light before dark. */
const variantRank = (name: string) => (/(^|-)sakura-/.test(name) ? 2 : 0) + (/(^|-)dark-/.test(name) ? 1 : 0);

/**
 * The pictures axe checks: one per screen, the first of its baselines by variantRank. The themes and
 * stores change colours and words, not the structure axe judges; the colour pairs themselves are
 * held by the store editor's contrast rule and by the journeys' axe scans in both themes (both
 * stores' menus; the product dialog, cart, sign-in, sign-up and profile). A picture without a baseline yet (a new
 * screen, `--update-snapshots`) is checked too. (docs/decisions/0046)
 */
const AXE_CHECKED = (() => {
  const first = new Map<string, string>();
  const names = readdirSync(new URL('./baselines/', import.meta.url))
    .filter((file) => file.endsWith('.png'))
    .map((file) => file.slice(0, -'.png'.length))
    .sort((a, b) => variantRank(a) - variantRank(b) || a.localeCompare(b));
  for (const name of names) if (!first.has(screenOf(name))) first.set(screenOf(name), name);
  return { names: new Set(names), checked: new Set(first.values()) };
})();

/** Whether axe checks this picture: the first of its screen, or one with no baseline yet. */
export const axeChecks = (name: string) => AXE_CHECKED.checked.has(name) || !AXE_CHECKED.names.has(name);

/** The screen matches its baseline and, once per screen (axeChecks), axe finds nothing serious on it. */
export async function checkScreen(
  page: Page,
  name: string,
  extraMasks: Locator[] = [],
  { maskTimes = true }: { maskTimes?: boolean } = {},
) {
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    mask: [...dynamicParts(page, { times: maskTimes }), ...extraMasks],
  });
  if (axeChecks(name)) expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}

export const CUSTOMER_PASSWORD = 'senha-segura-1';

/** A new customer of the store, signed up through the API: its phone and session token. */
export async function signUp(
  request: APIRequestContext,
  store: Store,
  { name = 'Clara Screens', port = SCREENS_PORT }: { name?: string; port?: number } = {},
): Promise<{ phone: string; token: string }> {
  const phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const reply = await request.post(`${api(port)}/core/registration_app/`, {
    headers: storeHost(store, port),
    data: { name, password: CUSTOMER_PASSWORD, terms: true, cellphone: phone, ddi: '55' },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return { phone, token: ((await reply.json()) as { detail: string }).detail };
}

/** A new customer of the store, signed up through the API; its session token. */
export async function newCustomer(
  request: APIRequestContext,
  store: Store,
  name = 'Clara Screens',
  port = SCREENS_PORT,
): Promise<string> {
  return (await signUp(request, store, { name, port })).token;
}

/** Saves 'Casa' at Rua Augusta, 1500 for the customer (a pizzaria neighbourhood; sakura by distance). */
export async function saveAddress(
  request: APIRequestContext,
  store: Store,
  token: string,
  port = SCREENS_PORT,
) {
  const neighbourhoods = (await (
    await request.get(`${api(port)}/core/bairros_app?format=json`, { headers: storeHost(store, port) })
  ).json()) as {
    id: number;
    descricao: string;
    cidade_id: number;
  }[];
  const consolacao = neighbourhoods.find((n) => n.descricao === 'Consolação');
  const reply = await request.post(`${api(port)}/core/v2/app/customer/upsert-addresses/`, {
    headers: { ...storeHost(store, port), Authorization: `Bearer ${token}` },
    data: {
      addresses: [
        {
          name: 'Casa',
          street: 'Rua Augusta',
          street_number: '1500',
          complement: 'apto 12',
          ...(consolacao
            ? { city_id: consolacao.cidade_id, district_id: consolacao.id }
            : {
                city_name: 'São Paulo',
                district_name: 'Consolação',
                latitude: -23.5556,
                longitude: -46.6551,
              }),
        },
      ],
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

export { STAFF_PASSWORD, STAFF_PHONES };

/** A product without choices of each demo store, for orders placed through the API. */
export const SIMPLE_PRODUCT: Record<Store, string> = {
  pizzaria: 'Guaraná Antarctica lata 350 ml',
  sakura: 'Chá verde gelado 500 ml',
};

/** A new customer's pickup order of `qtd` of the store's simple product, through the API: its id and the customer's token. */
export async function placeSimpleOrder(
  request: APIRequestContext,
  store: Store,
  { qtd, name, port = SCREENS_PORT }: { qtd: number; name: string; port?: number },
): Promise<{ id: number; token: string }> {
  const { token } = await signUp(request, store, { name, port });
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { user_id: number }
  ).user_id;
  const products = (await (
    await request.get(`${api(port)}/estoque/produtos_app`, { headers: storeHost(store, port) })
  ).json()) as { id: number; descricao: string; valor_venda: number }[];
  const product = products.find((p) => p.descricao === SIMPLE_PRODUCT[store])!;
  const placed = await request.post(`${api(port)}/bar/v2/app/order/upsert/`, {
    headers: {
      ...storeHost(store, port),
      authorization: `Bearer ${token}`,
      'idempotency-key': `screens-${store}-${Date.now()}-${Math.random()}`,
    },
    data: submission(userId, [
      { produto: product.id, qtd, produto_valor: product.valor_venda, itens_pedidos: [] },
    ]),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { id: ((await placed.json()) as { order_info: { order_id: number } }).order_info.order_id, token };
}

/** Signs the store's staff account in on the staff app's own form. */
export async function signInStaffApp(page: Page, store: Store) {
  await page.goto(storeUrl(store, '/staff'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Marks an order delivered as the store's staff would (Entregue, through the staff API). */
export async function deliver(
  request: APIRequestContext,
  store: Store,
  orderId: number,
  port = SCREENS_PORT,
) {
  const signIn = await request.post(`${api(port)}/staff/auth/sign-in`, {
    headers: storeHost(store, port),
    data: { username: STAFF_PHONES[store], password: STAFF_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { token } = (await signIn.json()) as { token: string };
  const moved = await request.post(`${api(port)}/staff/orders/${orderId}/status`, {
    headers: { ...storeHost(store, port), Authorization: `Bearer ${token}` },
    data: { status: 'Entregue' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/** Opens a product from the menu by searching for it; the product dialog. */
export async function openProduct(page: Page, search: string, name: RegExp): Promise<Locator> {
  await page.getByRole('searchbox').fill(search);
  await page.getByRole('button', { name }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The product's details load after the dialog opens ("Carregando…", busy): its picture is of them.
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
  return dialog;
}

/** Five of the store's simple product in the cart (above both minimum orders), from the menu; ends on /cart. */
export async function fillCart(page: Page, store: Store, units = 5, port = SCREENS_PORT) {
  await page.goto(storeUrl(store, '/', port));
  await waitForMenu(page);
  const { search, simple } = PRODUCTS[store];
  const dialog = await openProduct(page, search.simple!, simple);
  for (let i = 1; i < units; i++) await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Inserir' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}
