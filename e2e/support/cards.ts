import { expect, type Page } from '@playwright/test';

/*
 * Typing a card into the providers' own fields on the card route (the stand-in PSP's kits): the
 * fields are frames of the stand-in, never inputs of our page.
 */

export const STRIPE_CARD_FRAME = 'iframe[title="Secure card payment input frame"]';
export const mercadoPagoFrame = (type: string) => `iframe[title="Mercado Pago ${type}"]`;

/**
 * Stripe's card element shown on the page: its number field visible. The frame is of the stand-in's
 * origin (another site, so Chromium runs it out of process); a clean-clone run once saw its field
 * stay hidden, so a failure here says where the frame stood, for the next one to be understood.
 */
export async function expectStripeFields(page: Page) {
  const number = page.frameLocator(STRIPE_CARD_FRAME).getByRole('textbox', { name: 'Número do cartão' });
  try {
    await expect(number).toBeVisible();
  } catch (error) {
    const where = await describeStripeFrame(page).catch(
      (reason: Error) => `not described: ${reason.message}`,
    );
    throw new Error(`${(error as Error).message}\nThe card frame: ${where}`);
  }
}

async function describeStripeFrame(page: Page): Promise<string> {
  const outside = await page.locator(STRIPE_CARD_FRAME).evaluate((frame) => {
    const rect = frame.getBoundingClientRect();
    const view = frame.ownerDocument.defaultView!;
    const hiding: string[] = [];
    for (let node: typeof frame | null = frame; node; node = node.parentElement) {
      const style = view.getComputedStyle(node);
      if (style.display === 'none' || style.visibility !== 'visible' || node.hasAttribute('inert')) {
        hiding.push(
          `${node.tagName.toLowerCase()}.${node.className} display=${style.display} visibility=${style.visibility}`,
        );
      }
    }
    return `rect ${rect.x},${rect.y} ${rect.width}x${rect.height}, style height ${frame.style.height}, document ${frame.ownerDocument.visibilityState}; hidden by: ${hiding.join(' < ') || 'nothing'}`;
  });
  const frame = page.frames().find((candidate) => candidate.url().includes('/v3/elements/card'));
  const inside = frame
    ? await frame.locator('#number').evaluate((field) => {
        const rect = field.getBoundingClientRect();
        const root = field.ownerDocument.documentElement;
        return `inside: document ${field.ownerDocument.visibilityState}, viewport ${root.clientWidth}x${root.clientHeight}, field ${rect.width}x${rect.height}, visible ${field.checkVisibility()}`;
      })
    : 'inside: no frame at /v3/elements/card';
  return `${outside}; ${inside}`;
}

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
