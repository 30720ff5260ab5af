import type { Page } from '@playwright/test';
import {
  expectStripeFields,
  mercadoPagoFrame,
  STRIPE_CARD_FRAME,
  typeMercadoPagoCard,
  typeStripeCard,
} from '../support/cards.ts';
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

async function toCardRoute(page: Page) {
  await fillCart(page, 'sakura');
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByRole('radio', { name: 'Pagamento online (cartão)' })).toBeChecked();
  await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
  await expect(page).toHaveURL(/\/card_checkout$/);
  await expectStripeFields(page);
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
      .frameLocator(STRIPE_CARD_FRAME)
      .getByRole('textbox', { name: 'Número do cartão' })
      .fill('4242 4242 4242 4241');
    await expect(page.getByRole('alert')).toHaveText('O número do cartão está incorreto.');
    await checkScreen(page, name('card-route-field-error'));
    await typeStripeCard(page, '4242 4242 4242 4242');
    await page.getByRole('checkbox', { name: 'Salvar este cartão para as próximas compras' }).check();
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Pedido realizado!' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();

    // The bank's challenge over the card route (a card that always asks for it).
    await toCardRoute(page);
    await typeStripeCard(page, '4000 0027 6000 3184');
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

/* Mercado Pago's shape on the pizzaria: its secure fields, the holder's name and CPF, a decline, the saved card's security code, the issuer's challenge. */

async function toMercadoPagoRoute(page: Page, card: RegExp) {
  await fillCart(page, 'pizzaria');
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await page.getByRole('tab', { name: 'Retirada' }).click();
  await page.getByRole('radio', { name: card }).check();
  await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
  await expect(page).toHaveURL(/\/card_checkout$/);
}

for (const mode of MODES) {
  const name = (screen: string) => `pizzaria-${mode}-${screen}`;

  test(`pizzaria ${mode}: Mercado Pago's card route, a decline, the saved card and the challenge`, async ({
    page,
    request,
  }) => {
    const token = await newCustomer(request, 'pizzaria');
    await prepare(page, { mode, token });

    await toMercadoPagoRoute(page, /^Pagamento online \(cartão\)/);
    await expect(page.frameLocator(mercadoPagoFrame('cardNumber')).getByRole('textbox')).toBeVisible();
    await checkScreen(page, name('card-route'));
    await typeMercadoPagoCard(page, 'FUND');
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Cartão recusado: saldo ou limite insuficiente.');
    await checkScreen(page, name('card-route-declined'));
    await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('APRO');
    await page.getByRole('checkbox', { name: 'Salvar este cartão para as próximas compras' }).check();
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Pedido realizado!' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();

    await toMercadoPagoRoute(page, /^Mastercard final 6351/);
    await expect(page.frameLocator(mercadoPagoFrame('securityCode')).getByRole('textbox')).toBeVisible();
    await checkScreen(page, name('card-route-saved'));
    await page.getByRole('button', { name: 'Cancelar e voltar ao pedido' }).click();
    await expect(page).toHaveURL(/\/confirmation$/);

    await page.getByRole('tab', { name: 'Retirada' }).click();
    await page.getByRole('radio', { name: /^Pagamento online \(cartão\)/ }).check();
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
    await expect(page).toHaveURL(/\/card_checkout$/);
    await typeMercadoPagoCard(page, '3DSC');
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    const challenge = page.frameLocator('iframe[title="Confirme com o seu banco"]');
    await expect(challenge.getByRole('button', { name: 'Autenticar' })).toBeVisible();
    await checkScreen(page, name('card-challenge'));
    await challenge.getByRole('button', { name: 'Autenticar' }).click();
    await expect(page.getByRole('dialog', { name: 'Pedido realizado!' })).toBeVisible();
  });
}
