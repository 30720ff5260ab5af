import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { submission } from '../apps/server/src/test/submission.ts';
import { API, signUpThroughApi, userIdOf } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';
import { createJourneyStore, openStoreStaffApp } from './support/own-store.ts';

/*
 * The period report (docs/decisions/0061) on a counter tablet: a store of the journey's own takes
 * two orders, the owner opens 'Relatórios', sees today's revenue, downloads the orders CSV and the
 * spreadsheet read back adds up to the same revenue.
 */

test.use({ serviceWorkers: 'block' });

/** '1234,50' → 123450 */
const centavos = (cell: string) => {
  const match = /^(-?)(\d+),(\d\d)$/.exec(cell);
  if (!match) throw new Error(`not money: ${cell}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};

test('the period report opens on a tablet and its CSV adds up to its revenue', async ({
  browser,
  request,
}) => {
  const store = await createJourneyStore(request, 'relatorio');
  const host = store.headers.host!;
  const token = await signUpThroughApi(request, 'Rita Relatório', host);
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: { host } })
  ).json()) as {
    id: number;
    descricao: string;
    valor_venda: number;
  }[];
  const can = products.find((product) => product.descricao === 'Guaraná Antarctica lata 350 ml')!;
  let revenue = 0;
  for (const qtd of [5, 6]) {
    const reply = await request.post(`${API}/bar/v2/app/order/upsert/`, {
      headers: { host, Authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      data: submission(
        userIdOf(token),
        [{ produto: can.id, qtd, produto_valor: can.valor_venda, itens_pedidos: [] }],
        { fk_forma_pagamento: store.cardPaymentId },
      ),
    });
    expect(reply.status(), await reply.text()).toBe(201);
    revenue += ((await reply.json()) as { order_info: { total: number } }).order_info.total;
  }
  const money = `R$ ${(revenue / 100).toFixed(2).replace('.', ',')}`;

  const page = await openStoreStaffApp(browser, store);
  try {
    await page.getByRole('button', { name: 'Relatórios' }).click();
    await page.getByRole('group', { name: 'Relatórios' }).getByRole('button', { name: 'Hoje' }).click();
    const revenueFigure = page.locator('[data-figure="revenue"] dd');
    await expect(revenueFigure).toHaveText(money);
    await expect(page.locator('[data-figure="sales"] dd')).toHaveText('2');
    await expect(page.locator('.reports-chart').first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar pedidos (CSV)' }).click();
    const download = await downloading;
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    const total = rows[0]!.indexOf('Total');
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).reduce((sum, row) => sum + centavos(row[total]!), 0)).toBe(revenue);
    expect(rows.slice(1).map((row) => row[rows[0]!.indexOf('Tipo')])).toEqual(['Retirada', 'Retirada']);
  } finally {
    await page.context().close();
  }
});
