import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { type OutgoingNotification, type Standin, startStandin } from '@comanda/psp-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccountsTestApp,
  nextAddress,
  PIZZARIA,
  type SignedUp,
  signInStaff,
  signUp,
} from '../../apps/server/src/test/accounts.ts';
import { cartLine, productIdOf, submission } from '../../apps/server/src/test/orders.ts';
import type { TestApp } from '../../apps/server/src/test/test-app.ts';
import { listen, placePickupOrder, saveAddress } from '../../apps/server/src/test/tracking.ts';
import { recordFigure } from './support/figures.ts';
import { bySize } from './support/scale.ts';

/*
 * Issue 18, finding 2 and the fuzzer of the abuse suite: every call of the API, as the OpenAPI
 * document lists them, signed in where the call needs it, gets NUL, lone surrogates, huge strings,
 * huge numbers, wrong types and deeply nested values in its body fields, query strings and path
 * parameters, over real HTTP. No reply may be a 5xx.
 */

const SCENARIO = 'fuzzer over every call';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
}

interface Operation {
  method: string;
  path: string;
  query: string[];
  pathParams: string[];
  body: JsonSchema | undefined;
  signedIn: boolean;
}

/** A value to put in place of a field: JSON, or raw text written into the JSON as is. */
type Nasty = { label: string; value: unknown } | { label: string; raw: string };

const deepObject = (depth: number) => {
  let value: unknown = 'fundo';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

const ALL_NASTY: Nasty[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'only NUL', value: '\u0000' },
  { label: 'lone high surrogate', value: 'x\ud800' },
  { label: 'lone low surrogate', value: '\udfffx' },
  { label: 'huge string', value: 'x'.repeat(bySize(20_000, 200_000)) },
  { label: 'huge number', value: 1e308 },
  { label: 'raw overflowing number', raw: '1e400' },
  { label: 'raw 30-digit integer', raw: '123456789012345678901234567890' },
  { label: 'negative', value: -2_147_483_649 },
  { label: 'fraction', value: 0.5 },
  { label: 'wrong type: boolean', value: true },
  { label: 'wrong type: null', value: null },
  { label: 'wrong type: array', value: ['a\u0000', 1] },
  { label: 'wrong type: object', value: { $gt: '' } },
  { label: 'numeric string', value: '99999999999999999999' },
  { label: 'deeply nested object', value: deepObject(bySize(200, 2_000)) },
  {
    label: 'raw deeply nested array',
    raw: `${'['.repeat(bySize(500, 5_000))}${']'.repeat(bySize(500, 5_000))}`,
  },
  { label: 'emoji run', value: '🍕'.repeat(5_000) },
  { label: 'SQL-ish', value: "' or 1=1; --" },
  { label: 'empty', value: '' },
];
/** The short form (inside `npm test`) sends the values that broke something once, the full form all. */
const SHORT_FORM = new Set([
  'NUL',
  'lone high surrogate',
  'raw overflowing number',
  'raw deeply nested array',
]);
const NASTY = bySize(
  ALL_NASTY.filter((nasty) => SHORT_FORM.has(nasty.label)),
  ALL_NASTY,
);

/** Query and path values, as sent on the wire (already percent-encoded). */
const ALL_NASTY_IN_URL = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  '%FF',
  'x'.repeat(1_500),
  '99999999999999999999',
  '1e400',
  '-1',
  '0.5',
  'true',
  '%7B%22a%22%3A1%7D',
  '..%2F..%2Fetc%2Fpasswd',
  '',
];
const NASTY_IN_URL = bySize(
  ['a%00b', '%ED%A0%80', '99999999999999999999', 'x'.repeat(1_500)],
  ALL_NASTY_IN_URL,
);

function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return exampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          exampleOf(property, depth + 1),
        ]),
      );
    case 'array':
      return [exampleOf(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'Teste';
    default:
      return null;
  }
}

/** Paths to every value of `value` (objects and arrays too), down to `maxDepth`. */
function pathsOf(value: unknown, maxDepth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= maxDepth || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.slice(0, 2).map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, maxDepth, [...prefix, key])]);
}

/**
 * The body fields a call is fuzzed at, shallow ones first: a cart line carries its whole product,
 * so every nested field of an order would be thousands of requests.
 */
function bodyPaths(seed: unknown): (string | number)[][] {
  return pathsOf(seed, bySize(3, 5))
    .sort((a, b) => a.length - b.length)
    .slice(0, bySize(40, 80));
}

const RAW_MARK = '__FUZZ_RAW__';

/** The seed with the value at `path` replaced, as the JSON text to send. */
function mutated(seed: unknown, path: (string | number)[], nasty: Nasty): string {
  const copy = structuredClone(seed) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  target[last] = 'raw' in nasty ? RAW_MARK : nasty.value;
  const text = JSON.stringify(copy);
  return 'raw' in nasty ? text.replace(`"${RAW_MARK}"`, nasty.raw) : text;
}

interface Reply {
  status: number;
  body: string;
}

describe(SCENARIO, () => {
  let t: TestApp;
  let standin: Standin;
  let port: number;
  let maria: SignedUp;
  let staffToken: string;
  const seeds = new Map<string, unknown>();
  const pathValues: Record<string, string> = {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  beforeAll(async () => {
    standin = await startStandin({
      tlsPort: 0,
      // The fuzzer's charges are never paid: their notifications go nowhere.
      notifier: { attempts: 1, transport: async (_notification: OutgoingNotification) => 503 },
    });
    t = await buildAccountsTestApp({
      demoStores: ['pizzaria.json'],
      standin,
      env: {
        // Every request from its own address, and limits far away: the fuzzer wants to reach the code.
        TRUST_PROXY: 'true',
        RATE_LIMIT_MULTIPLIER: '1000',
      },
    });
    port = Number(new URL(await listen(t)).port);
    maria = await signUp(t.app);
    staffToken = (await signInStaff(t)).token;
    // The team calls act on a member of their own, so a new password never ends the fuzzer's session.
    const teamTarget = await signInStaff(t, { name: 'Alvo do Fuzzer', role: 'attendant' });
    const orderId = await placePickupOrder(t, maria);
    const addressId = await saveAddress(t, maria.token);
    const line = await cartLine(t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    const order = submission(maria.userId, [line], { observacoes: 'Sem cebola' });
    Object.assign(pathValues, {
      '/core/cliente_app/{id}': String(maria.userId),
      '/bar/atendimentos_app/{id}': String(orderId),
      '/staff/orders/{id}': String(orderId),
      '/staff/orders/{id}/status': String(orderId),
      '/staff/payments/{id}/confirm': String(orderId),
      '/staff/team/{id}': String(teamTarget.userId),
      '/core/endereco_register_app/{id}/': String(addressId),
      '/core/v2/app/customer/addresses/{id}/quote/': String(addressId),
      '/estoque/produtos_full_app/{id}': String(await productIdOf(t, 'burger-classico')),
      '/core/telefone_login_app/{digits}': maria.phone,
      '/integracoes/v2/payment/notifications/{provider}': 'mercadopago',
      '/integracoes/v2/payment/notifications/{provider}/pix': 'apipix',
    });
    // Seeds that pass validation, so a mutated field reaches the service and the database.
    seeds.set('POST /bar/v2/app/order/upsert/', order);
    seeds.set('POST /bar/v2/payment/create-payment-intent/', {
      save: false,
      type: 'pix',
      order: { ...order, tipo_entrega: 'Retirada', forma_entrada: 'Instagram', fk_forma_pagamento: null },
      cart: [line],
    });
    seeds.set('POST /core/coupon_validate_app', {
      coupon: 'BEMVINDO10',
      customer_id: maria.userId,
      subtotal: 5000,
      delivery_type: 'Retirada',
    });
    seeds.set('PATCH /core/cliente_app/{id}', {
      nome: 'Maria Souza',
      email: 'maria@example.com',
      documento: null,
    });
    seeds.set('POST /core/registration_app/', {
      name: 'Ana Souza',
      password: 'segredo-forte-1',
      terms: true,
      cellphone: '11987650000',
      ddi: '55',
    });
    seeds.set('POST /core/v2/auth/api-token-auth-without-email/', {
      username: maria.phone,
      password: maria.password,
    });
    seeds.set('POST /staff/orders/{id}/status', { status: 'Cancelado', reason: 'Sem entregador' });
    seeds.set('POST /staff/team', {
      phone: '11987650009',
      nome: 'Bia Caixa',
      role: 'attendant',
      password: 'segredo-forte-1',
    });
    seeds.set('PATCH /staff/team/{id}', { role: 'manager', nome: 'Alvo Gerente' });
    seeds.set('POST /core/endereco_register_app/', {
      cidade: 1,
      bairro: 1,
      numero: '10',
      nome: 'Casa',
      rua: 'Rua Augusta',
      complemento: 'Apto 1',
      cliente: maria.userId,
    });
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
    await standin?.close();
  });

  function operations(): Operation[] {
    const document = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string }[];
            requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
            security?: Record<string, string[]>[];
          }
        >
      >;
    };
    return Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        query: (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && p.name !== 'additionalProperties')
          .map((p) => p.name),
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema,
        signedIn: operation.security?.some((scheme) => 'bearerAuth' in scheme) ?? false,
      })),
    );
  }

  function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          agent,
          // A new key each time, so placement reads the body instead of replaying a first reply.
          headers: { ...headers, 'x-forwarded-for': nextAddress(), 'idempotency-key': randomUUID() },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (text.length < 2_000) text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          response.on('error', reject);
        },
      );
      request.on('error', (error) => reject(new Error(`${method} ${url.slice(0, 80)}: ${error.message}`)));
      request.end(body);
    });
  }

  it('its seeds are accepted as they are, so a mutated field is what a refusal is about', async () => {
    const refused: string[] = [];
    for (const op of operations()) {
      const key = `${op.method} ${op.path}`;
      const seed = seeds.get(key);
      if (seed === undefined) continue;
      const token = op.path.startsWith('/staff/') ? staffToken : maria.token;
      const url = op.path.replace(/\{[^}]+\}/g, pathValues[op.path] ?? '1');
      const body = JSON.stringify(seed);
      const reply = await send(
        op.method,
        url,
        {
          host: PIZZARIA,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      );
      if (reply.status >= 300 && reply.status !== 401)
        refused.push(`${key} → ${reply.status} ${reply.body.slice(0, 300)}`);
    }
    expect(refused).toEqual([]);
  });

  const isSignInBusy = (reply: Reply) => reply.status === 503 && reply.body.includes('"SIGN_IN_BUSY"');

  it('answers every mutated call without a 5xx', async () => {
    const started = Date.now();
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(40);
    const failures: string[] = [];
    let tried = 0;
    let serverErrors = 0;
    let busyRetries = 0;
    const jobs: (() => Promise<void>)[] = [];

    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      // Event streams never end and logout would end the session: fuzzed without a session.
      const useSession = op.signedIn && !op.path.endsWith('/events') && !op.path.endsWith('session-logout/');
      const token = op.path.startsWith('/staff/') ? staffToken : maria.token;
      const headers: Record<string, string> = {
        host: PIZZARIA,
        ...(useSession ? { authorization: `Bearer ${token}` } : {}),
      };
      const pathOf = (overrides: Record<string, string> = {}) =>
        op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          name in overrides ? overrides[name]! : (pathValues[op.path] ?? '1'),
        );
      const call = (url: string, body: string | undefined, what: string) =>
        jobs.push(async () => {
          const once = () =>
            send(
              op.method,
              url,
              body === undefined
                ? headers
                : {
                    ...headers,
                    'content-type': 'application/json',
                    'content-length': String(Buffer.byteLength(body)),
                  },
              body,
            );
          let reply = await once();
          // More sign-ins at once than the server checks (4 per lane) are turned away with 503
          // SIGN_IN_BUSY and Retry-After, whatever they carry: a client waits and asks again, and so
          // does the fuzzer (the full form runs 8 calls at a time). Only a 503 that stays counts.
          for (let attempt = 1; attempt <= 20 && isSignInBusy(reply); attempt++) {
            busyRetries += 1;
            await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
            reply = await once();
          }
          tried += 1;
          if (reply.status >= 500) {
            serverErrors += 1;
            if (failures.length < 30)
              failures.push(`${key} ${what} → ${reply.status} ${reply.body.slice(0, 200)}`);
          }
        });

      const takesBody = op.method !== 'GET';
      const seed = takesBody ? (seeds.get(key) ?? (op.body ? exampleOf(op.body) : {})) : undefined;
      const seedText = seed === undefined ? undefined : JSON.stringify(seed);
      // The body: each field (nested ones in the full form) and the whole body replaced.
      if (seed !== undefined && typeof seed === 'object' && seed !== null) {
        for (const path of bodyPaths(seed)) {
          for (const nasty of NASTY)
            call(pathOf(), mutated(seed, path, nasty), `body ${path.join('.')} = ${nasty.label}`);
        }
      }
      for (const nasty of takesBody ? NASTY : []) {
        call(
          pathOf(),
          mutated({ body: null }, ['body'], nasty).replace(/^\{"body":(.*)\}$/s, '$1'),
          `whole body = ${nasty.label}`,
        );
      }
      if (takesBody) call(pathOf(), '{"a":', 'truncated JSON');
      // The query string: each known parameter, and one nobody expects.
      for (const name of [...op.query, 'inesperado']) {
        for (const value of NASTY_IN_URL)
          call(`${pathOf()}?${name}=${value}`, seedText, `query ${name} = ${value.slice(0, 20)}`);
        call(`${pathOf()}?${name}=1&${name}=2`, seedText, `query ${name} twice`);
        call(`${pathOf()}?${name}[a][b]=1`, seedText, `query ${name} nested`);
      }
      // The path parameters.
      for (const name of op.pathParams) {
        for (const value of NASTY_IN_URL) {
          if (value === '') continue;
          call(pathOf({ [name]: value }), seedText, `path ${name} = ${value.slice(0, 20)}`);
        }
      }
    }
    // The storefront's pages answer any path.
    for (const value of NASTY_IN_URL) {
      jobs.push(async () => {
        const reply = await send('GET', `/${value}?q=${value}`, { host: PIZZARIA });
        tried += 1;
        if (reply.status >= 500) {
          serverErrors += 1;
          failures.push(`GET /${value.slice(0, 20)} → ${reply.status}`);
        }
      });
    }

    const concurrency = bySize(4, 8);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          await job();
        }
      }),
    );

    recordFigure(SCENARIO, 'calls fuzzed', ops.length, 'operations');
    recordFigure(SCENARIO, 'requests tried', tried, 'requests');
    recordFigure(SCENARIO, '5xx replies', serverErrors, 'requests');
    recordFigure(SCENARIO, 'sign-ins asked again after 503 SIGN_IN_BUSY', busyRetries, 'requests');
    recordFigure(SCENARIO, 'duration', Math.round((Date.now() - started) / 100) / 10, 's');
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(tried).toBe(jobs.length);
  });
});
