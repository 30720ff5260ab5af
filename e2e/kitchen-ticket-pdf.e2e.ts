import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { buyAndCheckout, openSignedIn } from './support/checkout.ts';
import { signUpOnPage } from './support/customers.ts';
import { E2E_CLOSED_PORT, expect, test } from './support/fixtures.ts';
import { STAFF_PASSWORD, STAFF_PHONES } from './support/staff-account.ts';

/*
 * Issue 32: a kitchen ticket a kitchen can cook from. A customer schedules a pickup on sakura while
 * it is closed (the closed-clock server: next Monday noon); the sakura staff prints its ticket from
 * the board, and Chromium prints it to PDF with the page size the CSS asks for. The PDF's page is
 * 80 mm wide (MediaBox 226.77 pt) and its text says the scheduled time in the store's time zone.
 */

const SAKURA = `http://sakura.localhost:${E2E_CLOSED_PORT}`;
const MM_IN_PT = 72 / 25.4;

test.use({ serviceWorkers: 'block' });

/** Two temakis skin for pickup, scheduled for the first free period, card on pickup: its id and time. */
async function scheduleOrder(page: Page): Promise<{ id: number; time: string }> {
  const token = await signUpOnPage(page, SAKURA);
  await openSignedIn(page, token, '/', SAKURA);
  await buyAndCheckout(page, 'skin', /Temaki skin/, 2);
  await page.getByRole('tab', { name: 'Retirada' }).click();
  await page
    .getByRole('region', { name: 'Agendamento' })
    .getByRole('button', { name: 'Escolher horário' })
    .click();
  const periods = page.getByRole('dialog', { name: 'Escolha um horário' });
  const first = periods.getByRole('region').first().getByRole('button').first();
  const time = (await first.textContent())?.trim() ?? '';
  expect(time).toMatch(/^\d{2}:\d{2}$/);
  await first.click();
  await expect(periods).toBeHidden();
  await page.getByRole('radio', { name: 'Cartão na retirada (crédito ou débito)' }).check();
  await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
  const placed = page.getByRole('dialog', { name: 'Pedido realizado!' });
  const text = (await placed.textContent()) ?? '';
  const id = Number(/Seu pedido nº (\d+)/.exec(text)?.[1]);
  expect(id).toBeGreaterThan(0);
  return { id, time };
}

test('a scheduled order’s kitchen ticket prints to PDF on 80 mm paper with its time', async ({
  browser,
  page,
}) => {
  const { id, time } = await scheduleOrder(page);

  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  const board = await context.newPage();
  // The dialog is the browser's own; what it would print is what page.pdf prints.
  await board.addInitScript({ content: 'window.print = () => {};' });
  await board.goto(`${SAKURA}/staff`);
  await board.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES.sakura);
  await board.getByLabel('Senha').fill(STAFF_PASSWORD);
  await board.getByRole('button', { name: 'Entrar' }).click();
  const card = board
    .getByRole('region', { name: 'Agendados' })
    .getByRole('article', { name: `Pedido nº ${id}` });
  await card.getByRole('button', { name: 'Imprimir' }).click();
  const ticket = board.getByTestId('ticket');
  await expect(ticket).toContainText(`AGENDADO PARA ${time}`);
  // The named pages' sizes are measured once the tickets are laid out.
  await expect
    .poll(() => ticket.locator('style').evaluate((style) => style.textContent))
    .toContain('@page ticket-0 { size: 80mm');

  const pdf = await board.pdf({ preferCSSPageSize: true, printBackground: true });
  await testInfoAttach(pdf);
  const raw = Buffer.from(pdf).toString('latin1');
  const boxes = [...raw.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    (match) => ({ width: Number(match[3]) - Number(match[1]), height: Number(match[4]) - Number(match[2]) }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    // 226.77 pt, within Chromium's rounding of the page to its raster (it writes 227.04); Letter is 612.
    expect(box.width).toBeCloseTo(80 * MM_IN_PT, 0);
    expect(box.height).toBeGreaterThan(40 * MM_IN_PT - 1);
  }

  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  const words = text.replace(/\s+/g, ' ');
  expect(words).toContain(`AGENDADO PARA ${time}`);
  expect(words).toContain(`PEDIDO #${id}`);
  expect(words).toContain('Temaki skin');
  expect(words).toContain('RETIRADA');
  await context.close();
});

/** Keeps the PDF with the test's results, to look at. */
async function testInfoAttach(pdf: Buffer) {
  await test.info().attach('kitchen-ticket.pdf', { body: pdf, contentType: 'application/pdf' });
}
