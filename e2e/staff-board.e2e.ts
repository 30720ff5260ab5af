import type { APIRequestContext, Page } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { openSignedIn } from './support/checkout.ts';
import { API, signUpThroughApi, userIdOf } from './support/customers.ts';
import { expect, test, waitForMenu } from './support/fixtures.ts';
import { openBoard, staffToken } from './support/staff.ts';

/*
 * The store's side (issue 16): the staff app's live board on a counter tablet while a customer
 * orders on a phone, the store controls reaching the storefront, and the kitchen ticket's print
 * layout.
 */

const PIZZARIA_HOST = { host: `pizzaria.localhost:${new URL(API).port}` };

test.use({ serviceWorkers: 'block' });

/** Cancels every order still waiting for the store, so the board's alarm is about this test's order. */
async function clearNewOrders(request: APIRequestContext, token: string) {
  const reply = await request.get(`${API}/staff/orders?status=Solicitado&limit=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { results } = (await reply.json()) as { results: { id: number }[] };
  for (const order of results) {
    await request.post(`${API}/staff/orders/${order.id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: 'Cancelado', reason: 'Pedido de teste' },
    });
  }
}

/** Five Guaraná cans, pickup, card on delivery, from the phone; ends on the order's detail. Returns its id. */
/** The order's id (its address in the API) and its number in the store (what people read, ADR 0065). */
async function orderFromPhone(page: Page): Promise<{ id: number; number: number }> {
  await page.goto('/');
  await waitForMenu(page);
  await page.getByRole('searchbox').fill('guarana');
  await page.getByRole('button', { name: /Guaraná Antarctica lata 350 ml/ }).click();
  const dialog = page.getByRole('dialog');
  for (let i = 1; i < 5; i++) await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Inserir' }).click();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await page.getByRole('tab', { name: 'Retirada' }).click();
  await page.getByRole('radio', { name: 'Cartão de crédito (na retirada)' }).check();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
  await expect(result).toContainText(/Seu pedido nº \d+ foi recebido\./);
  const number = Number(/nº (\d+)/.exec((await result.textContent()) ?? '')?.[1]);
  await result.getByRole('button', { name: 'Ver status' }).click();
  await expect(page).toHaveURL(/\/mobile\/orders\/\d+$/);
  return { id: Number(new URL(page.url()).pathname.split('/').pop()), number };
}

test.describe('the staff board', () => {
  test('a new order appears live with the alarm; accepting stops it and moves the customer’s stepper; a refusal reaches the customer', async ({
    browser,
    page,
    request,
  }) => {
    await clearNewOrders(request, await staffToken(request));
    const board = await openBoard(browser);
    await board.getByRole('button', { name: 'Ativar som' }).click();
    const app = board.locator('.staff-app');
    await expect(app).toHaveAttribute('data-alarm', 'idle');

    const customer = await signUpThroughApi(request, 'Bia Balcão');
    await openSignedIn(page, customer);
    const { id, number } = await orderFromPhone(page);

    // No reload: the stream brings it.
    const card = board
      .getByRole('region', { name: 'Novos' })
      .getByRole('article', { name: `Pedido nº ${number}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('5× Guaraná Antarctica lata 350 ml');
    await expect(card).toContainText('Retirada no balcão');
    // A pickup order reads its card's name as the checkout showed it (issue 34), not '(na entrega)'.
    await expect(card).toContainText('Pagamento: Cartão de crédito (na retirada)');
    await expect(app).toHaveAttribute('data-alarm', 'ringing');
    await expect(board.getByRole('alert')).toContainText('1 pedido novo');

    await card.getByRole('button', { name: 'Aceitar' }).click();
    await expect(app).toHaveAttribute('data-alarm', 'idle');
    const preparing = board
      .getByRole('region', { name: 'Em preparo' })
      .getByRole('article', { name: `Pedido nº ${number}` });
    await expect(preparing).toBeVisible();
    const stepper = page.getByRole('list', { name: 'Andamento do pedido' });
    await expect(stepper.locator('[aria-current="step"]')).toHaveText(/Em preparo/);

    await preparing.getByRole('button', { name: 'Pronto' }).click();
    await expect(
      board
        .getByRole('region', { name: 'Prontos / saiu' })
        .getByRole('article', { name: `Pedido nº ${number}` }),
    ).toBeVisible();
    await expect(stepper.locator('[aria-current="step"]')).toHaveText(/Pronto/);

    // A second order, refused with a reason the customer reads.
    const { number: second } = await orderFromPhone(page);
    const secondCard = board.getByRole('article', { name: `Pedido nº ${second}` });
    await expect(secondCard).toBeVisible();
    await secondCard.getByRole('button', { name: 'Recusar' }).click();
    const reason = board.getByRole('dialog', { name: `Recusar o pedido nº ${second}` });
    await reason.getByRole('button', { name: 'Confirmar' }).click();
    await expect(reason.getByRole('alert')).toHaveText('Informe o motivo.');
    await reason.getByLabel('Motivo (o cliente vê)').fill('Acabou o gás');
    await reason.getByRole('button', { name: 'Confirmar' }).click();
    await expect(reason).toBeHidden();
    await expect(
      board
        .getByRole('region', { name: 'Concluídos hoje' })
        .getByRole('article', { name: `Pedido nº ${second}` }),
    ).toBeVisible();
    await expect(page.getByText('Motivo: Acabou o gás')).toBeVisible();
    await expect(app).toHaveAttribute('data-alarm', 'idle');

    // Another member of the staff delivers the first order: this board shows it without a reload.
    await request.post(`${API}/staff/orders/${id}/status`, {
      headers: { Authorization: `Bearer ${await staffToken(request)}` },
      data: { status: 'Entregue' },
    });
    await expect(
      board
        .getByRole('region', { name: 'Concluídos hoje' })
        .getByRole('article', { name: `Pedido nº ${number}` }),
    ).toBeVisible();
    await board.context().close();
  });

  test('pause closes the storefront with its reopening time; sold out hides the add button and the server refuses it', async ({
    browser,
    page,
    request,
  }) => {
    const board = await openBoard(browser);
    await board.getByRole('button', { name: 'Loja' }).click();
    await expect(board.getByText('Aberta agora')).toBeVisible();
    await board.getByLabel('Motivo da pausa (opcional)').fill('Cozinha cheia');
    await board.getByRole('button', { name: '15 min' }).click();
    await expect(board.getByText(/Pausada até \d{2}:\d{2} · Cozinha cheia/)).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Pedidos pausados' })).toBeVisible();
    await expect(page.getByText('Motivo: Cozinha cheia')).toBeVisible();
    await expect(page.getByText(/Voltamos a aceitar pedidos (hoje|amanhã) às \d{2}:\d{2}\./)).toBeVisible();

    await board.getByRole('button', { name: 'Encerrar pausa' }).click();
    await expect(board.getByText('Aberta agora')).toBeVisible();
    await page.reload();
    await waitForMenu(page);

    // The list opens folded: the search finds the product and opens its category.
    await board.getByRole('searchbox', { name: 'Buscar produto ou opção' }).fill('guarana antarctica lata');
    const guarana = board.getByRole('checkbox', { name: 'Esgotado: Guaraná Antarctica lata 350 ml' });
    await guarana.check();
    await expect(guarana).toBeChecked();
    try {
      await page.reload();
      await waitForMenu(page);
      await page.getByRole('searchbox').fill('guarana');
      const row = page.getByRole('button', { name: /Guaraná Antarctica lata 350 ml/ });
      await expect(row).toContainText('Esgotado');
      await row.click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Esgotado' })).toBeDisabled();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Inserir' })).toHaveCount(0);

      // A crafted order for it is refused by the server.
      const token = await signUpThroughApi(request, 'Caio Curioso');
      const products = (await (
        await request.get(`${API}/estoque/produtos_app`, { headers: PIZZARIA_HOST })
      ).json()) as { id: number; descricao: string; valor_venda: number }[];
      const can = products.find((p) => p.descricao === 'Guaraná Antarctica lata 350 ml')!;
      const crafted = await request.post(`${API}/bar/v2/app/order/upsert/`, {
        headers: { Authorization: `Bearer ${token}`, 'idempotency-key': `sold-out-${Date.now()}` },
        data: submission(userIdOf(token), [
          { produto: can.id, qtd: 5, produto_valor: can.valor_venda, itens_pedidos: [] },
        ]),
      });
      expect(crafted.status(), await crafted.text()).toBe(409);
      expect(((await crafted.json()) as { code: string }).code).toBe('SOLD_OUT');
    } finally {
      await guarana.uncheck();
      await expect(guarana).not.toBeChecked();
      await board.context().close();
    }
  });

  test('the kitchen ticket prints on 80 mm paper', async ({ browser, page, request }) => {
    const customer = await signUpThroughApi(request, 'Téo Ticket');
    await openSignedIn(page, customer);
    const { number } = await orderFromPhone(page);
    const board = await openBoard(browser);
    const card = board.getByRole('article', { name: `Pedido nº ${number}` });
    await card.getByRole('button', { name: 'Imprimir' }).click();
    await board.emulateMedia({ media: 'print' });
    const ticket = board.getByTestId('ticket');
    await expect(ticket).toBeVisible();
    await expect(ticket).toContainText('COZINHA');
    await expect(ticket).toContainText(`#${number}`);
    await expect(ticket).toContainText('5x Guaraná Antarctica lata 350 ml');
    await expect(ticket).toContainText('RETIRADA');
    // 72 mm of print at 96 px per inch, inside the 80 mm roll.
    const box = (await ticket.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(Math.ceil((80 / 25.4) * 96));
    await expect(board.locator('.staff-app')).toBeHidden();
    await ticket.screenshot({ path: test.info().outputPath('kitchen-ticket.png') });
    await board.context().close();
  });

  test('with auto-accept and auto-print on, a new order goes to preparing and its ticket prints with nobody tapping', async ({
    browser,
    page,
    request,
  }) => {
    const token = await staffToken(request);
    const settings = (body: object) =>
      request.patch(`${API}/staff/store/settings`, {
        headers: { Authorization: `Bearer ${token}` },
        data: body,
      });
    await clearNewOrders(request, token);
    expect((await settings({ auto_accept: true, auto_print: true })).status()).toBe(200);
    try {
      const board = await openBoard(browser);
      const customer = await signUpThroughApi(request, 'Otto Automático');
      await openSignedIn(page, customer);
      const { number } = await orderFromPhone(page);
      const preparing = board.getByRole('region', { name: 'Em preparo' });
      await expect(preparing.getByRole('article', { name: `Pedido nº ${number}` })).toBeVisible();
      await board.emulateMedia({ media: 'print' });
      const ticket = board.getByTestId('ticket');
      await expect(ticket).toContainText('COZINHA');
      await expect(ticket).toContainText(`#${number}`);
      // Nothing rings: the order was accepted by the store's setting.
      await expect(board.locator('.staff-app')).toHaveAttribute('data-alarm', 'idle');
      await board.context().close();
    } finally {
      await settings({ auto_accept: false, auto_print: false });
    }
  });

  test('today at a glance and the orders of the day as a spreadsheet', async ({ browser, page, request }) => {
    const customer = await signUpThroughApi(request, 'Rita Relatório');
    await openSignedIn(page, customer);
    const { number } = await orderFromPhone(page);
    const board = await openBoard(browser);
    await board.getByRole('button', { name: 'Hoje' }).click();
    const today = board.getByRole('region', { name: 'Hoje até agora' });
    await expect(today.getByText('Faturamento')).toBeVisible();
    await expect(today.getByText('Guaraná Antarctica lata 350 ml')).toBeVisible();
    const [download] = await Promise.all([
      board.waitForEvent('download'),
      board.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.startsWith('\uFEFFPedido;Data;Status;Cliente;')).toBe(true);
    // The order by its number in the store, as people read it (ADR 0065), not its id.
    expect(csv).toContain(`\r\n${number};`);
    await board.context().close();
  });

  test('the owner adds an attendant, who sees the orders but not the store’s controls, figures or team; removed, they are signed out', async ({
    browser,
  }) => {
    const owner = await openBoard(browser);
    await owner.getByRole('button', { name: 'Equipe' }).click();
    const add = owner.getByRole('region', { name: 'Adicionar à equipe' });
    // A fresh phone each run: the journeys' database lives across retries.
    const phone = `1196${String(Date.now()).slice(-7)}`;
    await add.getByLabel('Nome').fill('Bia Atendente');
    await add.getByLabel('Celular').fill(phone);
    await add.getByLabel('Função').selectOption('attendant');
    await add.getByLabel('Senha inicial').fill('senha-da-bia-1');
    await add.getByRole('button', { name: 'Adicionar' }).click();
    await expect(
      owner.getByRole('status').filter({ hasText: 'Bia Atendente foi adicionado(a)' }),
    ).toBeVisible();
    const member = owner.getByRole('listitem', { name: 'Bia Atendente' });
    await expect(member.getByLabel('Função')).toHaveValue('attendant');

    const attendant = await openBoard(browser, { phone, password: 'senha-da-bia-1' });
    await expect(attendant.getByRole('button', { name: 'Loja', exact: true })).toBeVisible();
    await expect(attendant.getByRole('button', { name: 'Hoje' })).toHaveCount(0);
    await expect(attendant.getByRole('button', { name: 'Equipe' })).toHaveCount(0);
    await attendant.getByRole('button', { name: 'Loja', exact: true }).click();
    await expect(attendant.getByText('Só gerentes e donos abrem, fecham ou pausam a loja.')).toBeVisible();
    await expect(attendant.getByRole('button', { name: 'Fechar agora' })).toHaveCount(0);
    await expect(attendant.getByRole('region', { name: 'Esgotados' })).toBeVisible();
    await attendant.screenshot({ path: test.info().outputPath('attendant-store-controls.png') });

    await member.getByRole('button', { name: 'Remover' }).click();
    await member.getByRole('button', { name: 'Remover' }).click();
    await expect(owner.getByRole('listitem', { name: 'Bia Atendente' })).toHaveCount(0);
    // The attendant's session ended: opening the app again asks to sign in.
    await attendant.reload();
    await expect(attendant.getByRole('heading', { name: 'Entrar na equipe' })).toBeVisible();
    await owner.context().close();
    await attendant.context().close();
  });
});
