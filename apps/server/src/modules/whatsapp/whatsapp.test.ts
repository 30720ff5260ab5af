import {
  errorReply,
  recoveryCodeReply,
  WHATSAPP_STAFF_EVENT,
  whatsappConversationReply,
  whatsappSettingsReply,
  whatsappStaffEvent,
} from '@comanda/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentChanges,
  couriers,
  orders,
  payments,
  storeAuditLog,
  whatsappChannels,
  whatsappConversations,
  whatsappFailures,
  whatsappMessages,
  whatsappOutbox,
} from '../../db/schema.ts';
import {
  bearer,
  PIZZARIA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
  smsSentTo,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, storeIdOf, submission } from '../../test/orders.ts';
import { changeStatus, listen, openSse, placePickupOrder, saveAddress } from '../../test/tracking.ts';
import { buildWhatsappTestApp, WA_ACCOUNT, type WhatsappTestApp } from '../../test/whatsapp.ts';
import { hubSignature } from './graph.ts';

/*
 * The store's WhatsApp channel (issue 36, docs/decisions/0072) against the stand-in Graph API over
 * real HTTP: settings sealed, the webhook's handshake and signature, consent, one update per order
 * and status under racing moves, retries with backoff after the stand-in fails, the 24-hour
 * window, the store's own answers and codes by WhatsApp with SMS as the fallback.
 */

let w: WhatsappTestApp;
let owner: StaffSignedIn;
let attendant: StaffSignedIn;
let storeId: number;
const T0 = new Date();
beforeAll(async () => {
  w = await buildWhatsappTestApp({ now: T0 });
  owner = await signInStaff(w.t, { name: 'Olga Dona', role: 'owner' });
  attendant = await signInStaff(w.t, { name: 'Ana Balcão', role: 'attendant' });
  storeId = await storeIdOf(w.t, PIZZARIA);
});
afterAll(async () => {
  await w?.close();
});

const waIdOf = (customer: SignedUp) => `55${customer.phone}`;

function call(method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: object) {
  return w.t.app.inject({
    method,
    url,
    headers: { host: PIZZARIA, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function optedInCustomer(): Promise<SignedUp> {
  const customer = await signUp(w.t.app, { name: 'Clara Nunes' });
  const response = await call('PUT', '/core/v2/app/customer/whatsapp', customer.token, {
    atualizacoes_pedido: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return customer;
}

/** Runs the outbox and waits for the stand-in's webhooks (statuses) to reach the app. */
async function flush() {
  await w.t.services.whatsapp.runOutbox();
  await w.standin.webhooks.settled();
}

const outboxOf = (orderId: number) =>
  w.t.database.db
    .select()
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.orderId, orderId))
    .orderBy(asc(whatsappOutbox.id));

const sentTo = (customer: SignedUp) =>
  (w.standin.conversation(waIdOf(customer), WA_ACCOUNT.phoneNumberId)?.messages ?? []).filter(
    (message) => message.direction === 'out',
  );

describe('the channel’s settings', () => {
  it('lists the templates the app needs in pt_BR and en, and never returns a secret', async () => {
    const response = await call('GET', '/staff/whatsapp/settings', owner.token);
    expect(response.statusCode, response.body).toBe(200);
    const settings = whatsappSettingsReply.parse(response.json());
    expect(settings).toMatchObject({
      ativo: true,
      phone_number_id: WA_ACCOUNT.phoneNumberId,
      token_definido: true,
      app_secret_definido: true,
      verify_token_definido: true,
      webhook_url: expect.stringMatching(
        /^http:\/\/pizzaria\.localhost:\d+\/integracoes\/whatsapp\/webhook$/,
      ),
    });
    const names = new Set(settings.templates.map((template) => template.nome));
    expect(names).toContain('comanda_pedido_aceito');
    expect(names).toContain('comanda_codigo');
    const code = settings.templates.find(
      (template) => template.nome === 'comanda_codigo' && template.idioma === 'en',
    );
    expect(code).toMatchObject({ categoria: 'AUTHENTICATION', registrado: true });
    expect(settings.templates.filter((template) => template.idioma === 'pt_BR')).toHaveLength(names.size);
    expect(response.body).not.toContain(WA_ACCOUNT.token);
    expect(response.body).not.toContain(WA_ACCOUNT.appSecret);
  });

  it('seals the secrets as the payment provider’s, keeps the ones left out, and records the change', async () => {
    const response = await call('PUT', '/staff/whatsapp/settings', owner.token, {
      ativo: true,
      phone_number_id: WA_ACCOUNT.phoneNumberId,
      numero_exibicao: '+55 11 4000-9999',
      verify_token: 'novo-verify-token',
      templates_registrados: [
        'comanda_pedido_aceito',
        'comanda_pedido_pronto',
        'comanda_pedido_cancelado',
        'comanda_codigo',
        'comanda_pedido_saiu',
        'comanda_pedido_entregue',
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(whatsappSettingsReply.parse(response.json())).toMatchObject({
      numero_exibicao: '+55 11 4000-9999',
      token_definido: true,
    });
    const [row] = await w.t.database.db
      .select()
      .from(whatsappChannels)
      .where(eq(whatsappChannels.storeId, storeId));
    expect(row!.secrets).not.toContain('novo-verify-token');
    expect(row!.secrets).not.toContain(WA_ACCOUNT.token);
    const audit = await w.t.database.db
      .select()
      .from(storeAuditLog)
      .where(and(eq(storeAuditLog.storeId, storeId), eq(storeAuditLog.section, 'whatsapp')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).not.toContain('novo-verify-token');
    // The handshake answers with the new verify token only.
    const ok = await call(
      'GET',
      '/integracoes/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=novo-verify-token&hub.challenge=4242',
      null,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('4242');
    const old = await call(
      'GET',
      `/integracoes/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${WA_ACCOUNT.verifyToken}&hub.challenge=1`,
      null,
    );
    expect(old.statusCode).toBe(403);
  });

  it('refuses bad settings with 400 naming the field and changes nothing; attendants cannot read them', async () => {
    const before = await w.t.database.db
      .select()
      .from(whatsappChannels)
      .where(eq(whatsappChannels.storeId, storeId));
    for (const [payload, field] of [
      [{ phone_number_id: 'abc' }, 'phone_number_id'],
      [{ templates_registrados: ['nao_existe'] }, 'templates_registrados'],
    ] as const) {
      const response = await call('PUT', '/staff/whatsapp/settings', owner.token, {
        ativo: true,
        phone_number_id: WA_ACCOUNT.phoneNumberId,
        numero_exibicao: '',
        templates_registrados: [],
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorReply.parse(response.json())).toMatchObject({ code: 'WHATSAPP_SETTINGS_INVALID', field });
    }
    const bad = await call('PUT', '/staff/whatsapp/settings', owner.token, { ativo: 'sim' });
    expect(bad.statusCode).toBe(400);
    expect(
      await w.t.database.db.select().from(whatsappChannels).where(eq(whatsappChannels.storeId, storeId)),
    ).toEqual(before);
    expect((await call('GET', '/staff/whatsapp/settings', attendant.token)).statusCode).toBe(403);
  });
});

describe('the webhook', () => {
  const statusPayload = (phoneNumberId: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'x',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: phoneNumberId },
                statuses: [],
              },
            },
          ],
        },
      ],
    });
  const post = (body: string, signature: string | undefined) =>
    w.t.app.inject({
      method: 'POST',
      url: '/integracoes/whatsapp/webhook',
      headers: {
        host: PIZZARIA,
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
      payload: body,
    });
  const failures = () =>
    w.t.database.db.select().from(whatsappFailures).where(eq(whatsappFailures.storeId, storeId));

  it('checks X-Hub-Signature-256 over the raw body: a bad or missing one is 401, recorded', async () => {
    const body = statusPayload(WA_ACCOUNT.phoneNumberId);
    const before = (await failures()).length;
    expect((await post(body, hubSignature(WA_ACCOUNT.appSecret, body))).statusCode).toBe(200);
    // The same JSON with other spacing is other bytes: its signature does not match.
    const respaced = body.replace('{"object"', '{ "object"');
    expect((await post(respaced, hubSignature(WA_ACCOUNT.appSecret, body))).statusCode).toBe(401);
    expect((await post(body, hubSignature('another-secret', body))).statusCode).toBe(401);
    expect((await post(body, undefined)).statusCode).toBe(401);
    const recorded = (await failures()).slice(before);
    expect(recorded.map((failure) => failure.code)).toEqual([
      'BAD_SIGNATURE',
      'BAD_SIGNATURE',
      'BAD_SIGNATURE',
    ]);
  });

  it('refuses another number’s payload (404) and a body that is not one (400), never a 5xx', async () => {
    const other = statusPayload('999999999');
    const response = await post(other, hubSignature(WA_ACCOUNT.appSecret, other));
    expect(response.statusCode).toBe(404);
    expect(errorReply.parse(response.json()).code).toBe('UNKNOWN_PHONE_NUMBER_ID');
    expect((await post('{nope', 'sha256=00')).statusCode).toBe(400);
    expect((await post('{"object":"page"}', 'sha256=00')).statusCode).toBe(400);
    expect((await failures()).map((failure) => failure.code)).toContain('UNKNOWN_PHONE_NUMBER_ID');
  });
});

describe('order updates', () => {
  it('go to a customer who opted in, once per status, with the order’s link; the statuses come back', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Concluido' })).statusCode).toBe(200);
    await flush();
    const sent = sentTo(customer);
    expect(sent.map((message) => message.template)).toEqual([
      'comanda_pedido_aceito',
      'comanda_pedido_pronto',
    ]);
    // As the phone shows it: the registered body with the values.
    expect(sent[0]!.text).toMatch(
      /^Forno & Brasa aceitou seu pedido nº \d+\. Previsão: \d{2}:\d{2}\. Acompanhe em http/,
    );
    expect(sent[0]!.text).toContain(`/mobile/orders/${orderId}`);
    expect((await outboxOf(orderId)).map((row) => row.state)).toEqual(['enviado', 'enviado']);
    // The inbox shows them delivered (the stand-in's signed status webhooks).
    const [conversation] = await w.t.database.db
      .select()
      .from(whatsappConversations)
      .where(
        and(eq(whatsappConversations.storeId, storeId), eq(whatsappConversations.phone, waIdOf(customer))),
      );
    const read = whatsappConversationReply.parse(
      (await call('GET', `/staff/whatsapp/conversations/${conversation!.id}`, attendant.token)).json(),
    );
    expect(read.mensagens.map((message) => [message.tipo, message.status])).toEqual([
      ['template', 'entregue'],
      ['template', 'entregue'],
    ]);
    expect(read.mensagens[0]!.texto).toContain(`/mobile/orders/${orderId}`);
    // Read on the phone: "read".
    w.standin.read(waIdOf(customer), WA_ACCOUNT.phoneNumberId);
    await w.standin.webhooks.settled();
    const again = whatsappConversationReply.parse(
      (await call('GET', `/staff/whatsapp/conversations/${conversation!.id}`, attendant.token)).json(),
    );
    expect(again.mensagens.map((message) => message.status)).toEqual(['lida', 'lida']);
  });

  it('never go to a customer who did not opt in', async () => {
    const customer = await signUp(w.t.app, { name: 'Sem Whats' });
    const orderId = await placePickupOrder(w.t, customer);
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
    await flush();
    expect(sentTo(customer)).toEqual([]);
    expect(await outboxOf(orderId)).toEqual([]);
  });

  it('opting in at checkout is recorded in the consent log; the cancel carries its reason', async () => {
    const customer = await signUp(w.t.app, { name: 'Dora Checkout' });
    const line = await cartLine(w.t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    const placed = await placeOrder(
      w.t,
      customer.token,
      submission(customer.userId, [line], { whatsapp_atualizacoes: true }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { order_info: { order_id: number } }).order_info.order_id;
    const consents = await w.t.database.db
      .select()
      .from(consentChanges)
      .where(
        and(eq(consentChanges.customerId, customer.userId), eq(consentChanges.purpose, 'whatsapp_pedidos')),
      );
    expect(consents).toMatchObject([{ oldValue: null, newValue: true, channel: 'checkout' }]);
    const settings = await call('GET', '/core/v2/app/customer/whatsapp', customer.token);
    expect(settings.json()).toEqual({ disponivel: true, atualizacoes_pedido: true });
    expect(
      (await changeStatus(w.t, owner.token, orderId, { status: 'Cancelado', reason: 'Acabou o pão' }))
        .statusCode,
    ).toBe(200);
    await flush();
    const [cancel] = sentTo(customer);
    expect(cancel).toMatchObject({ template: 'comanda_pedido_cancelado' });
    expect(cancel!.text).toContain('Acabou o pão');
  });

  it('a delivery goes "out for delivery" when ready, or when its courier leaves where the store dispatches', async () => {
    const delivered = async (customer: SignedUp) => {
      const placed = await placeOrder(
        w.t,
        customer.token,
        submission(
          customer.userId,
          [await cartLine(w.t, { ref: 'burger-classico', choices: { 'Ponto da carne': { 'Ao ponto': 1 } } })],
          {
            tipo_entrega: 'Entregar',
            fk_endereco: await saveAddress(w.t, customer.token),
          },
        ),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = (placed.json() as { order_info: { order_id: number } }).order_info.order_id;
      for (const status of ['Preparo', 'Concluido']) {
        expect((await changeStatus(w.t, owner.token, orderId, { status })).statusCode).toBe(200);
      }
      return orderId;
    };
    // No courier of its own: ready means it leaves.
    const first = await optedInCustomer();
    const firstOrder = await delivered(first);
    expect((await outboxOf(firstOrder)).map((row) => row.kind)).toEqual(['aceito', 'saiu_entrega']);

    // With a courier active today, it leaves when the route does, once.
    const courier = await call('POST', '/staff/couriers', owner.token, {
      nome: 'Marcos Moto',
      telefone: '(11) 98888-7777',
      veiculo: 'moto',
      ativo_hoje: true,
      pagamento: { modelo: 'por_entrega', valor_entrega: 700 },
    });
    expect(courier.statusCode, courier.body).toBe(201);
    const second = await optedInCustomer();
    const secondOrder = await delivered(second);
    expect((await outboxOf(secondOrder)).map((row) => row.kind)).toEqual(['aceito']);
    const route = await call('POST', '/staff/routes', attendant.token, {
      entregador_id: (courier.json() as { id: number }).id,
      pedidos: [secondOrder],
    });
    expect(route.statusCode, route.body).toBe(201);
    const routeId = (route.json() as { id: number }).id;
    const left = await call('POST', `/staff/routes/${routeId}/depart`, attendant.token);
    expect(left.statusCode, left.body).toBe(200);
    expect((await call('POST', `/staff/routes/${routeId}/depart`, attendant.token)).statusCode).toBe(409);
    expect((await outboxOf(secondOrder)).map((row) => row.kind)).toEqual(['aceito', 'saiu_entrega']);
    await flush();
    expect(sentTo(second).map((message) => message.template)).toEqual([
      'comanda_pedido_aceito',
      'comanda_pedido_saiu',
    ]);
    // Later tests see a store with no courier out today again.
    await w.t.database.db.update(couriers).set({ ativoHoje: false }).where(eq(couriers.storeId, storeId));
  });

  it('racing status moves and hooks queue and send one message per order and status', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    const moves = await Promise.all(
      Array.from({ length: 5 }, () => changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })),
    );
    expect(moves.map((move) => move.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    // Other code calling the hook at once (a dispatch screen, twice) adds no second row either.
    await Promise.all(
      Array.from({ length: 4 }, () =>
        w.t.database.db.transaction((tx) =>
          w.t.services.whatsapp.queueOrderUpdate(tx, storeId, orderId, 'saiu_entrega'),
        ),
      ),
    );
    // Two workers at once (two server instances): each row is sent by one.
    await Promise.all([w.t.services.whatsapp.runOutbox(), w.t.services.whatsapp.runOutbox()]);
    await flush();
    expect(
      sentTo(customer)
        .map((message) => message.template)
        .sort(),
    ).toEqual(['comanda_pedido_aceito', 'comanda_pedido_saiu']);
    expect(await outboxOf(orderId)).toHaveLength(2);
  });

  it('are retried with a growing delay after the stand-in fails, and sent once it works again', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    w.standin.failNext({ count: 2, code: 131000 });
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
    const start = new Date();
    w.t.setNow(start);
    await flush();
    let [row] = await outboxOf(orderId);
    expect(row).toMatchObject({ state: 'pendente', attempts: 1 });
    expect(row!.nextAt.getTime() - start.getTime()).toBe(60_000);
    await flush();
    expect((await outboxOf(orderId))[0]!.attempts).toBe(1); // not due yet
    w.t.setNow(new Date(start.getTime() + 60_000));
    await flush();
    [row] = await outboxOf(orderId);
    expect(row).toMatchObject({ state: 'pendente', attempts: 2 });
    expect(row!.nextAt.getTime() - start.getTime()).toBe(60_000 + 120_000);
    w.t.setNow(new Date(start.getTime() + 180_000));
    await flush();
    expect((await outboxOf(orderId))[0]).toMatchObject({ state: 'enviado' });
    expect(sentTo(customer).map((message) => message.template)).toEqual(['comanda_pedido_aceito']);
    const failures = await w.t.database.db
      .select()
      .from(whatsappFailures)
      .where(eq(whatsappFailures.code, '131000'));
    expect(failures.length).toBeGreaterThanOrEqual(2);
    w.t.setNow(T0);
  });

  it('the kitchen’s last bump sends "ready for pickup"', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
    const bumped = await call('POST', `/staff/kitchen/orders/${orderId}/bump`, attendant.token, {});
    expect(bumped.statusCode, bumped.body).toBe(200);
    await flush();
    expect(sentTo(customer).map((message) => message.template)).toEqual([
      'comanda_pedido_aceito',
      'comanda_pedido_pronto',
    ]);
  });

  it('a PIX about to expire gets its reminder once; a template the store has not registered is recorded, not sent', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    // The order as an online PIX leaves it until paid: awaiting, with its pending charge.
    await w.t.database.db.update(orders).set({ awaitingPayment: true }).where(eq(orders.id, orderId));
    const at = new Date();
    w.t.setNow(at);
    await w.t.database.db.insert(payments).values({
      storeId,
      orderId,
      customerId: customer.userId,
      publicId: `pix-${orderId}`,
      provider: 'standin',
      method: 'pix',
      reference: `REF${orderId}`.padEnd(26, '0'),
      amount: 3990,
      status: 'pending',
      expiresAt: new Date(at.getTime() + 3 * 60_000),
      createdAt: at,
      updatedAt: at,
    });
    try {
      await flush();
      await flush();
    } finally {
      w.t.setNow(T0);
    }
    const rows = await outboxOf(orderId);
    expect(rows).toMatchObject([{ kind: 'pix_expirando', state: 'falhou' }]);
    expect(rows[0]!.reason).toMatch(/^\d{2}:\d{2}$/);
    // The store did not mark comanda_pix_expirando registered (the settings test left it out).
    expect(sentTo(customer)).toEqual([]);
    const settings = whatsappSettingsReply.parse(
      (await call('GET', '/staff/whatsapp/settings', owner.token)).json(),
    );
    expect(settings.falhas_recentes[0]).toMatchObject({
      codigo: 'TEMPLATE_NOT_REGISTERED',
      template: 'comanda_pix_expirando',
      telefone: waIdOf(customer),
    });
  });

  it('are not retried when retrying cannot help: a template Meta does not have (132001)', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    // The store says it registered the template, but Meta (the stand-in) has none.
    const account = w.standin.state.accounts.find(
      (candidate) => candidate.phoneNumberId === WA_ACCOUNT.phoneNumberId,
    )!;
    const registered = account.templates;
    account.templates = [];
    try {
      expect((await changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
      await flush();
    } finally {
      account.templates = registered;
    }
    expect((await outboxOf(orderId))[0]).toMatchObject({ state: 'falhou', attempts: 1 });
    const settings = whatsappSettingsReply.parse(
      (await call('GET', '/staff/whatsapp/settings', owner.token)).json(),
    );
    expect(settings.falhas_recentes[0]).toMatchObject({
      codigo: '132001',
      template: 'comanda_pedido_aceito',
    });
  });
});

describe('a store that answers', () => {
  async function customerWrites(customer: SignedUp, text: string) {
    w.standin.reply({
      from: waIdOf(customer),
      text,
      name: 'Cliente',
      phoneNumberId: WA_ACCOUNT.phoneNumberId,
    });
    await w.standin.webhooks.settled();
    return w.standin.conversation(waIdOf(customer), WA_ACCOUNT.phoneNumberId)!.messages.at(-1)!;
  }

  it('answers the status of the customer’s last order, the menu and the hours, in the customer’s language', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
    const status = await customerWrites(customer, 'status do meu pedido');
    expect(status.direction).toBe('out');
    expect(status.text).toContain('em preparo');
    expect(status.text).toContain(`/mobile/orders/${orderId}`);
    expect((await customerWrites(customer, 'cardápio')).text).toMatch(
      /^Veja o cardápio de Forno & Brasa e peça em http/,
    );
    expect((await customerWrites(customer, 'what are your opening hours?')).text).toMatch(
      /^Forno & Brasa opening hours:/,
    );
  });

  it('flags anything else for a person, who replies within the 24-hour window and not after (409)', async () => {
    const customer = await signUp(w.t.app, { name: 'Pedro Pergunta' });
    await customerWrites(customer, 'Vocês têm opção sem glúten?');
    const list = (await call('GET', '/staff/whatsapp/conversations', attendant.token)).json() as {
      conversas: {
        id: number;
        ultima_em: string;
        telefone: string;
        precisa_atendente: boolean;
        nao_lidas: number;
        janela_aberta_ate: string | null;
        cliente_nome: string | null;
      }[];
    };
    const conversation = list.conversas.find((candidate) => candidate.telefone === `+${waIdOf(customer)}`)!;
    // The store's own "someone will answer" is the last message.
    expect(conversation).toMatchObject({
      ultima_direcao: 'saida',
      precisa_atendente: true,
      nao_lidas: 1,
      cliente_nome: 'Pedro Pergunta',
    });
    expect(conversation.janela_aberta_ate).not.toBeNull();
    // Newest first.
    const times = list.conversas.map((candidate) => Date.parse(candidate.ultima_em));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const reply = await call(
      'POST',
      `/staff/whatsapp/conversations/${conversation.id}/messages`,
      attendant.token,
      {
        texto: 'Temos sim, a pizza de massa sem glúten.',
      },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    await w.standin.webhooks.settled();
    expect(sentTo(customer).at(-1)!.text).toBe('Temos sim, a pizza de massa sem glúten.');
    const after = (await call('GET', '/staff/whatsapp/conversations', attendant.token)).json() as {
      conversas: { id: number; ultima_mensagem: string; ultima_direcao: string }[];
    };
    expect(after.conversas.find((c) => c.id === conversation.id)).toMatchObject({
      ultima_mensagem: 'Temos sim, a pizza de massa sem glúten.',
      ultima_direcao: 'saida',
    });
    w.t.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    try {
      const late = await call(
        'POST',
        `/staff/whatsapp/conversations/${conversation.id}/messages`,
        attendant.token,
        { texto: 'Oi?' },
      );
      expect(late.statusCode).toBe(409);
      expect(errorReply.parse(late.json()).code).toBe('WHATSAPP_WINDOW_CLOSED');
    } finally {
      w.t.setNow(T0);
    }
    const blank = await call(
      'POST',
      `/staff/whatsapp/conversations/${conversation.id}/messages`,
      attendant.token,
      { texto: '  ' },
    );
    expect(blank.statusCode).toBe(400);
    expect((await call('GET', '/staff/whatsapp/conversations/999999', attendant.token)).statusCode).toBe(404);
  });

  it('the store’s "someone will answer" is written before the board hears of the question', async () => {
    // What the conversation holds at the moment the event goes out (in its transaction): an
    // attendant quick to answer must never have the automatic message follow the answer.
    const events = w.t.ctx.orderEvents;
    const publish = events.publishStaff;
    const lastAtPublish: { direction: string; body: string | null }[] = [];
    events.publishStaff = async (tx, event) => {
      if (event.name === WHATSAPP_STAFF_EVENT) {
        const { conversa_id } = whatsappStaffEvent.parse(event.data);
        const [last] = await tx
          .select({ direction: whatsappMessages.direction, body: whatsappMessages.body })
          .from(whatsappMessages)
          .where(eq(whatsappMessages.conversationId, conversa_id))
          .orderBy(desc(whatsappMessages.id))
          .limit(1);
        if (last) lastAtPublish.push(last);
      }
      return publish.call(events, tx, event);
    };
    try {
      const customer = await signUp(w.t.app, { name: 'Rui Rápido' });
      await customerWrites(customer, 'Vocês aceitam vale-refeição?');
    } finally {
      events.publishStaff = publish;
    }
    expect(lastAtPublish).toEqual([
      {
        direction: 'saida',
        body: 'Recebemos sua mensagem! Uma pessoa da loja vai responder por aqui em breve.',
      },
    ]);
  });

  it('tells the staff board live of a message for a person (whatsapp.message), not of one the store answered', async () => {
    const base = await listen(w.t);
    const board = await openSse(base, '/staff/orders/events', { host: PIZZARIA, ...bearer(attendant.token) });
    try {
      expect(board.status).toBe(200);
      const customer = await signUp(w.t.app, { name: 'Lia Ao Vivo' });
      await customerWrites(customer, 'cardápio');
      await customerWrites(customer, 'Posso levar meu cachorro?');
      const heard = await board.next((event) => event.event === WHATSAPP_STAFF_EVENT);
      expect(whatsappStaffEvent.parse(JSON.parse(heard.data))).toMatchObject({
        telefone: `+${waIdOf(customer)}`,
        cliente_nome: 'Lia Ao Vivo',
        texto: 'Posso levar meu cachorro?',
      });
      expect(board.events.filter((event) => event.event === WHATSAPP_STAFF_EVENT)).toHaveLength(1);
    } finally {
      board.close();
    }
  });

  it('"parar" opts the customer out (recorded): an update queued before it and later ones never go', async () => {
    const customer = await optedInCustomer();
    const orderId = await placePickupOrder(w.t, customer);
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Preparo' })).statusCode).toBe(200);
    const stop = await customerWrites(customer, 'PARAR');
    expect(stop.text).toContain('não vai mais receber');
    const consents = await w.t.database.db
      .select()
      .from(consentChanges)
      .where(
        and(eq(consentChanges.customerId, customer.userId), eq(consentChanges.purpose, 'whatsapp_pedidos')),
      )
      .orderBy(asc(consentChanges.id));
    expect(consents.map((change) => [change.newValue, change.channel])).toEqual([
      [true, 'profile'],
      [false, 'whatsapp'],
    ]);
    await flush();
    expect((await outboxOf(orderId)).map((row) => row.state)).toEqual(['ignorado']);
    expect((await changeStatus(w.t, owner.token, orderId, { status: 'Concluido' })).statusCode).toBe(200);
    await flush();
    expect(await outboxOf(orderId)).toHaveLength(1);
    expect(sentTo(customer).filter((message) => message.template)).toEqual([]);
    const settings = await call('GET', '/core/v2/app/customer/whatsapp', customer.token);
    expect(settings.json()).toEqual({ disponivel: true, atualizacoes_pedido: false });
  });
});

describe('codes by WhatsApp', () => {
  const requestCode = (phone: string, canal?: 'sms' | 'whatsapp') =>
    w.t.app.inject({
      method: 'POST',
      url: '/core/send_sms_recovery_password_app/',
      headers: { host: PIZZARIA },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: { cellphone: phone, ...(canal ? { canal } : {}) },
    });

  it('go as the authentication template with its copy-code button, and the code resets the password', async () => {
    const customer = await signUp(w.t.app, { name: 'Rita Código' });
    const response = await requestCode(customer.phone);
    expect(response.statusCode, response.body).toBe(200);
    expect(recoveryCodeReply.parse(response.json()).canal).toBe('whatsapp');
    const [message] = sentTo(customer);
    expect(message).toMatchObject({ template: 'comanda_codigo', copyCode: expect.stringMatching(/^\d{6}$/) });
    expect(await smsSentTo(w.t, 'pizzaria', `+55${customer.phone}`)).toEqual([]);
    const reset = await w.t.app.inject({
      method: 'POST',
      url: '/core/recovery_password_app/',
      headers: { host: PIZZARIA },
      payload: { cellphone: customer.phone, code: message!.copyCode, password: 'outra-senha-forte-2' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // A code is not a conversation: recorded for its statuses, never in the inbox.
    const listed = (await call('GET', '/staff/whatsapp/conversations', attendant.token)).json() as {
      conversas: { id: number; telefone: string }[];
    };
    expect(listed.conversas.map((c) => c.telefone)).not.toContain(`+${waIdOf(customer)}`);
    const [stored] = await w.t.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.template, 'comanda_codigo'))
      .orderBy(desc(whatsappMessages.id))
      .limit(1);
    expect(stored).toMatchObject({ status: expect.stringMatching(/enviada|entregue|lida/) });
    expect(stored!.body).not.toContain(message!.copyCode!);
    expect(
      (await call('GET', `/staff/whatsapp/conversations/${stored!.conversationId}`, attendant.token))
        .statusCode,
    ).toBe(404);
    // Once the customer writes, the conversation shows, without the code.
    w.standin.reply({
      from: waIdOf(customer),
      text: 'Vocês têm opção sem glúten?',
      name: 'Cliente',
      phoneNumberId: WA_ACCOUNT.phoneNumberId,
    });
    await w.standin.webhooks.settled();
    const read = (
      await call('GET', `/staff/whatsapp/conversations/${stored!.conversationId}`, attendant.token)
    ).json() as { conversa: { ultima_direcao: string }; mensagens: { texto: string }[] };
    expect(read.mensagens.map((m) => m.texto)).toEqual(['Vocês têm opção sem glúten?', expect.any(String)]);
    expect(read.mensagens.some((m) => m.texto.includes('código'))).toBe(false);
    expect(read.conversa.ultima_direcao).toBe('saida');
  });

  it('go by SMS when the customer asks, or when WhatsApp fails', async () => {
    const customer = await signUp(w.t.app, { name: 'Sara Sms' });
    const asked = await requestCode(customer.phone, 'sms');
    expect(recoveryCodeReply.parse(asked.json()).canal).toBe('sms');
    expect(await smsSentTo(w.t, 'pizzaria', `+55${customer.phone}`)).toHaveLength(1);
    w.standin.failNext({ count: 1, code: 130429 });
    const fallback = await requestCode(customer.phone);
    expect(recoveryCodeReply.parse(fallback.json()).canal).toBe('sms');
    expect(await smsSentTo(w.t, 'pizzaria', `+55${customer.phone}`)).toHaveLength(2);
    expect(sentTo(customer)).toEqual([]);
  });
});
