import type { Page } from '@playwright/test';

/*
 * Typing a card into the providers' own fields on the card route (the stand-in PSP's kits): the
 * fields are frames of the stand-in, never inputs of our page.
 */

export const STRIPE_CARD_FRAME = 'iframe[title="Secure card payment input frame"]';
export const mercadoPagoFrame = (type: string) => `iframe[title="Mercado Pago ${type}"]`;

/** Stripe's card element: number, expiry 12/34, CVC 123. */
export async function typeStripeCard(page: Page, number: string) {
  const frame = page.frameLocator(STRIPE_CARD_FRAME);
  await frame.getByRole('textbox', { name: 'Número do cartão' }).fill(number);
  await frame.getByRole('textbox', { name: 'MM / AA' }).fill('12 / 34');
  await frame.getByRole('textbox', { name: 'CVC' }).fill('123');
}

/** Mercado Pago's secure fields and our holder's fields; the holder's name says the test outcome. */
export async function typeMercadoPagoCard(page: Page, holder: string) {
  await page.frameLocator(mercadoPagoFrame('cardNumber')).getByRole('textbox').fill('5031 4332 1540 6351');
  await page.frameLocator(mercadoPagoFrame('expirationDate')).getByRole('textbox').fill('11/34');
  await page.frameLocator(mercadoPagoFrame('securityCode')).getByRole('textbox').fill('123');
  await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill(holder);
  await page.getByRole('textbox', { name: 'CPF do titular do cartão' }).fill('191.191.191-00');
}
