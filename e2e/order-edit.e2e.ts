import { mkdirSync } from 'node:fs';
import { formatBRL } from '@comanda/domain';
import type { Page } from '@playwright/test';
import { addHalfAndHalfGrande, addToOrder, HALF_AND_HALF_GRANDE, registerWalkIn } from './support/counter.ts';
import { expect, test } from './support/fixtures.ts';
import { openBoard } from './support/staff.ts';

/*
 * Editing an order before it is prepared (issue 33, docs/decisions/0062) on a counter tablet: a
 * phone order entered at the counter on the demo pizzeria (an order like any customer's: the store
 * is not changed), then edited from the board (a line out, one in, cash with change instead of the
 * card), with the total before and after, and the board showing the new total.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-edit';
mkdirSync(SHOTS, { recursive: true });

/** A phone order for a new customer: a half-and-half pizza and a Guaraná, pickup, by credit card. */
async function enterPhoneOrder(page: Page): Promise<number> {
  await registerWalkIn(page, 'Edu Edição');
  await page.getByRole('button', { name: 'Telefone', exact: true }).click();
  await page.getByRole('button', { name: 'Retirada', exact: true }).click();

  await addHalfAndHalfGrande(page);
  await page.getByLabel('Buscar no cardápio').fill('guaraná');
  await page.getByRole('button', { name: /^Guaraná Antarctica lata/ }).click();
  await addToOrder(page);

  const order = page.getByRole('region', { name: 'Novo pedido' });
  await order.getByRole('button', { name: 'Cartão de crédito (na entrega)' }).click();
  await order
    .getByRole('button', { name: `Fazer pedido · ${formatBRL(HALF_AND_HALF_GRANDE + 650)}` })
    .click();
  const placed = order.getByRole('status').filter({ hasText: /Pedido nº \d+ feito/ });
  await expect(placed).toBeVisible();
  return Number(/nº (\d+)/.exec((await placed.textContent()) ?? '')?.[1]);
}

test.describe('editing an order before it is prepared, on a tablet', () => {
  test('a phone order: the Guaraná out, a water in, cash with change; the board shows the new total', async ({
    browser,
  }) => {
    const page = await openBoard(browser);
    const id = await enterPhoneOrder(page);

    await page.getByRole('button', { name: /^Pedidos/ }).click();
    const card = page.getByRole('article', { name: `Pedido nº ${id}` });
    await expect(card).toContainText(formatBRL(7140));
    await card.getByRole('button', { name: 'Editar pedido' }).click();

    const edit = page.getByRole('main', { name: `Editar pedido nº ${id}` });
    await expect(edit.getByText('1× Guaraná Antarctica lata 350 ml')).toBeVisible();
    await edit.getByRole('button', { name: 'Tirar Guaraná Antarctica lata 350 ml do pedido' }).click();
    await expect(edit.getByText('sai do pedido')).toBeVisible();

    // The menu is beside the order on a tablet; the product dialog is the customer's.
    await edit.getByLabel('Buscar no cardápio').fill('agua');
    await edit.getByRole('button', { name: /^Água mineral/ }).click();
    await addToOrder(page);
    await expect(edit.getByText('1× Água mineral 500 ml')).toBeVisible();

    await edit.getByRole('button', { name: 'Dinheiro', exact: true }).click();
    await edit.getByLabel('Troco para (R$)').fill('100');
    const after = HALF_AND_HALF_GRANDE + 450;
    await expect(edit.getByText(`Troco: ${formatBRL(10_000 - after)}`)).toBeVisible();
    const compare = edit.locator('.order-edit-compare');
    await expect(compare).toContainText(formatBRL(7140));
    await expect(compare).toContainText(formatBRL(after));
    await expect(compare).toContainText(`− ${formatBRL(7140 - after)}`);
    await page.screenshot({ path: `${SHOTS}/journey-tablet-edit.png`, fullPage: true });

    await edit.getByRole('button', { name: `Salvar alteração · ${formatBRL(after)}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Pedido nº ${id} alterado` })).toContainText(
      `${formatBRL(7140)} → ${formatBRL(after)}`,
    );
    await expect(edit).toBeHidden();

    // The board: the new lines, the new total, the cash with its change.
    await expect(card).toContainText(`Total ${formatBRL(after)}`);
    await expect(card).toContainText('Água mineral 500 ml');
    await expect(card).not.toContainText('Guaraná');
    await expect(card).toContainText('Dinheiro');
    await expect(card).toContainText('Troco para R$ 100,00');
    await page.screenshot({ path: `${SHOTS}/journey-tablet-board-after-edit.png`, fullPage: true });

    // Once it is ready, 'Editar pedido' is gone (the server would answer ORDER_ALREADY_PREPARED).
    await card.getByRole('button', { name: 'Aceitar' }).click();
    await expect(card.getByRole('button', { name: 'Editar pedido' })).toBeVisible();
    await card.getByRole('button', { name: 'Pronto' }).click();
    await expect(
      page.getByRole('article', { name: `Pedido nº ${id}` }).getByRole('button', { name: 'Editar pedido' }),
    ).toHaveCount(0);
    await page.context().close();
  });
});
