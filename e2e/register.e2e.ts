import { formatBRL } from '@comanda/domain';
import { submission } from '../apps/server/src/test/submission.ts';
import { API, signUpThroughApi, userIdOf } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';
import { closePrintDialog, createJourneyStore, openStoreStaffApp } from './support/own-store.ts';

/*
 * The cash register (issue 33, docs/decisions/0060) on a counter tablet, in a store of the
 * journey's own: the owner opens 'Caixa' with a R$ 100,00 float, a pickup order of four cans paid in cash lands
 * in it, a R$ 50,00 sangria goes to the bank, and the closing counts R$ 2,00 short: the difference
 * shows before confirming and stays in the closing report and the past closings.
 */

test.use({ serviceWorkers: 'block' });

const money = (centavos: number) => formatBRL(centavos).replace(/\u00a0/g, ' ');

test('opening the register, a sangria, and closing it with a difference', async ({ browser, request }) => {
  const store = await createJourneyStore(request, 'caixa');
  const host = store.headers.host!;
  const page = await openStoreStaffApp(browser, store);
  await page.getByRole('button', { name: 'Caixa', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Caixa está fechado' })).toBeVisible();
  await page.getByLabel('Troco inicial (R$)').fill('100,00');
  await page.getByRole('button', { name: 'Abrir caixa' }).click();
  await expect(page.getByRole('heading', { name: 'Caixa aberto' })).toBeVisible();
  await expect(page.getByText(/Aberto por Dona da Jornada em \d\d\/\d\d\/\d{4} \d\d:\d\d/)).toBeVisible();

  // A pickup order paid in cash at the counter.
  const methods = (await (
    await request.get(`${API}/financeiro/formas_pagamento_app`, { headers: { host } })
  ).json()) as {
    id: number;
    tipo: string;
  }[];
  const cash = methods.find((method) => method.tipo === 'dinheiro')!;
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: { host } })
  ).json()) as {
    id: number;
    descricao: string;
    valor_venda: number;
  }[];
  const coke = products.find((product) => product.descricao === 'Coca-Cola lata 350 ml')!;
  const customer = await signUpThroughApi(request, 'Carla Caixa', host);
  const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: { host, Authorization: `Bearer ${customer}`, 'idempotency-key': `caixa-${Date.now()}` },
    data: submission(
      userIdOf(customer),
      [{ produto: coke.id, qtd: 4, produto_valor: coke.valor_venda, itens_pedidos: [], observacao: '' }],
      { fk_forma_pagamento: cash.id },
    ),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const sale = coke.valor_venda * 4;

  // The tab reads the session again when it is opened.
  await page.getByRole('button', { name: 'Loja', exact: true }).click();
  await page.getByRole('button', { name: 'Caixa', exact: true }).click();
  const cashRow = page.getByRole('row', { name: /^Dinheiro/ });
  await expect(cashRow).toContainText(money(10_000 + sale));
  await expect(page.getByText('Nenhum recebimento presencial ainda.')).toBeHidden();

  await page.getByRole('button', { name: 'Sangria' }).click();
  const sangria = page.getByRole('dialog');
  await sangria.getByLabel('Valor (R$)').fill('50');
  await sangria.getByLabel('Motivo').fill('Depósito no banco');
  await sangria.getByRole('button', { name: 'Registrar' }).click();
  await expect(sangria).toBeHidden();
  await expect(page.getByText('Depósito no banco')).toBeVisible();
  const expected = 10_000 - 5_000 + sale;
  await expect(cashRow).toContainText(money(expected));

  await page.getByRole('button', { name: 'Fechar caixa' }).click();
  const closing = page.getByRole('dialog');
  await closing.getByLabel('Contado em Dinheiro (R$)').fill(money(expected - 200).replace('R$ ', ''));
  await expect(closing.getByTestId('close-difference')).toHaveText('Falta R$ 2,00');
  await closing.getByRole('button', { name: 'Confirmar fechamento' }).click();

  await expect(page.getByRole('heading', { name: 'Relatório de fechamento · Caixa' })).toBeVisible();
  await expect(page.getByText(/Fechado por Dona da Jornada em/)).toBeVisible();
  await expect(page.getByRole('row', { name: /^Dinheiro/ })).toContainText(money(-200));
  await page.getByRole('button', { name: 'Imprimir (80 mm)' }).click();
  await expect(page.getByTestId('ticket')).toContainText('FECHAMENTO DE CAIXA');
  await closePrintDialog(page);
  await page.getByRole('button', { name: 'Imprimir (A4)' }).click();
  await expect(page.getByTestId('register-a4')).toContainText('Depósito no banco');
  await expect(page.getByTestId('register-a4')).toContainText(money(-200));
  await closePrintDialog(page);
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { name: 'Caixa está fechado' })).toBeVisible();
  await expect(page.locator('.register-history')).toContainText('Falta R$ 2,00');
  await page.context().close();
});
