import type { APIRequestContext, Page } from '@playwright/test';
import {
  buyAndCheckout,
  checkoutTotal,
  expectOrderPlaced,
  openSignedIn,
  type WithStorage,
} from './support/checkout.ts';
import { API, signUpThroughApi, userIdOf } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';

/*
 * Checkout and order placement (issue 7) on the demo pizzeria, on a phone: pickup with card on
 * delivery, delivery with cash and change, a coupon from the URL, the minimum-order dialog.
 */

/** Saves an address in Consolação (a pizzaria neighbourhood) for the customer. */
async function createAddress(request: APIRequestContext, token: string) {
  const neighbourhoods = (await (await request.get(`${API}/core/bairros_app?format=json`)).json()) as {
    id: number;
    descricao: string;
    cidade_id: number;
  }[];
  const consolacao = neighbourhoods.find((n) => n.descricao === 'Consolação') ?? neighbourhoods[0]!;
  const reply = await request.post(`${API}/core/v2/app/customer/upsert-addresses/`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      addresses: [
        {
          name: 'Casa',
          street: 'Rua Augusta',
          street_number: '1500',
          complement: 'apto 12',
          city_id: consolacao.cidade_id,
          district_id: consolacao.id,
        },
      ],
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  expect(userIdOf(token)).toBeGreaterThan(0);
}

/** Puts `count` Guaraná cans (R$ 6,50 each) in the cart and goes to /confirmation. */
const buyGuarana = (page: Page, count: number) =>
  buyAndCheckout(page, 'guarana', /Guaraná Antarctica lata 350 ml/, count);
const total = checkoutTotal;

/** Placed, with its estimate, and the saved cart is gone (a reload cannot order it again). */
async function expectSuccess(page: Page) {
  await expectOrderPlaced(page, { estimate: true });
  expect(
    await page.evaluate(() => (globalThis as unknown as WithStorage).localStorage.getItem('shop_cart')),
  ).toBeNull();
}

test.use({ serviceWorkers: 'block' });

test.describe('checkout', () => {
  test('pickup with card on delivery', async ({ page, request }) => {
    const token = await signUpThroughApi(request);
    await openSignedIn(page, token);
    await buyGuarana(page, 5);
    await page.getByRole('tab', { name: 'Retirada' }).click();
    await expect(page.getByText('Rua Augusta, 1500 - Consolação, São Paulo - SP')).toBeVisible();
    await expect(total(page)).toHaveText('R$ 32,50');
    await page.getByRole('radio', { name: 'Cartão de crédito (na retirada)' }).check();
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expectSuccess(page);
  });

  test('delivery with cash and change', async ({ page, request }) => {
    const token = await signUpThroughApi(request);
    await createAddress(request, token);
    await openSignedIn(page, token);
    await buyGuarana(page, 5);
    await expect(page.getByRole('tab', { name: 'Entregar' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Casa', { exact: true })).toBeVisible();
    await expect(total(page)).toHaveText('R$ 37,50');
    // Cash asks for the change first; the radio is checked once the amount is accepted.
    await page.getByRole('radio', { name: 'Dinheiro' }).click();
    const change = page.getByRole('dialog', { name: 'Precisa de troco?' });
    await change.getByRole('textbox', { name: 'Troco para quanto?' }).fill('20');
    await change.getByRole('button', { name: 'Confirmar' }).click();
    await expect(change.getByText('O valor deve ser pelo menos o total do pedido (R$ 37,50).')).toBeVisible();
    await change.getByRole('textbox', { name: 'Troco para quanto?' }).fill('100');
    await change.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Troco para R$ 100,00')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Dinheiro' })).toBeChecked();
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expectSuccess(page);
  });

  test('a coupon from the URL is applied', async ({ page, request }) => {
    const token = await signUpThroughApi(request);
    await openSignedIn(page, token, '/?coupon=BEMVINDO10');
    await buyGuarana(page, 5);
    await page.getByRole('tab', { name: 'Retirada' }).click();
    // Applied on arrival, without opening the coupon dialog.
    await expect(page.getByText('Cupom BEMVINDO10 aplicado')).toBeVisible();
    await expect(total(page)).toHaveText('R$ 29,25');
    await page.getByRole('radio', { name: 'Cartão de débito (na retirada)' }).check();
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expectSuccess(page);
  });

  test("paying to the store's PIX key: the key, its holder and a copy button, then the receipt to send", async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await signUpThroughApi(request);
    await openSignedIn(page, token);
    await buyGuarana(page, 5);
    await page.getByRole('tab', { name: 'Retirada' }).click();
    await page.getByRole('radio', { name: 'PIX (chave da loja)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pague com a chave PIX da loja' });
    await expect(dialog.getByRole('textbox', { name: 'Chave PIX (e-mail)' })).toHaveValue(
      'pix@fornoebrasa.example',
    );
    await expect(dialog).toContainText('Titular: Forno e Brasa Alimentos LTDA');
    await dialog.getByRole('button', { name: 'Copiar' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Chave copiada!');
    const clipboard = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(clipboard).toBe('pix@fornoebrasa.example');
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    await expect(page.getByRole('button', { name: 'Confirmar pedido · R$ 32,50' })).toBeVisible();
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
    const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
    const proof = result.getByRole('link', { name: 'Enviar comprovante' });
    await expect(proof).toHaveAttribute('href', /^https:\/\/wa\.me\/5511999990000\?text=.*pedido/);
    await expectOrderPlaced(page);
  });

  test('dialogs keep their text off the edges; links styled as buttons centre their label', async ({
    page,
    request,
  }) => {
    const token = await signUpThroughApi(request);
    await openSignedIn(page, token);
    await buyGuarana(page, 1);
    const dialog = page.getByRole('dialog', { name: 'Pedido mínimo' });
    const box = (await dialog.boundingBox())!;
    const title = (await dialog.getByRole('heading', { name: 'Pedido mínimo' }).boundingBox())!;
    expect(title.x - box.x).toBeGreaterThanOrEqual(16);
    expect(title.y - box.y).toBeGreaterThanOrEqual(16);
    const link = dialog.getByRole('link', { name: 'Comprar mais' });
    type Rect = { x: number; y: number; width: number; height: number };
    type PageDom = {
      document: { createRange(): { selectNodeContents(node: unknown): void; getBoundingClientRect(): Rect } };
      getComputedStyle(element: unknown): { textDecorationLine: string };
    };
    const label = await link.evaluate((element) => {
      const dom = globalThis as unknown as PageDom;
      const range = dom.document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      const pill = (element as unknown as { getBoundingClientRect(): Rect }).getBoundingClientRect();
      return {
        dx: Math.abs(text.x + text.width / 2 - (pill.x + pill.width / 2)),
        dy: Math.abs(text.y + text.height / 2 - (pill.y + pill.height / 2)),
        underline: dom.getComputedStyle(element).textDecorationLine,
      };
    });
    expect(label.dx).toBeLessThan(2);
    expect(label.dy).toBeLessThan(2);
    expect(label.underline).toBe('none');
  });

  test('a cart below the minimum opens the minimum-order dialog', async ({ page, request }) => {
    const token = await signUpThroughApi(request);
    await openSignedIn(page, token);
    await buyGuarana(page, 1);
    const dialog = page.getByRole('dialog', { name: 'Pedido mínimo' });
    await expect(dialog).toContainText('R$ 25,00');
    await dialog.getByRole('link', { name: 'Comprar mais' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});
