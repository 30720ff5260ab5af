import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { API, newPhone } from './customers.ts';
import { E2E_PORT, storeUrl } from './fixtures.ts';
import { staffToken } from './staff.ts';

/**
 * A store of a journey's own, made from the demo pizzeria's template by the pizzaria's owner
 * (POST /staff/stores) and opened: a journey that changes what a store shows (stations, sold-out
 * switches, a pause) changes it there, so it runs beside every other journey instead of after them.
 * The template has the pizzeria's menu and hours, pickup, and payment on delivery or pickup.
 */
export interface JourneyStore {
  slug: string;
  /** `http://<slug>.localhost:<port>` */
  origin: string;
  ownerPhone: string;
  ownerPassword: string;
  ownerToken: string;
  /** Host and owner's bearer for the store's staff API at API. */
  headers: Record<string, string>;
  /** Its card-on-delivery payment method, for `submission(…, { fk_forma_pagamento })`. */
  cardPaymentId: number;
}

const OWNER_PASSWORD = 'jornada-loja-propria-2026';

export async function createJourneyStore(request: APIRequestContext, prefix: string): Promise<JourneyStore> {
  const pizzariaOwner = await staffToken(request, { store: 'pizzaria' });
  const slug = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const ownerPhone = newPhone();
  const created = await request.post(`${API}/staff/stores`, {
    headers: { host: `pizzaria.localhost:${E2E_PORT}`, Authorization: `Bearer ${pizzariaOwner}` },
    data: {
      slug,
      nome: `Loja ${prefix}`,
      template: 'pizzaria',
      owner_phone: ownerPhone,
      owner_name: 'Dona da Jornada',
      password: OWNER_PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ownerToken = await staffToken(request, { store: slug, phone: ownerPhone, password: OWNER_PASSWORD });
  const headers = { host: `${slug}.localhost:${E2E_PORT}`, Authorization: `Bearer ${ownerToken}` };
  const opened = await request.put(`${API}/staff/store/mode`, { headers, data: { mode: 'open' } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const methods = (await (
    await request.get(`${API}/financeiro/formas_pagamento_app`, { headers: { host: headers.host } })
  ).json()) as { id: number; tipo: string }[];
  const card = methods.find((method) => method.tipo === 'cartao');
  expect(card, JSON.stringify(methods)).toBeTruthy();
  return {
    slug,
    origin: storeUrl(slug, '').replace(/\/$/, ''),
    ownerPhone,
    ownerPassword: OWNER_PASSWORD,
    ownerToken,
    headers,
    cardPaymentId: card!.id,
  };
}

/** The browser's print dialog, which a journey closes with closePrintDialog: it counts the pages' asks. */
const PRINT_DIALOG_STAND_IN = 'window.print = () => { window.printsAsked = (window.printsAsked ?? 0) + 1; };';

/**
 * What the browser does when its print dialog closes: 'afterprint'. Only once the page has asked to
 * print: it listens from then on, and its print view is on screen a frame before that.
 */
export async function closePrintDialog(page: Page) {
  type Printing = { printsAsked?: number; printsClosed?: number };
  await page.waitForFunction(() => {
    const printing = globalThis as Printing;
    return (printing.printsAsked ?? 0) > (printing.printsClosed ?? 0);
  });
  await page.evaluate(() => {
    const printing = globalThis as unknown as Printing & { dispatchEvent(event: Event): boolean };
    printing.printsClosed = (printing.printsClosed ?? 0) + 1;
    printing.dispatchEvent(new Event('afterprint'));
  });
}

/** The journey store's staff app on a counter tablet, signed in as its owner through the form. */
export async function openStoreStaffApp(browser: Browser, store: JourneyStore): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript({ content: PRINT_DIALOG_STAND_IN });
  await page.goto(`${store.origin}/staff`);
  await page.getByRole('textbox', { name: 'Celular' }).fill(store.ownerPhone);
  await page.getByLabel('Senha').fill(store.ownerPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('region', { name: 'Novos' })).toBeVisible();
  return page;
}
