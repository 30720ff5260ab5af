import { buyAndCheckout, expectOrderPlaced, openSignedIn } from './support/checkout.ts';
import { API, signUpThroughApi } from './support/customers.ts';
import { E2E_PORT, expect, test } from './support/fixtures.ts';
import { staffToken } from './support/staff.ts';

/*
 * WhatsApp order updates (issue 36, docs/decisions/0072): Forno & Brasa's channel is the stand-in's.
 * A customer who agreed gets the accept and the ready-for-pickup as messages with the order's link on
 * the stand-in's phone; answering "status" there gets the order's status; "parar" stops the rest.
 * (The agreement is the profile's call here; the checkout's box is the storefront's.)
 */

const WHATSAPP = `http://127.0.0.1:${Number(process.env.WHATSAPP_STANDIN_PORT ?? E2E_PORT + 30)}`;
/** Forno & Brasa's number at the stand-in (modules/whatsapp/demo.ts). */
const DEMO_NUMBER = '100200300400500';

test.use({ serviceWorkers: 'block' });

test('a customer follows the order on WhatsApp, asks its status and stops the messages', async ({
  page,
  browser,
  request,
}) => {
  const token = await signUpThroughApi(request, 'Wanda Whats');
  const auth = { authorization: `Bearer ${token}` };
  const agreed = await request.put(`${API}/core/v2/app/customer/whatsapp`, {
    headers: auth,
    data: { atualizacoes_pedido: true },
  });
  expect(await agreed.json()).toEqual({ disponivel: true, atualizacoes_pedido: true });

  await openSignedIn(page, token);
  await buyAndCheckout(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 5);
  await page.getByRole('tab', { name: 'Retirada' }).click();
  await page.getByRole('radio', { name: 'Cartão de crédito (na retirada)' }).check();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expectOrderPlaced(page);
  const list = (await (await request.get(`${API}/bar/atendimentos_list_app`, { headers: auth })).json()) as {
    results: { id: number }[];
  };
  const orderId = list.results[0]!.id;

  // The store accepts and readies it (the board's moves, through its call).
  const staff = { authorization: `Bearer ${await staffToken(request)}` };
  for (const status of ['Preparo', 'Concluido']) {
    const moved = await request.post(`${API}/staff/orders/${orderId}/status`, {
      headers: staff,
      data: { status },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  // The customer's phone: the stand-in's simulator.
  const conversations = async () =>
    (await (await request.get(`${WHATSAPP}/simulator/conversations`)).json()) as {
      phoneNumberId: string;
      waId: string;
      name: string;
      messages: { template: string | null; text: string }[];
    }[];
  let waId = '';
  await expect
    .poll(async () => {
      const mine = (await conversations()).find(
        (conversation) =>
          conversation.phoneNumberId === DEMO_NUMBER &&
          conversation.messages.some((message) => message.text.includes(`/mobile/orders/${orderId}`)),
      );
      waId = mine?.waId ?? '';
      return mine?.messages.filter((message) => message.template).length ?? 0;
    })
    .toBe(2);

  const phonePage = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phonePage.goto(`${WHATSAPP}/?c=${DEMO_NUMBER}:${waId}`);
  const chat = phonePage.getByRole('main');
  await expect(
    chat.getByText(/Forno & Brasa aceitou seu pedido nº \d+\. Previsão: \d{2}:\d{2}\./),
  ).toBeVisible();
  await expect(chat.getByText(/está pronto para retirada em Forno & Brasa/)).toBeVisible();
  await expect(chat.getByRole('link', { name: new RegExp(`/mobile/orders/${orderId}$`) })).toHaveCount(2);

  // "status": the store answers by itself.
  await phonePage.getByRole('textbox', { name: 'Mensagem' }).fill('status');
  await phonePage.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByText(/Seu pedido nº \d+ está pronto\./)).toBeVisible();

  // "parar": no more updates (the delivery goes unannounced).
  await phonePage.getByRole('textbox', { name: 'Mensagem' }).fill('parar');
  await phonePage.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByText(/não vai mais receber atualizações/)).toBeVisible();
  const delivered = await request.post(`${API}/staff/orders/${orderId}/status`, {
    headers: staff,
    data: { status: 'Entregue' },
  });
  expect(delivered.ok()).toBe(true);
  await phonePage.waitForTimeout(3000);
  await phonePage.reload();
  await expect(chat.getByText(/foi entregue/)).toHaveCount(0);
  const settings = await request.get(`${API}/core/v2/app/customer/whatsapp`, { headers: auth });
  expect(await settings.json()).toEqual({ disponivel: true, atualizacoes_pedido: false });
  await phonePage.close();
});
