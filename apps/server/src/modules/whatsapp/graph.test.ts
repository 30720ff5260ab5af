import { type OutgoingWebhook, startWhatsappStandin, type WhatsappStandin } from '@comanda/whatsapp-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphError, hubSignature, hubSignatureMatches, readWebhook, sendGraphMessage } from './graph.ts';

/*
 * The Graph API adapter against the stand-in over real HTTP (docs/decisions/0072): the messages
 * endpoint's answers and errors, and the stand-in's webhooks as the adapter reads and checks them.
 */

const ACCOUNT = {
  phoneNumberId: '123450000',
  displayPhoneNumber: '+55 11 4000-0001',
  name: 'Loja Teste',
  token: 'token-do-teste',
  appSecret: 'segredo-do-app',
  webhookUrl: 'http://loja.localhost/integracoes/whatsapp/webhook',
  templates: ['comanda_pedido_aceito', 'comanda_codigo'],
};
const CUSTOMER = '5511987650000';

let standin: WhatsappStandin;
const received: OutgoingWebhook[] = [];
beforeAll(async () => {
  standin = await startWhatsappStandin({
    transport: async (webhook) => {
      received.push(webhook);
      return 200;
    },
  });
  standin.registerAccount(ACCOUNT);
});
afterAll(async () => {
  await standin.close();
});

const account = () => ({ baseUrl: standin.url, phoneNumberId: ACCOUNT.phoneNumberId, token: ACCOUNT.token });

async function refusal(promise: Promise<unknown>): Promise<GraphError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

describe('the messages endpoint', () => {
  it('takes a template with its body values and an authentication code’s copy-code button', async () => {
    const wamid = await sendGraphMessage(account(), CUSTOMER, {
      type: 'template',
      name: 'comanda_codigo',
      language: 'pt_BR',
      body: ['123456'],
      copyCode: '123456',
    });
    expect(wamid).toMatch(/^wamid\./);
    expect(standin.conversation(CUSTOMER, ACCOUNT.phoneNumberId)!.messages.at(-1)).toMatchObject({
      id: wamid,
      template: 'comanda_codigo',
      copyCode: '123456',
    });
    await standin.webhooks.settled();
    const statuses = received
      .map((webhook) => readWebhook(JSON.parse(webhook.body))!)
      .flatMap((read) => read.statuses)
      .filter((status) => status.wamid === wamid);
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered']);
  });

  it('answers Meta’s errors: bad token 190, unknown number 100, unregistered template 132001 (none retried)', async () => {
    const badToken = await refusal(
      sendGraphMessage({ ...account(), token: 'outro' }, CUSTOMER, { type: 'text', text: 'oi' }),
    );
    expect([badToken.code, badToken.retryable]).toEqual([190, false]);
    const unknown = await refusal(
      sendGraphMessage({ ...account(), phoneNumberId: '999' }, CUSTOMER, { type: 'text', text: 'oi' }),
    );
    expect([unknown.code, unknown.retryable]).toEqual([100, false]);
    const template = await refusal(
      sendGraphMessage(account(), CUSTOMER, {
        type: 'template',
        name: 'nao_registrado',
        language: 'en',
        body: [],
      }),
    );
    expect([template.code, template.retryable]).toEqual([132001, false]);
  });

  it('fails on demand: rate limits (130429) and Meta’s trouble (131000) are worth a retry; the network too', async () => {
    standin.failNext({ count: 1, code: 130429 });
    standin.failNext({ count: 1, code: 131000 });
    const rate = await refusal(sendGraphMessage(account(), CUSTOMER, { type: 'text', text: 'oi' }));
    expect([rate.code, rate.retryable]).toEqual([130429, true]);
    const trouble = await refusal(sendGraphMessage(account(), CUSTOMER, { type: 'text', text: 'oi' }));
    expect([trouble.code, trouble.retryable]).toEqual([131000, true]);
    const down = await refusal(
      sendGraphMessage({ ...account(), baseUrl: 'http://127.0.0.1:9' }, CUSTOMER, {
        type: 'text',
        text: 'oi',
      }),
    );
    expect([down.code, down.retryable]).toEqual([0, true]);
  });

  it('outside the 24-hour window takes free text and reports it failed (131047) by webhook; inside, delivers it', async () => {
    const other = '5511900001111';
    received.length = 0;
    const wamid = await sendGraphMessage(account(), other, { type: 'text', text: 'Olá!' });
    await standin.webhooks.settled();
    const [failed] = received
      .map((webhook) => readWebhook(JSON.parse(webhook.body))!)
      .flatMap((read) => read.statuses);
    expect(failed).toMatchObject({ wamid, status: 'failed', error: { code: 131047 } });
    standin.reply({ from: other, text: 'oi, tudo bem?', name: 'Beto', phoneNumberId: ACCOUNT.phoneNumberId });
    const again = await sendGraphMessage(account(), other, { type: 'text', text: 'Tudo!' });
    await standin.webhooks.settled();
    expect(
      standin.conversation(other, ACCOUNT.phoneNumberId)!.messages.find((message) => message.id === again)!
        .status,
    ).toBe('delivered');
  });
});

describe('the stand-in’s webhooks', () => {
  it('are signed with the app secret over the exact body, and carry the customer’s message', async () => {
    received.length = 0;
    standin.reply({
      from: '5511922223333',
      text: 'qual o horário?',
      name: 'Carla',
      phoneNumberId: ACCOUNT.phoneNumberId,
    });
    await standin.webhooks.settled();
    const [webhook] = received;
    expect(webhook!.url).toBe(ACCOUNT.webhookUrl);
    const signature = webhook!.headers['x-hub-signature-256'];
    expect(signature).toBe(hubSignature(ACCOUNT.appSecret, webhook!.body));
    expect(hubSignatureMatches(ACCOUNT.appSecret, Buffer.from(webhook!.body), signature)).toBe(true);
    expect(hubSignatureMatches('outro-segredo', Buffer.from(webhook!.body), signature)).toBe(false);
    expect(readWebhook(JSON.parse(webhook!.body))).toMatchObject({
      phoneNumberIds: [ACCOUNT.phoneNumberId],
      inbound: [{ from: '5511922223333', text: 'qual o horário?', profileName: 'Carla' }],
    });
  });

  it('the simulator page lists the conversations and shows one, escaped', async () => {
    standin.reply({
      from: '5511944445555',
      text: '<b>oi</b>',
      name: 'Dani',
      phoneNumberId: ACCOUNT.phoneNumberId,
    });
    const list = await (await fetch(`${standin.url}/`)).text();
    expect(list).toContain('Loja Teste');
    const page = await (await fetch(`${standin.url}/?c=${ACCOUNT.phoneNumberId}:5511944445555`)).text();
    expect(page).toContain('&#60;b&#62;oi&#60;/b&#62;');
    expect(page).not.toContain('<b>oi</b>');
    // A person answers on the page (a form post), as the customer.
    const answered = await fetch(`${standin.url}/simulator/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({
        phone_number_id: ACCOUNT.phoneNumberId,
        from: '5511944445555',
        text: 'obrigada',
      }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(302);
    expect(answered.headers.get('location')).toBe(
      `/?c=${encodeURIComponent(`${ACCOUNT.phoneNumberId}:5511944445555`)}`,
    );
    expect(standin.conversation('5511944445555', ACCOUNT.phoneNumberId)!.messages.at(-1)!.text).toBe(
      'obrigada',
    );
  });
});
