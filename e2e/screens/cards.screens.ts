import type { Page } from '@playwright/test';
import {
  checkScreen,
  expect,
  fillCart,
  MODES,
  newCustomer,
  prepare,
  saveAddress,
  storeUrl,
  test,
} from './support.ts';

/*
 * Cards online (issue 15) on sakura, the demo store that takes them (Stripe's shape on the stand-in
 * PSP; the pizzaria takes PIX online and no card, so it has none of these screens): the card route
 * with the provider's fields, a field error, the bank's 3-D Secure challenge, the saved card in the
 * checkout's payment block, and the saved cards of the profile with their deletion.
 */

const CARD_FRAME = 'iframe[title="Secure card payment input frame"]';

async function typeCard(page: Page, number: string) {
  const frame = page.frameLocator(CARD_FRAME);
  await frame.getByRole('textbox', { name: 'Número do cartão' }).fill(number);
  await frame.getByRole('textbox', { name: 'MM / AA' }).fill('12 / 34');
  await frame.getByRole('textbox', { name: 'CVC' }).fill('123');
}

async function toCardRoute(page: Page) {
  await fillCart(page, 'sakura');
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByRole('radio', { name: 'Pagamento online (cartão)' })).toBeChecked();
  await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
  await expect(page).toHaveURL(/\/card_checkout$/);
  await expect(
    page.frameLocator(CARD_FRAME).getByRole('textbox', { name: 'Número do cartão' }),
  ).toBeVisible();
}

for (const mode of MODES) {
  const name = (screen: string) => `sakura-${mode}-${screen}`;

  test(`sakura ${mode}: card route, 3-D Secure, saved card and its deletion`, async ({ page, request }) => {
    const token = await newCustomer(request, 'sakura');
    await saveAddress(request, 'sakura', token);
    await prepare(page, { mode, token });

    await toCardRoute(page);
    await checkScreen(page, name('card-route'));
    await page
      .frameLocator(CARD_FRAME)
      .getByRole('textbox', { name: 'Número do cartão' })
      .fill('4242 4242 4242 4241');
    await expect(page.getByRole('alert')).toHaveText('O número do cartão está incorreto.');
    await checkScreen(page, name('card-route-field-error'));
    await typeCard(page, '4242 4242 4242 4242');
    await page.getByRole('checkbox', { name: 'Salvar este cartão para as próximas compras' }).check();
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Pedido realizado!' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();

    // The bank's challenge over the card route (a card that always asks for it).
    await toCardRoute(page);
    await typeCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    const challenge = page.frameLocator('iframe[title="3D Secure"]');
    await expect(challenge.getByRole('button', { name: 'Autenticar' })).toBeVisible();
    await checkScreen(page, name('card-3ds'));
    await challenge.getByRole('button', { name: 'Autenticar' }).click();
    await expect(page.getByRole('dialog', { name: 'Pedido realizado!' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();

    // The saved card in the payment block.
    await fillCart(page, 'sakura');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    const saved = page.getByRole('radio', { name: 'Visa final 4242' });
    await saved.check();
    await page.getByRole('heading', { name: 'Pagamento' }).scrollIntoViewIfNeeded();
    await checkScreen(page, name('checkout-saved-card'));

    await page.goto(storeUrl('sakura', '/profile'));
    const cards = page.getByRole('region', { name: 'Cartões salvos' });
    await expect(cards).toContainText('Visa •••• 4242');
    await cards.scrollIntoViewIfNeeded();
    await checkScreen(page, name('profile-cards'));
    await cards.getByRole('button', { name: 'Excluir o cartão Visa •••• 4242' }).click();
    await expect(page.getByRole('dialog', { name: 'Excluir cartão' })).toBeVisible();
    await checkScreen(page, name('profile-card-delete-dialog'));
  });
}
