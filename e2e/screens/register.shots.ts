import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SCREENS_PORT } from './screens.config.ts';
import {
  expect,
  MODES,
  type Mode,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  settle,
  storeUrl,
  test,
} from './support.ts';

/*
 * 'Caixa' (issue 33, docs/decisions/0060) on a phone (390x844) and a counter tablet (1024x768),
 * both demo stores, light and dark, saved to /tmp/shots-register/ to be looked at: the closed
 * register, the open session with its movements, the sangria dialog, the closing dialog with a
 * difference, and the closing report. Each store's register goes through one session, so each
 * store is one test that pictures every size and theme at each step.
 */

const API = `http://127.0.0.1:${SCREENS_PORT}`;
const SHOTS = process.env.REGISTER_SHOTS ?? '/tmp/shots-register';
const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 1024, height: 768 },
} as const;

async function everyLook(page: Page, store: string, step: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const mode of MODES) {
      await page.emulateMedia({ colorScheme: mode as Mode, reducedMotion: 'reduce' });
      await settle(page);
      await page.screenshot({
        path: `${SHOTS}/${store}-${size}-${mode}-${step}.png`,
        fullPage: size === 'tablet',
      });
    }
  }
  await page.setViewportSize(SIZES.phone);
}

for (const store of STORES) {
  test(`${store}: the cash register`, async ({ page, request }) => {
    mkdirSync(SHOTS, { recursive: true });
    const host = `${store}.localhost:${SCREENS_PORT}`;
    const signIn = await request.post(`${API}/staff/auth/sign-in`, {
      headers: { host },
      data: { username: STAFF_PHONES[store], password: STAFF_PASSWORD },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    const headers = { host, Authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };

    await prepare(page, { mode: 'light' });
    await page.goto(storeUrl(store, '/staff'));
    await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
    await page.getByLabel('Senha').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('region', { name: 'Novos' })).toBeVisible();
    await page.getByRole('button', { name: 'Caixa', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Caixa está fechado' })).toBeVisible();
    await everyLook(page, store, '1-closed');

    const registers = (await (await request.get(`${API}/staff/registers`, { headers })).json()) as {
      registers: { id: number }[];
    };
    const opened = await request.post(`${API}/staff/registers/${registers.registers[0]!.id}/open`, {
      headers,
      data: { opening_float: 20_000 },
    });
    expect(opened.ok(), await opened.text()).toBe(true);
    const session = ((await opened.json()) as { id: number }).id;
    for (const movement of [
      { kind: 'suprimento', amount: 5_000, reason: 'Troco trazido do banco' },
      { kind: 'sangria', amount: 7_550, reason: 'Pagamento do entregador de bebidas' },
    ]) {
      const moved = await request.post(`${API}/staff/register-sessions/${session}/movements`, {
        headers,
        data: movement,
      });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
    await page.getByRole('button', { name: 'Loja', exact: true }).click();
    await page.getByRole('button', { name: 'Caixa', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Caixa aberto' })).toBeVisible();
    await everyLook(page, store, '2-open');

    await page.getByRole('button', { name: 'Sangria' }).click();
    const sangria = page.getByRole('dialog');
    await sangria.getByLabel('Valor (R$)').fill('500');
    await sangria.getByLabel('Motivo').fill('Depósito');
    await everyLook(page, store, '3-sangria-above-cash');
    await sangria.getByRole('button', { name: 'Voltar' }).click();

    await page.getByRole('button', { name: 'Fechar caixa' }).click();
    const closing = page.getByRole('dialog');
    await closing.getByLabel('Contado em Dinheiro (R$)').fill('200,00');
    await expect(closing.getByTestId('close-difference')).toHaveText('Sobra R$ 25,50');
    await everyLook(page, store, '4-closing');
    await closing.getByLabel('Contado em Dinheiro (R$)').fill('172,50');
    await closing.getByRole('button', { name: 'Confirmar fechamento' }).click();
    await expect(page.getByRole('heading', { name: 'Relatório de fechamento · Caixa' })).toBeVisible();
    await everyLook(page, store, '5-report');
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page.getByRole('heading', { name: 'Caixa está fechado' })).toBeVisible();
    await everyLook(page, store, '6-closed-with-history');
  });
}
