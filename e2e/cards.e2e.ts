import type { Locator, Page, Request } from '@playwright/test';
import {
  expectStripeFields,
  mercadoPagoFrame,
  STRIPE_CARD_FRAME,
  typeMercadoPagoCard,
  typeStripeCard,
} from './support/cards.ts';
import { buyAndCheckout, expectOrderPlaced, openSignedIn } from './support/checkout.ts';
import { signUpOnPage } from './support/customers.ts';
import { E2E_CLOSED_PORT, expect, test } from './support/fixtures.ts';

/*
 * Cards online on the demo sakura, on a phone (issue 15, spec section 4 "Card payment";
 * docs/decisions/0029-cards-online.md): sakura takes cards through Stripe's API shape, answered by
 * the stand-in PSP, whose kit (Stripe.js's calls) is what the card route loads. On the second server
 * (its clock at next Monday noon, sakura closed but taking scheduled orders) so the journey does not
 * depend on the time it runs: every order is scheduled for the first free period.
 *
 * Every request the page makes to our server is kept: none may carry the card's number or expiry
 * (the card goes from the provider's frame to the provider only).
 */

const SAKURA = `http://sakura.localhost:${E2E_CLOSED_PORT}`;

/** A new sakura customer, signed in on the page. */
async function newCustomer(page: Page) {
  await openSignedIn(page, await signUpOnPage(page, SAKURA), '/', SAKURA);
}

/** Two temakis skin (R$ 51,80) for pickup, scheduled for the first free period; on /confirmation. */
async function checkoutScheduled(page: Page) {
  await buyAndCheckout(page, 'skin', /Temaki skin/, 2);
  await page.getByRole('tab', { name: 'Retirada' }).click();
  const schedule = page.getByRole('region', { name: 'Agendamento' });
  await schedule.getByRole('button', { name: 'Escolher horário' }).click();
  const periods = page.getByRole('dialog', { name: 'Escolha um horário' });
  await periods.getByRole('region').first().getByRole('button').first().click();
  await expect(periods).toBeHidden();
}

/**
 * Inside a provider's frame: the field's first font family, and whether the frame has that font
 * loaded (an @font-face of it that loads; without one the browser falls back and finds none).
 */
function storeFontIn(field: Locator, family: string) {
  return field.evaluate(async (element, name) => {
    const faces = await element.ownerDocument.fonts.load(`16px "${name}"`);
    const style = element.ownerDocument.defaultView!.getComputedStyle(element);
    return {
      family: style.fontFamily.split(',')[0]!.replace(/["']/g, '').trim(),
      loaded: faces.some((face: { status: string }) => face.status === 'loaded'),
    };
  }, family);
}

/** Records the bodies and URLs of every request the page sends to our server. */
function recordOwnRequests(page: Page, origin = SAKURA): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(origin)) return;
    seen.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  return seen;
}

test.describe('cards online on sakura (Stripe shape, stand-in PSP)', () => {
  // Orders paid by card, several in a journey, beside a second worker on the 2-core machine: they
  // took up to the default minute under load (docs/decisions/0046). A budget, not a retry.
  test.describe.configure({ timeout: 180_000 });
  test('a new card, saved; the next order with the saved card; the card deleted from the profile', async ({
    page,
  }) => {
    const ownRequests = recordOwnRequests(page);
    await newCustomer(page);
    await checkoutScheduled(page);
    // Sakura takes cards through the app: online is preselected (spec section 4 "Store-level payment mode").
    await expect(page.getByRole('radio', { name: 'Pagamento online (cartão)' })).toBeChecked();
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();

    await expect(page).toHaveURL(/\/card_checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento com cartão' })).toBeVisible();
    await expect(page.getByText('R$ 51,80', { exact: true })).toBeVisible();
    const pay = page.getByRole('button', { name: 'Pagar R$ 51,80' });
    await expect(pay).toBeDisabled();
    await typeStripeCard(page, '4242 4242 4242 4242');
    await expect(pay).toBeEnabled();
    await page.getByRole('checkbox', { name: 'Salvar este cartão para as próximas compras' }).check();
    await pay.click();
    await expectOrderPlaced(page);

    // Paying again with the saved card: charged by the server behind 'paying by card', never leaving checkout.
    await page.goto(`${SAKURA}/`);
    await checkoutScheduled(page);
    const saved = page.getByRole('radio', { name: 'Visa final 4242' });
    await expect(saved).toHaveAccessibleDescription('Cartão salvo');
    await saved.check();
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
    await expectOrderPlaced(page);

    // The number and the expiry never reached our server.
    expect(ownRequests.length).toBeGreaterThan(10);
    for (const sent of ownRequests) {
      expect(sent).not.toMatch(/4242\s?4242\s?4242\s?4242|12\s?\/\s?34/);
    }

    await page.goto(`${SAKURA}/profile`);
    const cards = page.getByRole('region', { name: 'Cartões salvos' });
    await expect(cards).toContainText('Visa •••• 4242');
    await cards.getByRole('button', { name: 'Excluir o cartão Visa •••• 4242' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir cartão' });
    await expect(confirm).toContainText('Deseja excluir o cartão Visa •••• 4242?');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(cards.getByRole('status')).toHaveText('Cartão excluído com sucesso.');
    await expect(cards).not.toContainText('Visa •••• 4242');
  });

  test.describe('declined, then 3-D Secure', () => {
    // The stand-in answers a decline with 402, as Stripe does; the browser logs the failed call.
    test.use({ allowedConsoleErrors: [/status of 402/] });

    test('a declined card shows the decline; another card passes its bank’s challenge', async ({ page }) => {
      await newCustomer(page);
      await checkoutScheduled(page);
      await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
      await expect(page).toHaveURL(/\/card_checkout$/);
      await typeStripeCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Pagar R$ 51,80' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Cartão recusado pelo banco. Tente outro cartão ou outra forma de pagamento.',
      );

      await typeStripeCard(page, '4000 0027 6000 3184');
      await page.getByRole('button', { name: 'Pagar R$ 51,80' }).click();
      const challenge = page.frameLocator('iframe[title="3D Secure"]');
      await expect(challenge.getByRole('heading', { name: 'Autenticação do banco (teste)' })).toBeVisible();
      await challenge.getByRole('button', { name: 'Autenticar' }).click();
      await expectOrderPlaced(page);
    });
  });

  test('cancelling the card payment returns to the order with the cart', async ({ page }) => {
    await newCustomer(page);
    await checkoutScheduled(page);
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
    await expect(page).toHaveURL(/\/card_checkout$/);
    await page.getByRole('button', { name: 'Cancelar e voltar ao pedido' }).click();
    await expect(page).toHaveURL(/\/confirmation$/);
    await expect(page.getByRole('radio', { name: 'Pagamento online (cartão)' })).toBeVisible();
  });

  test("the card fields type in the store's font (Lora), loaded in the provider's frame (issue 34)", async ({
    page,
  }) => {
    await newCustomer(page);
    await checkoutScheduled(page);
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
    await expect(page).toHaveURL(/\/card_checkout$/);
    await expectStripeFields(page);
    const number = page.frameLocator(STRIPE_CARD_FRAME).getByRole('textbox', { name: 'Número do cartão' });
    expect(await storeFontIn(number, 'Lora')).toEqual({ family: 'Lora', loaded: true });
  });

  test('card fields that load while hidden take their height once shown', async ({ page }) => {
    await newCustomer(page);
    await checkoutScheduled(page);
    // The provider's frame loads under a hidden box (as it may before its first layout): it measures
    // nothing then, and must not stay collapsed when the box is shown.
    // (The card route is a page load of its own, so the rule goes in with every document.)
    await page.addInitScript({
      content: `document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.id = 'hide-card-fields';
        style.textContent = '.card-fields { display: none }';
        document.head.append(style);
      });`,
    });
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
    await expect(page).toHaveURL(/\/card_checkout$/);
    // Its script, which measures the page, is the last thing in it.
    await expect(page.frameLocator(STRIPE_CARD_FRAME).locator('script')).toBeAttached();
    await page.locator('#hide-card-fields').evaluate((style) => style.remove());
    await expectStripeFields(page);
    const height = await page
      .locator(STRIPE_CARD_FRAME)
      .evaluate((frame) => frame.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(100);
  });
});

/*
 * Mercado Pago's shape on the demo pizzaria (the token flow): the SDK's secure fields (frames of the
 * stand-in) take the card, the holder's name says the test outcome (APRO pays, FUND has no funds,
 * 3DSC asks for the issuer's challenge), and the server pays with the token.
 */
const PIZZARIA = `http://pizzaria.localhost:${E2E_CLOSED_PORT}`;

async function newPizzariaCustomer(page: Page) {
  await openSignedIn(page, await signUpOnPage(page, PIZZARIA), '/', PIZZARIA);
}

/** Five Guaraná cans (R$ 32,50) for pickup, paid online by card; on the card route. */
async function toMercadoPagoCard(page: Page, card: 'new' | RegExp = 'new') {
  await buyAndCheckout(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 5);
  await page.getByRole('tab', { name: 'Retirada' }).click();
  if (card === 'new') await page.getByRole('radio', { name: 'Pagamento online (cartão)' }).check();
  else await page.getByRole('radio', { name: card }).check();
  await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
  await expect(page).toHaveURL(/\/card_checkout$/);
}

test.describe("cards online on the pizzaria (Mercado Pago's shape, stand-in PSP)", () => {
  // Three orders paid by card in one journey beside a second worker on the 2-core machine: it took
  // past the default minute under load (docs/decisions/0046). A budget, not a retry.
  test.describe.configure({ timeout: 180_000 });
  // The stand-in answers a decline with 402; the browser logs the failed call.
  test.use({ allowedConsoleErrors: [/status of 402/] });

  test("the secure fields type in the store's font (Poppins), loaded in each provider frame (issue 34)", async ({
    page,
  }) => {
    await newPizzariaCustomer(page);
    await toMercadoPagoCard(page);
    for (const type of ['cardNumber', 'expirationDate', 'securityCode']) {
      const field = page.frameLocator(mercadoPagoFrame(type)).getByRole('textbox');
      await expect(field).toBeVisible();
      expect(await storeFontIn(field, 'Poppins'), type).toEqual({ family: 'Poppins', loaded: true });
    }
  });

  test('declined, then paid and saved; the saved card pays with its security code; a challenge passes', async ({
    page,
  }) => {
    const ownRequests = recordOwnRequests(page, PIZZARIA);
    await newPizzariaCustomer(page);
    await toMercadoPagoCard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento com cartão' })).toBeVisible();
    const pay = page.getByRole('button', { name: 'Pagar R$ 32,50' });
    await expect(pay).toBeDisabled();
    await typeMercadoPagoCard(page, 'FUND');
    await pay.click();
    await expect(page.getByRole('alert')).toHaveText('Cartão recusado: saldo ou limite insuficiente.');

    await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('APRO');
    await page.getByRole('checkbox', { name: 'Salvar este cartão para as próximas compras' }).check();
    await pay.click();
    await expectOrderPlaced(page);

    await page.goto(`${PIZZARIA}/`);
    await toMercadoPagoCard(page, /^Mastercard final 6351/);
    await expect(page.getByRole('heading', { level: 2, name: 'Cartão final 6351' })).toBeVisible();
    await page.frameLocator(mercadoPagoFrame('securityCode')).getByRole('textbox').fill('123');
    await page.getByRole('button', { name: 'Pagar R$ 32,50' }).click();
    await expectOrderPlaced(page);

    await page.goto(`${PIZZARIA}/`);
    await toMercadoPagoCard(page);
    await typeMercadoPagoCard(page, '3DSC');
    await page.getByRole('button', { name: 'Pagar R$ 32,50' }).click();
    const challenge = page.frameLocator('iframe[title="Confirme com o seu banco"]');
    await challenge.getByRole('button', { name: 'Autenticar' }).click();
    await expectOrderPlaced(page);

    for (const sent of ownRequests) {
      expect(sent).not.toMatch(/5031\s?4332\s?1540\s?6351|11\s?\/\s?34/);
    }
  });
});
