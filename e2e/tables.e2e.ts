import type { StaffTab, StaffTablesReply } from '@comanda/contract';
import { formatBRL, splitEvenly } from '@comanda/domain';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { typeMercadoPagoCard, typeStripeCard } from './support/cards.ts';
import { openSignedIn } from './support/checkout.ts';
import { API, signUpData, signUpThroughApi, userIdOf } from './support/customers.ts';
import { E2E_PORT, expect, storeUrl, test, waitForMenu } from './support/fixtures.ts';
import { openBoard, staffToken } from './support/staff.ts';

/*
 * Table mode (issue 19; spec sections 2 "Table self-checkout entry", 6 "Local (table) mode", 8
 * "Table not found"): guests scan a table's QR code on their phones, order rounds, follow the
 * table's tab, call the waiter and ask for the bill; the staff board hears the calls and closes the
 * tab split in two with the service fee.
 */

const SAKURA_STAFF_PHONE = process.env.E2E_SAKURA_STAFF_PHONE ?? '11955550101';
/** sakura whose counter seats pay at the table (e2e/support/seed-journeys.ts), and its staff. */
const SAKURA_MESA = 'sakura-mesa';
const SAKURA_MESA_STAFF_PHONE = process.env.E2E_SAKURA_MESA_STAFF_PHONE ?? '11955550102';
/** The stand-in PSP beside the journeys' first server (e2e/start-server.sh). */
const PSP = `http://127.0.0.1:${Number(process.env.PSP_STANDIN_PORT ?? E2E_PORT + 10)}`;

test.use({ serviceWorkers: 'block' });

/** The tab the staff sees of a table, as its host's staff. */
async function staffTabOf(request: APIRequestContext, slug: string, token: string, tableId: number) {
  const reply = await request.get(`${API}/staff/tabs?status=open,closing,closed`, {
    headers: { host: `${slug}.localhost:${E2E_PORT}`, Authorization: `Bearer ${token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { tabs: StaffTab[] }).tabs.find((tab) => tab.table.id === tableId)!;
}

/** The staff closes the table's tab split evenly in two, with the store's service fee. */
async function closeInTwo(request: APIRequestContext, slug: string, token: string, tableId: number) {
  const tab = await staffTabOf(request, slug, token, tableId);
  const reply = await request.post(`${API}/staff/tabs/${tab.id}/close`, {
    headers: { host: `${slug}.localhost:${E2E_PORT}`, Authorization: `Bearer ${token}` },
    data: { service_fee: true, split: { mode: 'even', people: 2 } },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as StaffTab).partes;
}

/** Every request the page sends to our server (method, address, body): never a card's number. */
function recordOwnRequests(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().startsWith(origin)) {
      seen.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
    }
  });
  return seen;
}

async function staffTables(
  request: APIRequestContext,
  slug: string,
  token: string,
): Promise<StaffTablesReply> {
  const reply = await request.get(`${API}/staff/tables`, {
    headers: { host: `${slug}.localhost:${E2E_PORT}`, Authorization: `Bearer ${token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as StaffTablesReply;
}

/** The path and query of a table's QR address (what the phone's camera opens). */
const qrPath = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Adds `count` of a product without choices from the table's menu and confirms the round. */
async function orderRound(page: Page, search: string, name: RegExp, count: number) {
  await page.goto('/');
  await waitForMenu(page);
  await page.getByRole('searchbox').fill(search);
  await page.getByRole('button', { name }).first().click();
  const dialog = page.getByRole('dialog');
  for (let i = 1; i < count; i++) await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Inserir' }).click();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('region', { name: 'Pedido para a mesa' })).toBeVisible();
  // Table orders are eaten in, pay at the table here, and have no notes (spec section 6).
  await expect(page.getByRole('tab', { name: 'Entregar' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Retirada' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
  await expect(result).toBeVisible();
  await result.getByRole('button', { name: 'Ver conta da mesa' }).click();
  await expect(page).toHaveURL(/\/mesa$/);
}

const failedReply = (...statuses: number[]) =>
  new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join('|')})`);

test.describe('table mode', () => {
  test('guests scan the QR code, order two rounds, call the waiter and ask for the bill; the board closes the tab split in two with the fee, one half paid by PIX in the app and the other at the counter', async ({
    browser,
    page,
    request,
  }) => {
    const staff = await staffToken(request);
    const { tables, settings } = await staffTables(request, 'pizzaria', staff);
    expect(settings.service_fee_percent).toBe(10);
    const table = tables.find(
      (candidate) => candidate.ativo && candidate.tab === null && /^Mesa 3$/.test(candidate.description),
    );
    expect(table, 'Mesa 3 is free').toBeDefined();

    const board = await openBoard(browser);
    await board.getByRole('button', { name: 'Ativar som' }).click();

    // The guest signs in and scans the table's QR code.
    const guest = await signUpThroughApi(request, 'Tales Mesa');
    await openSignedIn(page, guest);
    await page.goto(qrPath(table!.links.local));
    await expect(page).toHaveURL(/\/$/);
    expect(page.url()).not.toContain('token=');
    const banner = page.getByRole('region', { name: 'Sua mesa' });
    await expect(banner).toContainText('Mesa 3');
    await expect(page.getByText('Pedido mínimo')).toHaveCount(0);

    // Two rounds join one tab.
    await orderRound(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 2);
    await expect(page.getByRole('heading', { name: 'Rodada 1' })).toBeVisible();
    await orderRound(page, 'petit', /Petit gâteau/, 1);
    const rounds = page.getByRole('region', { name: 'Rodadas' });
    await expect(rounds.getByRole('heading', { name: 'Rodada 1' })).toBeVisible();
    await expect(rounds.getByRole('heading', { name: 'Rodada 2' })).toBeVisible();

    // The kitchen gets each round as its own card, named by table and round.
    const newOrders = board.getByRole('region', { name: 'Novos' });
    await expect(newOrders.getByText('Mesa 3 · Rodada 1')).toBeVisible();
    await expect(newOrders.getByText('Mesa 3 · Rodada 2')).toBeVisible();

    // The guest calls the waiter: the board shows it live and rings; the waiter answers.
    await page.getByRole('button', { name: 'Chamar garçom' }).first().click();
    await expect(page.getByText(/Garçom chamado às \d{2}:\d{2}/).first()).toBeVisible();
    const calls = board.getByRole('region', { name: 'Chamados das mesas' }).first();
    await expect(calls).toContainText('Mesa 3 chamou o garçom');
    await expect(board.locator('.staff-app')).toHaveAttribute('data-alarm', 'ringing');
    await calls.getByRole('button', { name: 'Atender: Mesa 3 chamou o garçom' }).click();
    await expect(board.getByText('Mesa 3 chamou o garçom')).toHaveCount(0);

    // The guest asks for the bill.
    await page.getByRole('button', { name: 'Pedir a conta' }).click();
    await expect(page.getByText(/Conta pedida às \d{2}:\d{2}/).first()).toBeVisible();
    await expect(board.getByRole('region', { name: 'Chamados das mesas' }).first()).toContainText(
      'Mesa 3 pediu a conta',
    );

    // The staff closes the tab split in two, the 10% fee shown before confirming.
    const tabReply = await request.get(`${API}/staff/tabs?status=open`, {
      headers: { Authorization: `Bearer ${staff}` },
    });
    const tab = ((await tabReply.json()) as { tabs: StaffTab[] }).tabs.find((t) => t.table.id === table!.id)!;
    const shares = splitEvenly({ due: tab.totais.a_pagar, serviceFee: tab.totais.taxa_servico }, 2);
    expect(tab.totais.taxa_servico).toBe(Math.floor((tab.totais.a_pagar * 10 + 50) / 100));

    await board.getByRole('button', { name: /^Mesas/ }).click();
    await board.getByRole('button', { name: /^Mesa 3 / }).click();
    await expect(board.getByText('Taxa de serviço (10%)').first()).toBeVisible();
    await board.getByRole('button', { name: 'Fechar conta' }).click();
    const close = board.getByRole('dialog', { name: 'Fechar a conta · Mesa 3' });
    await expect(close.getByRole('checkbox', { name: /Cobrar taxa de serviço \(10%\)/ })).toBeChecked();
    await close.getByRole('button', { name: 'Mais (Pessoas)' }).click();
    const preview = close.getByRole('list', { name: 'Partes' });
    await expect(preview).toContainText(`Parte 1: ${formatBRL(shares[0]!.amount)}`);
    await expect(preview).toContainText(`Parte 2: ${formatBRL(shares[1]!.amount)}`);
    await close.getByRole('button', { name: 'Fechar conta' }).click();
    await expect(close).toBeHidden();

    // The guest sees the shares and pays the first by PIX in the app, as the bank would at the stand-in.
    await page.reload();
    const split = page.getByRole('region', { name: 'Divisão da conta' });
    await expect(split).toContainText(formatBRL(shares[0]!.amount));
    await expect(split).toContainText(formatBRL(shares[1]!.amount));
    await split.getByRole('button', { name: 'Pagar a parte 1 com PIX' }).click();
    const pix = page.getByRole('dialog', { name: 'Pagar a parte 1 com PIX' });
    await expect(pix.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
    await expect(pix).toContainText(formatBRL(shares[0]!.amount));
    const charges = (await (await request.get(`${PSP}/simulator/charges`)).json()) as {
      id: string;
      amount: number;
      description: string;
    }[];
    const charge = charges.find((candidate) => candidate.description.startsWith('Mesa 3 - parte 1'))!;
    expect(charge, JSON.stringify(charges.map((c) => c.description))).toBeDefined();
    expect(charge.amount).toBe(shares[0]!.amount);
    expect((await request.post(`${PSP}/simulator/charges/${encodeURIComponent(charge.id)}/pay`)).ok()).toBe(
      true,
    );
    await expect(pix.getByText('Pagamento recebido')).toBeVisible();
    await pix.getByRole('button', { name: 'Concluir' }).click();
    await expect(split).toContainText(`Parte 1 · ${formatBRL(shares[0]!.amount)} · Paga`);

    // The other half is paid at the counter; the tab closes.
    const sharesRegion = board.getByRole('region', { name: 'Partes' });
    await expect(sharesRegion).toContainText('PIX (app)');
    await sharesRegion.getByRole('button', { name: 'Marcar como pago: Parte 2' }).click();
    await board
      .getByRole('group', { name: 'Como a parte 2 foi paga?' })
      .getByRole('button', { name: 'Dinheiro' })
      .click();
    await expect(board.getByText('Mesa 3: conta fechada.')).toBeVisible();
    await board.context().close();
  });

  test.describe('a share paid by card in the app', () => {
    test.use({ allowedConsoleErrors: [failedReply(402)] });

    test("at the pizzaria (Mercado Pago's shape): a declined card, then one whose bank asks for 3-D Secure; the tab shows the share paid", async ({
      page,
      request,
    }) => {
      const staff = await staffToken(request);
      const { tables } = await staffTables(request, 'pizzaria', staff);
      const table = tables.find((candidate) => candidate.ativo && candidate.description === 'Mesa 4')!;
      expect(table.tab, 'Mesa 4 is free').toBeNull();
      const origin = storeUrl('pizzaria', '').replace(/\/$/, '');
      const ownRequests = recordOwnRequests(page, origin);
      const guest = await signUpThroughApi(request, 'Cora Cartão');
      await openSignedIn(page, guest);
      await page.goto(qrPath(table.links.local));
      // The app takes the table from the QR address when it starts, after the page's load event:
      // the next navigation must wait for it, or the visit is not at the table.
      await expect(page.getByRole('region', { name: 'Sua mesa' })).toContainText('Mesa 4');
      await orderRound(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 2);
      const shares = await closeInTwo(request, 'pizzaria', staff, table.id);

      await page.reload();
      const split = page.getByRole('region', { name: 'Divisão da conta' });
      await expect(page.getByText('Pague a sua parte com PIX ou cartão aqui, ou ao garçom.')).toBeVisible();
      await split.getByRole('button', { name: 'Pagar a parte 1 com cartão' }).click();
      // A page of its own (its policy lets the provider's kit in), with the share's amount.
      await expect(page).toHaveURL(new RegExp(`/mesa/cartao/${shares[0]!.id}$`));
      await expect(page.getByRole('heading', { name: 'Pagar a parte 1 com cartão' })).toBeVisible();
      const pay = page.getByRole('button', { name: `Pagar ${formatBRL(shares[0]!.valor)}` });
      await expect(pay).toBeVisible();
      // A guest has no account here: no card is kept.
      await expect(page.getByRole('checkbox')).toHaveCount(0);

      await typeMercadoPagoCard(page, 'OTHE');
      await pay.click();
      await expect(
        page.getByText('Cartão recusado pelo banco. Use outro cartão ou pague ao garçom.'),
      ).toBeVisible();
      await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('3DSC');
      await pay.click();
      const challenge = page.frameLocator('iframe[title="Confirme com o seu banco"]');
      await challenge.getByRole('button', { name: 'Autenticar' }).click();
      await expect(page.getByText('Pagamento recebido')).toBeVisible();
      await page.getByRole('button', { name: 'Voltar à conta' }).click();
      await expect(page).toHaveURL(/\/mesa$/);
      await expect(split).toContainText(`Parte 1 · ${formatBRL(shares[0]!.valor)} · Paga`);
      await expect(split).toContainText(`Parte 2 · ${formatBRL(shares[1]!.valor)} · A pagar`);

      const tab = await staffTabOf(request, 'pizzaria', staff, table.id);
      expect(tab.partes[0]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
      // The card went from the provider's fields to the provider, never to our server.
      expect(ownRequests.join('\n')).not.toMatch(/5031 ?4332 ?1540 ?6351/);
    });

    test("at a sakura counter seat (Stripe's shape): a declined card, then one that passes its bank's challenge", async ({
      page,
      request,
    }) => {
      const staff = await staffToken(request, { store: SAKURA_MESA, phone: SAKURA_MESA_STAFF_PHONE });
      const headers = { host: `${SAKURA_MESA}.localhost:${E2E_PORT}`, Authorization: `Bearer ${staff}` };
      const { tables } = await staffTables(request, SAKURA_MESA, staff);
      const seat = tables.find((candidate) => candidate.ativo && candidate.description === 'Balcão 1')!;
      // Sakura keeps lunch and dinner hours: open it now for this journey, then back to its hours.
      expect((await request.put(`${API}/staff/store/mode`, { headers, data: { mode: 'open' } })).ok()).toBe(
        true,
      );
      try {
        const origin = storeUrl(SAKURA_MESA, '').replace(/\/$/, '');
        const ownRequests = recordOwnRequests(page, origin);
        const reply = await request.post(`${API}/core/registration_app/`, {
          headers: { host: headers.host },
          data: signUpData('Saki Cartão'),
        });
        expect(reply.status(), await reply.text()).toBe(201);
        await openSignedIn(page, ((await reply.json()) as { detail: string }).detail, '/', origin);
        await page.goto(`${origin}${qrPath(seat.links.local)}`);
        await waitForMenu(page);
        await page.getByRole('searchbox').fill('cha verde');
        await page
          .getByRole('button', { name: /Chá verde gelado 500 ml/ })
          .first()
          .click();
        await page.getByRole('dialog').getByRole('button', { name: 'Inserir' }).click();
        await page.getByRole('button', { name: 'Finalizar' }).click();
        await page.getByRole('button', { name: 'Confirmar pedido' }).click();
        await page
          .getByRole('dialog', { name: 'Pedido realizado!' })
          .getByRole('button', { name: 'Ver conta da mesa' })
          .click();
        await expect(page.getByRole('heading', { name: 'Rodada 1' })).toBeVisible();
        const shares = await closeInTwo(request, SAKURA_MESA, staff, seat.id);

        await page.reload();
        const split = page.getByRole('region', { name: 'Divisão da conta' });
        await expect(page.getByText('Pague a sua parte com cartão aqui ou ao garçom.')).toBeVisible();
        await split.getByRole('button', { name: 'Pagar a parte 2 com cartão' }).click();
        await expect(page).toHaveURL(new RegExp(`/mesa/cartao/${shares[1]!.id}$`));
        const pay = page.getByRole('button', { name: `Pagar ${formatBRL(shares[1]!.valor)}` });
        await typeStripeCard(page, '4000 0000 0000 0002');
        await pay.click();
        await expect(page.getByText('Cartão recusado pelo banco.', { exact: false })).toBeVisible();
        await typeStripeCard(page, '4000 0027 6000 3184');
        await pay.click();
        const challenge = page.frameLocator('iframe[title="3D Secure"]');
        await challenge.getByRole('button', { name: 'Autenticar' }).click();
        await expect(page.getByText('Pagamento recebido')).toBeVisible();
        await page.getByRole('button', { name: 'Voltar à conta' }).click();
        await expect(split).toContainText(`Parte 2 · ${formatBRL(shares[1]!.valor)} · Paga`);
        const tab = await staffTabOf(request, SAKURA_MESA, staff, seat.id);
        expect(tab.partes[1]).toMatchObject({ forma_pagamento: 'Cartão (app)' });
        expect(ownRequests.join('\n')).not.toMatch(/4000 ?0027 ?6000 ?3184|4000 ?0000 ?0000 ?0002/);
      } finally {
        await request.put(`${API}/staff/store/mode`, { headers, data: { mode: 'auto' } });
      }
    });
  });

  test.describe('a table that is not there', () => {
    test.use({ allowedConsoleErrors: [failedReply(400, 404)] });
    test('a wrong table, or a right table with a wrong token, shows the not-found banner and cannot order', async ({
      page,
      request,
    }) => {
      const staff = await staffToken(request);
      const { tables } = await staffTables(request, 'pizzaria', staff);
      const table = tables.find((candidate) => candidate.ativo)!;
      const notFound = 'Mesa não encontrada. Leia o QrCode novamente ou faça o login';

      await page.goto('/local/99999?token=0123456789abcdef0123456789abcdef');
      await expect(page.getByText(notFound)).toBeVisible();
      // A table segment that names no table, without a token: not the ordinary menu.
      await page.goto('/local/mesa-99');
      await expect(page.getByText(notFound)).toBeVisible();

      await page.goto(`/local/${table.id}?token=ffffffffffffffffffffffffffffffff`);
      await expect(page.getByText(notFound)).toBeVisible();
      await page.getByRole('button', { name: 'Sair do modo mesa' }).click();
      await expect(page.getByText(notFound)).toHaveCount(0);

      // An order for the table with the wrong token is refused by the server, nothing placed.
      const guest = await signUpThroughApi(request, 'Pedro Trote');
      const products = (await (await request.get(`${API}/estoque/produtos_app`)).json()) as {
        id: number;
        descricao: string;
        valor_venda: number;
      }[];
      const can = products.find((p) => p.descricao === 'Guaraná Antarctica lata 350 ml')!;
      const crafted = await request.post(`${API}/bar/v2/app/order/upsert/`, {
        headers: { Authorization: `Bearer ${guest}`, 'idempotency-key': `table-prank-${Date.now()}` },
        data: {
          ...submission(userIdOf(guest), [
            { produto: can.id, qtd: 1, produto_valor: can.valor_venda, itens_pedidos: [] },
          ]),
          tipo_entrega: 'Vem comer',
          forma_entrada: 'local',
          fk_forma_pagamento: null,
          identificador_pedido_novo: String(table.id),
          token_mesa: 'ffffffffffffffffffffffffffffffff',
        },
      });
      expect(crafted.status(), await crafted.text()).toBe(400);
      expect(((await crafted.json()) as { code: string }).code).toBe('TABLE_TOKEN_INVALID');
    });
  });

  test('at a self-checkout seat whose store requires paying in the app, only online payment is offered', async ({
    page,
    request,
  }) => {
    const staff = await staffToken(request, { store: 'sakura', phone: SAKURA_STAFF_PHONE });
    const sakura = { host: `sakura.localhost:${E2E_PORT}`, Authorization: `Bearer ${staff}` };
    const { tables, settings } = await staffTables(request, 'sakura', staff);
    expect(settings.require_in_app_payment).toBe(true);
    const seat = tables.find((candidate) => candidate.ativo)!;
    // Sakura keeps lunch and dinner hours: open it now for this journey, then back to its hours.
    expect(
      (await request.put(`${API}/staff/store/mode`, { headers: sakura, data: { mode: 'open' } })).ok(),
    ).toBe(true);
    try {
      const origin = storeUrl('sakura', '').replace(/\/$/, '');
      const reply = await request.post(`${API}/core/registration_app/`, {
        headers: { host: `sakura.localhost:${E2E_PORT}` },
        data: signUpData('Saki Balcão'),
      });
      expect(reply.status(), await reply.text()).toBe(201);
      const token = ((await reply.json()) as { detail: string }).detail;
      await openSignedIn(page, token, '/', origin);
      await page.goto(`${origin}${qrPath(seat.links.self_checkout)}`);
      await expect(page.getByRole('region', { name: 'Sua mesa' })).toContainText(seat.description);
      await waitForMenu(page);
      await page.getByRole('searchbox').fill('agua');
      await page
        .getByRole('button', { name: /Água mineral 500 ml/ })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Inserir' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await expect(page.getByRole('region', { name: 'Pedido para a mesa' })).toBeVisible();
      const payment = page.getByRole('region', { name: 'Forma de pagamento' });
      await expect(payment.getByRole('radio')).toHaveCount(1);
      await expect(payment.getByRole('radio', { name: 'Pagamento online (cartão)' })).toBeChecked();
    } finally {
      await request.put(`${API}/staff/store/mode`, { headers: sakura, data: { mode: 'auto' } });
    }
  });
});
