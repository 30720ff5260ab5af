import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { crc16ccitt } from '@comanda/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OutgoingNotification, type Standin, startStandin } from '../index.ts';
import { createApiPixPki } from './apipix-pki.ts';

const STORE = { clientId: 'forno-brasa', clientSecret: 'segredo-forno', pixKey: 'pix@fornoebrasa.com.br' };
const OTHER = { clientId: 'sakura', clientSecret: 'segredo-sakura', pixKey: '+5511988887777' };
const WEBHOOKED = {
  clientId: 'avisada',
  clientSecret: 'segredo-avisada',
  pixKey: 'pix@avisada.com.br',
  webhookUrl: 'http://loja.localhost:3000/webhooks/apipix?token=abc123',
};

let standin: Standin;
let now = new Date();
const sent: OutgoingNotification[] = [];

beforeAll(async () => {
  standin = await startStandin({
    tlsPort: 0,
    now: () => now,
    accounts: { apipix: [STORE, OTHER, WEBHOOKED] },
    notifier: {
      transport: async (notification) => {
        sent.push(notification);
        return 200;
      },
    },
  });
});
afterAll(() => standin?.close());
afterEach(() => {
  now = new Date();
});

let sequence = 0;
/** A fresh txid per test: 26 letters and digits. */
const newTxid = () => `Comanda${String(++sequence).padStart(19, '0')}`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field in the tests
  body: any;
}

interface Call {
  method: string;
  path: string;
  token?: string;
  basic?: string;
  body?: unknown;
  form?: string;
  /** The client certificate: the stand-in's by default, none, or another. */
  client?: { cert: string; key: string } | null;
}

function call({ method, path, token, basic, body, form, client }: Call): Promise<Answer> {
  const identity =
    client === undefined ? { cert: standin.pki!.clientCertPem, key: standin.pki!.clientKeyPem } : client;
  const payload = form ?? (body === undefined ? undefined : JSON.stringify(body));
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (basic) headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  if (payload !== undefined) {
    headers['content-type'] = form === undefined ? 'application/json' : 'application/x-www-form-urlencoded';
  }
  return new Promise((resolve, reject) => {
    const request = https.request(
      `${standin.tlsUrl}${path}`,
      { method, headers, ca: standin.pki!.caPem, agent: false, ...(identity ?? {}) },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text && /json/.test(response.headers['content-type'] ?? '') ? JSON.parse(text) : text,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function tokenFor(account: { clientId: string; clientSecret: string } = STORE): Promise<string> {
  const answer = await call({
    method: 'POST',
    path: '/oauth/token',
    basic: `${account.clientId}:${account.clientSecret}`,
    form: 'grant_type=client_credentials',
  });
  expect(answer.status).toBe(200);
  return answer.body.access_token;
}

const cobBody = (overrides: Record<string, unknown> = {}) => ({
  calendario: { expiracao: 300 },
  valor: { original: '12.90' },
  chave: STORE.pixKey,
  solicitacaoPagador: 'Pedido 123 - Forno & Brasa',
  ...overrides,
});

async function createCob(txid = newTxid(), body: unknown = cobBody(), account = STORE) {
  const token = await tokenFor(account);
  const answer = await call({ method: 'PUT', path: `/v2/cob/${txid}`, token, body });
  return { txid, token, answer };
}

const chargeOf = (txid: string, account = STORE) =>
  standin.context.book.findByReference('apipix', account.clientId, txid)!;

const notificationsFor = async (txid: string) => {
  await standin.context.notifier.settled();
  return sent.filter((notification) => notification.body.includes(txid));
};

describe('the API Pix listener (mutual TLS)', () => {
  it('refuses a connection without a client certificate during the handshake', async () => {
    await expect(call({ method: 'POST', path: '/oauth/token', client: null })).rejects.toThrow();
  });

  it('refuses a client certificate signed by another CA', async () => {
    const stranger = await createApiPixPki();
    await expect(
      call({
        method: 'POST',
        path: '/oauth/token',
        client: { cert: stranger.clientCertPem, key: stranger.clientKeyPem },
      }),
    ).rejects.toThrow();
  });

  it('answers a client holding the certificate the stand-in issued', async () => {
    const answer = await call({ method: 'POST', path: '/oauth/token', basic: 'x:y', form: '' });
    expect(answer.status).toBe(401);
  });
});

describe('POST /oauth/token (client credentials)', () => {
  it('issues a bearer token to a client authenticated by HTTP Basic', async () => {
    const answer = await call({
      method: 'POST',
      path: '/oauth/token',
      basic: `${STORE.clientId}:${STORE.clientSecret}`,
      form: 'grant_type=client_credentials',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(answer.body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(answer.body.scope).toContain('cob.write');
  });

  it('takes the grant as JSON too, as Efí sends it', async () => {
    const answer = await call({
      method: 'POST',
      path: '/oauth/token',
      basic: `${STORE.clientId}:${STORE.clientSecret}`,
      body: { grant_type: 'client_credentials' },
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const answer = await call({
      method: 'POST',
      path: '/oauth/token',
      basic: `${STORE.clientId}:errado`,
      form: 'grant_type=client_credentials',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect(answer.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('refuses a grant other than client credentials', async () => {
    const answer = await call({
      method: 'POST',
      path: '/oauth/token',
      basic: `${STORE.clientId}:${STORE.clientSecret}`,
      form: 'grant_type=password',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('unsupported_grant_type');
  });

  it('refuses a call without a bearer token', async () => {
    const answer = await call({ method: 'GET', path: `/v2/cob/${newTxid()}` });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('refuses a token past its expires_in', async () => {
    const { txid, token } = await createCob();
    now = new Date(now.getTime() + 3601_000);
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('invalid_token');
  });
});

describe('PUT /cob/{txid}', () => {
  it('creates an ATIVA cob whose copy-and-paste code is a dynamic BR Code for its location', async () => {
    const { txid, answer } = await createCob();
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      txid,
      revisao: 0,
      status: 'ATIVA',
      calendario: { expiracao: 300, criacao: expect.any(String) },
      valor: { original: '12.90' },
      chave: STORE.pixKey,
      solicitacaoPagador: 'Pedido 123 - Forno & Brasa',
      loc: { tipoCob: 'cob', location: answer.body.location },
    });
    const code: string = answer.body.pixCopiaECola;
    expect(code).toContain(
      `25${String(answer.body.location.length).padStart(2, '0')}${answer.body.location}`,
    );
    expect(code).toContain('540512.90');
    expect(code.slice(-4)).toBe(crc16ccitt(code.slice(0, -4)));
  });

  it('keeps the cob in the ledger under the account, with the txid as its reference', async () => {
    const { txid } = await createCob();
    expect(chargeOf(txid)).toMatchObject({
      shape: 'apipix',
      account: STORE.clientId,
      providerRef: txid,
      reference: txid,
      amount: 1290,
      status: 'pending',
    });
  });

  it('refuses a txid shorter than 26 characters with the standard problem', async () => {
    const { answer } = await createCob('curto123');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.body).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      status: 400,
      violacoes: [{ propriedade: 'txid' }],
    });
  });

  it('refuses a txid with characters other than letters and digits', async () => {
    const { answer } = await createCob('Comanda-000000000000000000001');
    expect(answer.status).toBe(400);
  });

  it('refuses a key that is not the account’s', async () => {
    const { answer } = await createCob(newTxid(), cobBody({ chave: OTHER.pixKey }));
    expect(answer.status).toBe(400);
    expect(answer.body.violacoes).toEqual([expect.objectContaining({ propriedade: 'cob.chave' })]);
  });

  it('refuses an amount that is not a decimal with two places', async () => {
    const { answer } = await createCob(newTxid(), cobBody({ valor: { original: '12.9' } }));
    expect(answer.status).toBe(400);
    expect(answer.body.violacoes).toEqual([expect.objectContaining({ propriedade: 'cob.valor.original' })]);
  });

  it('refuses a zero amount', async () => {
    const { answer } = await createCob(newTxid(), cobBody({ valor: { original: '0.00' } }));
    expect(answer.status).toBe(400);
  });

  it('refuses an expiry of zero seconds', async () => {
    const { answer } = await createCob(newTxid(), cobBody({ calendario: { expiracao: 0 } }));
    expect(answer.status).toBe(400);
  });

  it('answers the same cob, unrevised, when the same body comes again', async () => {
    const { txid, token, answer } = await createCob();
    const again = await call({ method: 'PUT', path: `/v2/cob/${txid}`, token, body: cobBody() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answer.body);
    expect(standin.context.book.list().filter((charge) => charge.providerRef === txid)).toHaveLength(1);
  });

  it('revises an ATIVA cob when the body changes', async () => {
    const { txid, token } = await createCob();
    const revised = await call({
      method: 'PUT',
      path: `/v2/cob/${txid}`,
      token,
      body: cobBody({ valor: { original: '15.00' } }),
    });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({ revisao: 1, valor: { original: '15.00' } });
    expect(revised.body.pixCopiaECola).toContain('540515.00');
    expect(chargeOf(txid).amount).toBe(1500);
  });

  it('refuses to alter a cob that is no longer ATIVA', async () => {
    const { txid, token } = await createCob();
    standin.pay(txid);
    const answer = await call({
      method: 'PUT',
      path: `/v2/cob/${txid}`,
      token,
      body: cobBody({ valor: { original: '1.00' } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida');
  });

  it('keeps txids per receiver: another account’s txid is a cob of its own', async () => {
    const { txid } = await createCob();
    const { answer } = await createCob(txid, cobBody({ chave: OTHER.pixKey }), OTHER);
    expect(answer.status).toBe(201);
    expect(chargeOf(txid, OTHER).id).not.toBe(chargeOf(txid).id);
  });
});

describe('GET /cob/{txid}', () => {
  it('answers ATIVA while the cob waits for its payment', async () => {
    const { txid, token } = await createCob();
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('ATIVA');
    expect(answer.body.pix).toBeUndefined();
  });

  it('answers CONCLUIDA with the Pix received once paid', async () => {
    const { txid, token } = await createCob();
    standin.pay(txid);
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token });
    expect(answer.body.status).toBe('CONCLUIDA');
    expect(answer.body.pix).toEqual([
      {
        endToEndId: expect.stringMatching(/^E[A-Z0-9]{31}$/),
        txid,
        valor: '12.90',
        chave: STORE.pixKey,
        horario: expect.any(String),
      },
    ]);
  });

  it('answers the amount the payer actually paid in the Pix', async () => {
    const { txid, token } = await createCob();
    standin.pay(txid, 1000);
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token });
    expect(answer.body.pix[0].valor).toBe('10.00');
  });

  it('answers REMOVIDA_PELO_PSP once the expiry has passed unpaid', async () => {
    const { txid } = await createCob();
    now = new Date(now.getTime() + 301_000);
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token: await tokenFor() });
    expect(answer.body.status).toBe('REMOVIDA_PELO_PSP');
  });

  it('keeps the cob ATIVA when a payer’s attempt fails: PIX has no declined charge', async () => {
    const { txid, token } = await createCob();
    standin.fail(txid);
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token });
    expect(answer.body.status).toBe('ATIVA');
  });

  it('removes a cob whose payer failed once its expiry has passed', async () => {
    const { txid } = await createCob();
    standin.fail(txid);
    now = new Date(now.getTime() + 301_000);
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token: await tokenFor() });
    expect(answer.body.status).toBe('REMOVIDA_PELO_PSP');
  });

  it('answers 404 CobNaoEncontrado for a txid the account never created', async () => {
    const token = await tokenFor();
    const answer = await call({ method: 'GET', path: `/v2/cob/${newTxid()}`, token });
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado');
  });

  it('does not show one account’s cob to another', async () => {
    const { txid } = await createCob();
    const answer = await call({ method: 'GET', path: `/v2/cob/${txid}`, token: await tokenFor(OTHER) });
    expect(answer.status).toBe(404);
  });
});

describe('PATCH /cob/{txid}', () => {
  const removal = { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' };

  it('removes an ATIVA cob at the merchant’s request', async () => {
    const { txid, token } = await createCob();
    const answer = await call({ method: 'PATCH', path: `/v2/cob/${txid}`, token, body: removal });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 });
    expect(chargeOf(txid).status).toBe('canceled');
  });

  it('refuses to remove a cob already paid, which stays CONCLUIDA', async () => {
    const { txid, token } = await createCob();
    standin.pay(txid);
    const answer = await call({ method: 'PATCH', path: `/v2/cob/${txid}`, token, body: removal });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida');
    expect(chargeOf(txid).status).toBe('paid');
  });

  it('refuses a removal that also changes other fields', async () => {
    const { txid, token } = await createCob();
    const answer = await call({
      method: 'PATCH',
      path: `/v2/cob/${txid}`,
      token,
      body: { ...removal, valor: { original: '1.00' } },
    });
    expect(answer.status).toBe(400);
    expect(chargeOf(txid).status).toBe('pending');
  });

  it('revises the fields it is given and counts the revision', async () => {
    const { txid, token } = await createCob();
    const answer = await call({
      method: 'PATCH',
      path: `/v2/cob/${txid}`,
      token,
      body: { solicitacaoPagador: 'Pedido 124' },
    });
    expect(answer.body).toMatchObject({
      revisao: 1,
      solicitacaoPagador: 'Pedido 124',
      valor: { original: '12.90' },
    });
  });

  it('removes a cob whose payer failed, which the API still showed ATIVA', async () => {
    const { txid, token } = await createCob();
    standin.fail(txid);
    const answer = await call({ method: 'PATCH', path: `/v2/cob/${txid}`, token, body: removal });
    expect(answer.body.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});

describe('GET /pix/{e2eid}', () => {
  it('answers a Pix received by its end-to-end id', async () => {
    const { txid, token } = await createCob();
    standin.pay(txid);
    const e2eid = chargeOf(txid).endToEndId!;
    const answer = await call({ method: 'GET', path: `/v2/pix/${e2eid}`, token });
    expect(answer.body).toMatchObject({ endToEndId: e2eid, txid, valor: '12.90' });
  });

  it('answers 404 PixNaoEncontrado for an end-to-end id the account never received', async () => {
    const answer = await call({ method: 'GET', path: `/v2/pix/E${'1'.repeat(31)}`, token: await tokenFor() });
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/PixNaoEncontrado');
  });
});

describe('PUT /pix/{e2eid}/devolucao/{id}', () => {
  async function paidCob() {
    const { txid, token } = await createCob();
    standin.pay(txid);
    return { txid, token, e2eid: chargeOf(txid).endToEndId! };
  }

  it('gives the money back and shows the devolução in the cob', async () => {
    const { txid, token, e2eid } = await paidCob();
    const answer = await call({
      method: 'PUT',
      path: `/v2/pix/${e2eid}/devolucao/D1`,
      token,
      body: { valor: '12.90' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: 'D1',
      rtrId: expect.stringMatching(/^D[A-Z0-9]{31}$/),
      valor: '12.90',
      status: 'DEVOLVIDO',
    });
    expect(chargeOf(txid)).toMatchObject({ status: 'refunded', refundedAmount: 1290 });
    const cob = await call({ method: 'GET', path: `/v2/cob/${txid}`, token });
    expect(cob.body.status).toBe('CONCLUIDA');
    expect(cob.body.pix[0].devolucoes).toEqual([answer.body]);
  });

  it('answers the same devolução when the same request comes again', async () => {
    const { txid, token, e2eid } = await paidCob();
    const request = { method: 'PUT', path: `/v2/pix/${e2eid}/devolucao/D1`, token, body: { valor: '5.00' } };
    const first = await call(request);
    const again = await call(request);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(chargeOf(txid).refundedAmount).toBe(500);
  });

  it('refuses an id already used with another value', async () => {
    const { token, e2eid } = await paidCob();
    await call({ method: 'PUT', path: `/v2/pix/${e2eid}/devolucao/D1`, token, body: { valor: '5.00' } });
    const answer = await call({
      method: 'PUT',
      path: `/v2/pix/${e2eid}/devolucao/D1`,
      token,
      body: { valor: '6.00' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida');
  });

  it('refuses more than the Pix brought', async () => {
    const { token, e2eid } = await paidCob();
    const answer = await call({
      method: 'PUT',
      path: `/v2/pix/${e2eid}/devolucao/D1`,
      token,
      body: { valor: '12.91' },
    });
    expect(answer.status).toBe(400);
  });

  it('answers 404 for an end-to-end id the account never received', async () => {
    const token = await tokenFor();
    const answer = await call({
      method: 'PUT',
      path: `/v2/pix/E${'0'.repeat(31)}/devolucao/D1`,
      token,
      body: { valor: '1.00' },
    });
    expect(answer.status).toBe(404);
  });

  it('answers the devolução on GET, and 404 PixDevolucaoNaoEncontrada for another id', async () => {
    const { token, e2eid } = await paidCob();
    await call({ method: 'PUT', path: `/v2/pix/${e2eid}/devolucao/D1`, token, body: { valor: '1.00' } });
    const found = await call({ method: 'GET', path: `/v2/pix/${e2eid}/devolucao/D1`, token });
    expect(found.body).toMatchObject({ id: 'D1', valor: '1.00', status: 'DEVOLVIDO' });
    const missing = await call({ method: 'GET', path: `/v2/pix/${e2eid}/devolucao/D2`, token });
    expect(missing.status).toBe(404);
    expect(missing.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/PixDevolucaoNaoEncontrada');
  });
});

describe('the webhook', () => {
  it('registers a webhook for the account’s key and answers it back', async () => {
    const token = await tokenFor();
    const webhookUrl = 'https://loja.example/webhooks/apipix?token=t0k3n';
    const put = await call({
      method: 'PUT',
      path: `/v2/webhook/${STORE.pixKey}`,
      token,
      body: { webhookUrl },
    });
    expect(put.status).toBe(200);
    const get = await call({ method: 'GET', path: `/v2/webhook/${STORE.pixKey}`, token });
    expect(get.body).toMatchObject({ webhookUrl, chave: STORE.pixKey, criacao: expect.any(String) });
  });

  it('forgets a webhook on DELETE', async () => {
    const token = await tokenFor(WEBHOOKED);
    const path = `/v2/webhook/${WEBHOOKED.pixKey}`;
    await call({ method: 'PUT', path, token, body: { webhookUrl: 'https://loja.example/w' } });
    expect((await call({ method: 'DELETE', path, token })).status).toBe(204);
    expect((await call({ method: 'GET', path, token })).status).toBe(404);
  });

  it('refuses a webhook for a key the account does not own', async () => {
    const token = await tokenFor();
    const answer = await call({
      method: 'PUT',
      path: `/v2/webhook/${encodeURIComponent(OTHER.pixKey)}`,
      token,
      body: { webhookUrl: 'https://loja.example/x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/WebhookOperacaoInvalida');
  });

  it('posts the Pix to {webhookUrl}/pix, appended to the URL as text (openapi.yaml 2048), when a cob is paid', async () => {
    const token = await tokenFor(OTHER);
    const webhookUrl = 'http://sakura.localhost:3000/webhooks/apipix?token=s3cr3t';
    await call({
      method: 'PUT',
      path: `/v2/webhook/${encodeURIComponent(OTHER.pixKey)}`,
      token,
      body: { webhookUrl },
    });
    const { txid } = await createCob(newTxid(), cobBody({ chave: OTHER.pixKey }), OTHER);
    standin.pay(txid);
    const [notification] = await notificationsFor(txid);
    expect(notification!.url).toBe('http://sakura.localhost:3000/webhooks/apipix?token=s3cr3t/pix');
    expect(JSON.parse(notification!.body)).toEqual({
      pix: [
        {
          endToEndId: chargeOf(txid, OTHER).endToEndId,
          txid,
          valor: '12.90',
          chave: OTHER.pixKey,
          horario: expect.any(String),
        },
      ],
    });
  });

  it('uses the account’s webhook URL when none was registered', async () => {
    const { txid } = await createCob(newTxid(), cobBody({ chave: WEBHOOKED.pixKey }), WEBHOOKED);
    standin.pay(txid);
    const [notification] = await notificationsFor(txid);
    expect(notification!.url).toBe('http://loja.localhost:3000/webhooks/apipix?token=abc123/pix');
  });

  it('posts the Pix with its devolução once refunded', async () => {
    const { txid } = await createCob(newTxid(), cobBody({ chave: WEBHOOKED.pixKey }), WEBHOOKED);
    standin.pay(txid);
    const e2eid = chargeOf(txid, WEBHOOKED).endToEndId;
    await call({
      method: 'PUT',
      path: `/v2/pix/${e2eid}/devolucao/D1`,
      token: await tokenFor(WEBHOOKED),
      body: { valor: '12.90' },
    });
    const notifications = await notificationsFor(txid);
    expect(notifications).toHaveLength(2);
    expect(JSON.parse(notifications[1]!.body).pix[0].devolucoes).toEqual([
      expect.objectContaining({ id: 'D1', status: 'DEVOLVIDO' }),
    ]);
  });

  it('sends nothing when a cob expires, is removed or its payer fails', async () => {
    const token = await tokenFor(WEBHOOKED);
    const body = cobBody({ chave: WEBHOOKED.pixKey });
    const { txid: expired } = await createCob(newTxid(), body, WEBHOOKED);
    const { txid: removed } = await createCob(newTxid(), body, WEBHOOKED);
    const { txid: failed } = await createCob(newTxid(), body, WEBHOOKED);
    standin.expire(expired);
    await call({
      method: 'PATCH',
      path: `/v2/cob/${removed}`,
      token,
      body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
    });
    standin.fail(failed);
    await standin.context.notifier.settled();
    expect(
      sent.filter((notification) =>
        [expired, removed, failed].some((txid) => notification.body.includes(txid)),
      ),
    ).toEqual([]);
  });
});
