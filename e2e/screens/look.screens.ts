import type { Frame, Locator, Page } from '@playwright/test';
import { SCREENS_PORT } from './screens.config.ts';
import {
  axeChecks,
  expect,
  MODES,
  type Mode,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  seriousViolations,
  settle,
  storeUrl,
  test,
} from './support.ts';

/*
 * The staff editor's 'Ajustes' on a phone (issue 17), both stores, light and dark: the coupons and a
 * coupon's form, loyalty, the look with its live preview and a contrast refusal, the change history
 * with an entry, and an owner's new store with what it made. Nothing here changes what customers
 * see (other tests picture the storefront meanwhile): forms are pictured unsaved, a refused save
 * saves nothing, and the history's entry is an inactive coupon, which no customer is offered. The
 * two themes of a store run in one test, so each store's coupon list is pictured before that entry.
 */

const name = (store: Store, mode: Mode, screen: string) => `editor-look-${store}-${mode}-${screen}`;

/**
 * The screen matches its baseline and, once per screen (axeChecks), axe finds nothing serious on it. Only what changes from run to
 * run is masked (a time, the suite's port): these screens are full of colour codes and clock times
 * that stay put ('#2ec4b6', '11:00 às 22:00'), which the suite's usual masks would hide.
 */
async function picture(page: Page, screen: string, mask: Locator[] = []) {
  await settle(page);
  await expect(page).toHaveScreenshot(`${screen}.png`, { mask });
  if (axeChecks(screen)) expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

/** Other tests' orders raise banners over the staff app; they have no place in these pictures. */
const QUIET = '.staff-banner { display: none !important }';

async function openStaff(page: Page, store: Store, mode: Mode) {
  await prepare(page, { mode });
  await page.goto(storeUrl(store, '/staff'));
  const phone = page.getByRole('textbox', { name: 'Celular' });
  const settings = page.getByRole('button', { name: 'Ajustes', exact: true });
  // Signed in already (the session outlives a reload), or the sign-in form.
  await expect(phone.or(settings)).toBeVisible();
  if (await phone.isVisible()) {
    await phone.fill(STAFF_PHONES[store]);
    await page.getByLabel('Senha').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }
  await expect(settings).toBeVisible();
  await page.addStyleTag({ content: QUIET });
}

async function openSetting(page: Page, entry: RegExp) {
  const back = page.getByRole('button', { name: '‹ Ajustes' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
  await page.getByRole('button', { name: entry }).click();
}

/** Scrolls `target`'s top to just under the staff app's sticky top bar. */
const scrollToTop = (target: Locator) =>
  target.evaluate((element) => {
    // No DOM types in the e2e project: the page's globals, as far as this needs them.
    type Box = { getBoundingClientRect(): { height: number } };
    const page = globalThis as unknown as {
      scrollBy(x: number, y: number): void;
      document: { querySelector(selector: string): Box | null };
    };
    (element as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'start' });
    const bar = page.document.querySelector('.staff-topbar')?.getBoundingClientRect().height ?? 150;
    page.scrollBy(0, -bar - 12);
  });

/**
 * The preview's page: its menu painted and the pictures it shows loaded. Its lazy pictures load only
 * once the frame is on screen, so those are waited for only when it is (`onScreen`).
 */
async function settledPreview(page: Page, { onScreen }: { onScreen: boolean }): Promise<Frame> {
  const previewFrame = () => page.frames().find((candidate) => candidate.url().includes('preview=look'));
  await expect.poll(() => previewFrame() !== undefined).toBe(true);
  const frame = previewFrame()!;
  await expect(frame.getByRole('searchbox')).toBeVisible();
  await expect
    .poll(() =>
      frame.evaluate(`(async () => {
        await document.fonts.ready;
        const shown = (image) =>
          image.loading !== 'lazy' || (${onScreen} && image.getBoundingClientRect().top < innerHeight);
        // A frame scrolled into view does not always wake its lazy pictures at once on a busy machine.
        for (const image of document.images) if (image.loading === 'lazy' && shown(image)) image.loading = 'eager';
        return [...document.images].filter((image) => shown(image) && !image.complete).map((image) => image.src);
      })()`),
    )
    .toEqual([]);
  return frame;
}

for (const store of STORES) {
  test(`editor-look-${store}: coupons, loyalty, look, history and a new store, light and dark`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const demoCoupon = store === 'pizzaria' ? 'BEMVINDO10' : null;

    for (const mode of MODES) {
      await openStaff(page, store, mode);

      await openSetting(page, /^Cupons/);
      await expect(page.getByRole('heading', { name: 'Cupons', level: 2 })).toBeVisible();
      await picture(page, name(store, mode, 'coupons'));
      if (demoCoupon) {
        await page.getByRole('button', { name: `Editar o cupom ${demoCoupon}` }).click();
        await scrollToTop(page.getByRole('group', { name: `Cupom ${demoCoupon}` }));
      } else {
        await page.getByRole('button', { name: '+ Adicionar cupom' }).click();
        const form = page.getByRole('group', { name: 'Novo cupom' });
        await form.getByLabel('Código').fill('sakura-noite');
        await scrollToTop(page.getByRole('group', { name: 'Cupom SAKURA-NOITE' }));
      }
      await picture(page, name(store, mode, 'coupon-form'));
      const discard = page.getByRole('button', { name: 'Descartar' });
      if (await discard.isEnabled()) await discard.click();
      else await page.getByRole('button', { name: 'Pronto' }).click();

      await openSetting(page, /^Fidelidade/);
      await expect(page.getByRole('heading', { name: 'Fidelidade', level: 2 })).toBeVisible();
      await picture(page, name(store, mode, 'loyalty'));

      await openSetting(page, /^Visual/);
      await expect(page.getByRole('heading', { name: 'Visual', level: 2 })).toBeVisible();
      await settledPreview(page, { onScreen: false });
      await picture(page, name(store, mode, 'look'));
      await scrollToTop(page.getByRole('region', { name: 'Prévia' }));
      await settledPreview(page, { onScreen: true });
      await picture(page, name(store, mode, 'look-preview'));

      // A colour unreadable in the store's theme (a pale yellow on white text; a wine on the dark
      // background of sakura): said before saving, and refused by the server beside the field.
      const primary = page.getByRole('textbox', { name: 'Cor principal', exact: true });
      await primary.fill(store === 'pizzaria' ? '#f5e663' : '#3a0d1a');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByRole('alert')).toContainText('Não salvo: 1 problema para corrigir.');
      await expect(primary).toHaveAttribute('aria-invalid', 'true');
      await scrollToTop(page.getByRole('heading', { name: 'Visual', level: 2 }));
      await picture(page, name(store, mode, 'look-contrast-refused'));
      await page.getByRole('button', { name: 'Descartar' }).click();

      // An owner's new store: the form, then what it made (its address holds the suite's port).
      await openSetting(page, /^Nova loja/);
      const slug = `nova-${store}-${mode}`;
      await page.getByLabel('Endereço (subdomínio)').fill(slug);
      await page.getByLabel('Nome da loja').fill(store === 'pizzaria' ? 'Forno da Vila' : 'Sakura Bairro');
      await page.getByRole('radio', { name: 'Cardápio de pizzaria' }).check();
      await page.getByLabel('Celular').fill('11955551234');
      await page.getByLabel('Nome', { exact: true }).fill('Rita Nova');
      await page.getByLabel('Senha').fill('senha-da-loja-nova');
      await scrollToTop(page.getByRole('heading', { name: 'Nova loja', level: 2 }));
      await picture(page, name(store, mode, 'new-store'), [page.locator('.new-store-address strong')]);
      await page.getByRole('button', { name: 'Criar loja' }).click();
      const created = page.getByRole('region', { name: 'Loja criada' });
      await expect(
        created.getByRole('link', { name: `http://${slug}.localhost:${SCREENS_PORT}`, exact: true }),
      ).toBeVisible();
      await picture(page, name(store, mode, 'new-store-created'), [created.getByRole('link')]);
    }

    // The history, with an entry this test made: an inactive coupon (no customer is offered it).
    for (const mode of MODES) {
      await openStaff(page, store, mode);
      const code = `HISTORICO-${mode === 'light' ? 'CLARO' : 'ESCURO'}`;
      await openSetting(page, /^Cupons/);
      await page.getByRole('button', { name: '+ Adicionar cupom' }).click();
      await page.getByRole('group', { name: 'Novo cupom' }).getByLabel('Código').fill(code);
      const form = page.getByRole('group', { name: `Cupom ${code}` });
      await form.getByRole('switch', { name: 'Ativo' }).uncheck();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Salvo. Os clientes já veem a mudança.')).toBeVisible();

      await openSetting(page, /^Histórico de alterações/);
      const entry = page.getByRole('article').filter({ hasText: code });
      await expect(entry).toContainText(`Cupom adicionado: ${code}`);
      // Earlier entries (the other theme's) are not this picture's.
      await page.evaluate(`for (const item of document.querySelectorAll('.audit-list > li'))
        if (!item.textContent.includes(${JSON.stringify(code)})) item.style.display = 'none';`);
      await picture(page, name(store, mode, 'history'), [page.locator('.audit-entry time')]);
    }
  });
}
