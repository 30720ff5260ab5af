import type { Locator, Page } from '@playwright/test';
import {
  checkScreen,
  expect,
  MODES,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  storeUrl,
  test,
} from './support.ts';

/*
 * The editor's settings screens in the staff app on a phone (issue 17), both stores, light and
 * dark: hours, delivery (the fee list or bands, the area drawer over the maps stand-in's streets, a
 * refused area), scheduling and payments. Nothing is saved: the other screens of this suite read
 * the same stores (the refused save is refused by the server, so it changes nothing either).
 */

/** Corners about 300 m around each store: near enough for the street pictures behind them. */
const AREA: Record<Store, string[]> = {
  pizzaria: [
    '-23.553400, -46.665200',
    '-23.553000, -46.659600',
    '-23.558400, -46.659000',
    '-23.558600, -46.665600',
  ],
  sakura: [
    '-23.556200, -46.637400',
    '-23.556000, -46.631800',
    '-23.561200, -46.631600',
    '-23.561400, -46.637200',
  ],
};

async function openScreen(page: Page, store: Store, screen: RegExp) {
  await page.goto(storeUrl(store, '/staff'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
  await page.getByRole('button', { name: screen }).click();
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
}

/** Puts a part of the screen in the middle of the phone (the top bar and the save bar stay). */
async function centre(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

for (const store of STORES) {
  for (const mode of MODES) {
    const name = (screen: string) => `${store}-${mode}-editor-settings-${screen}`;

    test(`editor-settings-${store}-${mode}: hours`, async ({ page }) => {
      await prepare(page, { mode });
      await openScreen(page, store, /^Horários/);
      await checkScreen(page, name('hours'));
      const tuesday = page.getByRole('region', { name: 'Terça-feira' });
      await tuesday
        .getByRole('button', { name: 'Copiar os horários de Terça-feira para outros dias' })
        .click();
      await tuesday.getByRole('button', { name: 'Segunda a sexta' }).click();
      await centre(tuesday.getByRole('group', { name: /Copiar os horários/ }));
      await checkScreen(page, name('hours-copy'));
      // The store's own holidays give way to dates that stay in the future (not saved): a past
      // date is marked as past, which would change this picture as the calendar moves on.
      const holidays = page.getByRole('region', { name: 'Datas de feriado' });
      const removeHoliday = holidays.getByRole('button', { name: /^Remover o feriado/ });
      while ((await removeHoliday.count()) > 0) await removeHoliday.first().click();
      for (const date of ['25122099', '01012100']) {
        await holidays.getByLabel('Data do feriado').fill(date);
        await holidays.getByRole('button', { name: 'Adicionar feriado' }).click();
      }
      await expect(holidays.getByRole('listitem')).toHaveCount(2);
      await centre(holidays);
      await checkScreen(page, name('hours-holidays'));
    });

    test(`editor-settings-${store}-${mode}: scheduling, payments`, async ({ page }) => {
      await prepare(page, { mode });
      await openScreen(page, store, /^Agendamento/);
      await expect(page.getByRole('heading', { level: 2, name: 'Agendamento' })).toBeVisible();
      await checkScreen(page, name('scheduling'), [], { maskTimes: false });

      await page.getByRole('button', { name: '‹ Ajustes' }).click();
      await page.getByRole('button', { name: /^Pagamentos/ }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Pagamentos' })).toBeVisible();
      await checkScreen(page, name('payments'));
      await centre(page.getByRole('region', { name: 'Pelo app' }));
      await checkScreen(page, name('payments-online'));
    });

    test(`editor-settings-${store}-${mode}: delivery, the area drawer, a refused area`, async ({ page }) => {
      await prepare(page, { mode });
      await openScreen(page, store, /^Entrega e retirada/);
      await checkScreen(page, name('delivery'));
      const fees = page.getByRole('region', { name: 'Taxa de entrega' });
      if (store === 'pizzaria') {
        await fees.getByRole('button', { name: /^São Paulo – SP/ }).click();
        await fees.getByRole('button', { name: /^Mais de Pinheiros/ }).click();
        await centre(fees.getByLabel('Pinheiros', { exact: true }));
      } else {
        await centre(fees.getByRole('group', { name: 'Faixa 2' }));
      }
      await checkScreen(page, name('delivery-fees'));

      await page.getByLabel('Cobrar a taxa').selectOption('area');
      await page.getByRole('button', { name: /Adicionar área$/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Área: Área 1' });
      await drawer.getByLabel('Pontos (latitude, longitude), um por linha').fill(AREA[store].join('\n'));
      await expect(drawer.getByRole('status')).toContainText('4 pontos');
      await drawer.getByRole('button', { name: 'Centralizar' }).click();
      // The street pictures behind the plane (maps stand-in) have loaded.
      await expect(drawer.locator('image')).not.toHaveCount(0);
      await checkScreen(page, name('area-drawer'));

      // Two corners only: the server refuses the area as not closed, and says it beside it.
      await drawer
        .getByLabel('Pontos (latitude, longitude), um por linha')
        .fill(AREA[store].slice(0, 2).join('\n'));
      await drawer.getByRole('button', { name: 'Pronto' }).click();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Não salvo: 1 problema para corrigir.')).toBeVisible();
      const area = page.getByRole('region', { name: 'Área 1' });
      await expect(area.getByText(/polígono fechado/)).toBeVisible();
      await centre(area);
      await checkScreen(page, name('area-refused'));
    });
  }
}
