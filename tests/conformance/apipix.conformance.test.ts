import { readFileSync } from 'node:fs';
import type { ClientRequest, IncomingMessage } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OutgoingNotification, type Standin, startStandin } from '@comanda/psp-standin';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import { ApiPixProvider } from '../../apps/server/src/modules/payments/providers/apipix.ts';
import { RefundPending, RefundRefused } from '../../apps/server/src/modules/payments/providers/provider.ts';

/*
 * The API Pix adapter and the stand-in's API Pix, held to the central bank's OpenAPI document
 * (specs/bacen-pix-api/openapi.yaml, 2.9.0): every request the adapter sends and every reply and
 * callback the stand-in gives in a run of charges, payments, devoluções (done, in processing,
 * refused), the webhook and the listings is validated with ajv against the operation's schema.
 * A failure names the operation, the field and the document's line.
 */

const SPEC_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'specs/bacen-pix-api/openapi.yaml');
const text = readFileSync(SPEC_FILE, 'utf8');
const lines = new LineCounter();
const document = parseDocument(text, { lineCounter: lines });
const spec = document.toJS() as OpenApi;

/**
 * Errata of 2.9.0, corrected here (the file stays the tag's): PixConsultados requires `cobs`
 * where its list is `pix` (line 8721); CobsConsultadas' items require an `idCob` the document
 * defines nowhere (line 8065); a location is `format: uri` (lines 7486, 7783) while the
 * document's own examples (line 3244) and the BR Code's field 26.25 carry it without a scheme,
 * so it is checked as a URI reference.
 */
const ERRATA: [string[], unknown][] = [
  [
    ['components', 'schemas', 'PixConsultados', 'required'],
    ['parametros', 'pix'],
  ],
  [
    ['components', 'schemas', 'CobsConsultadas', 'properties', 'cobs', 'items', 'allOf', '1', 'required'],
    ['status', 'txid'],
  ],
  [['components', 'schemas', 'CobGerada', 'allOf', '3', 'properties', 'location', 'format'], 'uri-reference'],
  [['components', 'schemas', 'PayloadLocation', 'properties', 'location', 'format'], 'uri-reference'],
];
for (const [at, value] of ERRATA) {
  let node = spec as unknown as Record<string, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[at.at(-1)!] = value;
}

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown; $ref?: string }[];
  requestBody?: { $ref?: string; content?: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
  callbacks?: Record<string, Record<string, { post: Operation }>>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** Where each schema object sits in the document, to name an error's line. */
const pointers = new Map<object, string[]>();
(function walk(node: unknown, at: string[]) {
  if (typeof node !== 'object' || node === null || pointers.has(node)) return;
  pointers.set(node, at);
  for (const [key, value] of Object.entries(node)) walk(value, [...at, key]);
})(spec, []);

const ajv = new Ajv({ strict: false, allErrors: true, verbose: true });
addFormats(ajv);
// OpenAPI 3.0's own words that are not JSON Schema's.
ajv.addKeyword({ keyword: 'example' });
ajv.addSchema(spec as object, 'pix-api');

/** The line of a node of the document, by its path (a schema path from ajv, or an operation's). */
function lineOf(pointer: string[]): number | null {
  for (let length = pointer.length; length > 0; length--) {
    const node = document.getIn(pointer.slice(0, length), true) as { range?: [number, number] } | undefined;
    if (node && (isMap(node) || isSeq(node) || node.range)) {
      const offset = node.range?.[0];
      if (offset !== undefined) return lines.linePos(offset).line;
    }
  }
  return null;
}

const resolve = <T>(value: T & { $ref?: string }): T => {
  if (!value.$ref) return value;
  const keys = value.$ref.replace(/^#\//, '').split('/');
  return keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], spec) as T;
};

/** ajv's errors in words that name the field and the document's line. */
function describeErrors(where: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const parent = (error.parentSchema && pointers.get(error.parentSchema)) ?? [];
    const pointer = [...parent, error.keyword];
    return `${where}: field ${error.instancePath || '(root)'} ${error.message} (openapi.yaml line ${lineOf(pointer)}, ${pointer.join('/')})`;
  });
}

function validate(where: string, schemaRef: string, value: unknown): string[] {
  const check = ajv.getSchema(`pix-api#${schemaRef}`) ?? ajv.compile({ $ref: `pix-api#${schemaRef}` });
  return check(value) ? [] : describeErrors(where, check.errors);
}

/** The path template of the document an actual path answers to: /cob/{txid} for /cob/ABC. */
function templateOf(actual: string): string | null {
  for (const template of Object.keys(spec.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(actual)) return template;
  }
  return null;
}

interface Exchange {
  method: string;
  url: URL;
  requestBody: string | null;
  status: number;
  contentType: string;
  replyBody: string;
}

/** Every request the adapter makes (and its reply), seen at its HTTPS client. */
function recordExchanges(): Exchange[] {
  const exchanges: Exchange[] = [];
  const original = https.request.bind(https) as (...args: unknown[]) => ClientRequest;
  vi.spyOn(https, 'request').mockImplementation(((
    url: string,
    options: { method?: string },
    callback: (response: IncomingMessage) => void,
  ) => {
    let requestBody: string | null = null;
    const request = original(url, options, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        exchanges.push({
          method: (options.method ?? 'GET').toLowerCase(),
          url: new URL(url),
          requestBody,
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          replyBody: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      callback(response);
    });
    const end = request.end.bind(request);
    request.end = ((payload?: string) => {
      requestBody = payload ?? null;
      return end(payload);
    }) as typeof request.end;
    return request;
  }) as unknown as typeof https.request);
  return exchanges;
}

/** The violations of one exchange against its operation: query, request body, reply. */
function violationsOf(exchange: Exchange): string[] {
  const actual = exchange.url.pathname.replace(/^\/v2/, '');
  if (actual === '/oauth/token') return []; // RFC 6749, not the document's
  const template = templateOf(actual);
  if (!template) return [`${exchange.method.toUpperCase()} ${actual}: no such path in openapi.yaml`];
  const operation = spec.paths[template]![exchange.method];
  const where = `${exchange.method.toUpperCase()} ${template}`;
  if (!operation) return [`${where}: no such operation (openapi.yaml line ${lineOf(['paths', template])})`];
  const base = ['paths', template, exchange.method];
  const found: string[] = [];
  for (const [index, raw] of (operation.parameters ?? []).entries()) {
    const parameter = resolve(raw);
    if (parameter.in !== 'query') continue;
    const value = exchange.url.searchParams.get(parameter.name);
    if (value === null) {
      if (parameter.required)
        found.push(
          `${where}: query ${parameter.name} missing (openapi.yaml line ${lineOf([...base, 'parameters', String(index)])})`,
        );
      continue;
    }
    const schema = parameter.schema as { $ref?: string; type?: string };
    const typed = schema.type === 'integer' ? Number(value) : value;
    found.push(...validateSchema(`${where} query ${parameter.name}`, schema, typed));
  }
  if (exchange.requestBody !== null && operation.requestBody) {
    const body = resolve(operation.requestBody);
    const schema = body.content?.['application/json']?.schema as { $ref?: string };
    found.push(...validateSchema(`${where} request`, schema, JSON.parse(exchange.requestBody)));
  }
  const response = operation.responses[String(exchange.status)];
  if (!response) {
    found.push(
      `${where}: reply status ${exchange.status} is not one of the operation's (openapi.yaml line ${lineOf([...base, 'responses'])})`,
    );
    return found;
  }
  const content = resolve(response).content;
  if (content && exchange.replyBody !== '') {
    const media = Object.keys(content).find((type) => exchange.contentType.startsWith(type));
    if (!media)
      found.push(
        `${where}: reply ${exchange.status} as ${exchange.contentType}, not ${Object.keys(content).join(' or ')}`,
      );
    else
      found.push(
        ...validateSchema(
          `${where} reply ${exchange.status}`,
          content[media]!.schema as { $ref?: string },
          JSON.parse(exchange.replyBody),
        ),
      );
  }
  return found;
}

/** A schema of the document checked where it sits, so its own $refs resolve. */
function validateSchema(where: string, schema: { $ref?: string }, value: unknown): string[] {
  if (schema.$ref) return validate(where, schema.$ref.replace(/^#/, ''), value);
  const at = pointers.get(schema)!;
  return validate(
    where,
    `/${at.map((key) => key.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
    value,
  );
}

const ACCOUNT = { clientId: 'conformance', clientSecret: 'segredo', pixKey: 'pix@conformance.com.br' };
const TOKEN = 'tok3n';
const WEBHOOK_URL = `http://pizzaria.localhost:3000/integracoes/v2/payment/notifications/apipix/${TOKEN}`;

let standin: Standin;
let now = new Date('2031-05-05T15:00:00.000Z');
const callbacks: OutgoingNotification[] = [];

beforeAll(async () => {
  standin = await startStandin({
    tlsPort: 0,
    now: () => now,
    accounts: { apipix: [ACCOUNT] },
    notifier: {
      transport: async (notification) => {
        callbacks.push(notification);
        return 200;
      },
    },
  });
});
afterAll(() => standin?.close());

let sequence = 0;
const reference = () => `Conformance${String(++sequence).padStart(18, '0')}`;

describe('API Pix: the adapter and the stand-in against openapi.yaml 2.9.0', () => {
  it('every request, reply and callback of charges, devoluções, the webhook and the listings fits the document', async () => {
    const exchanges = recordExchanges();
    const adapter = new ApiPixProvider({
      baseUrl: `${standin.tlsUrl}/v2`,
      clientId: ACCOUNT.clientId,
      clientSecret: ACCOUNT.clientSecret,
      certPem: standin.pki!.clientCertPem,
      keyPem: standin.pki!.clientKeyPem,
      caPem: standin.pki!.caPem,
      pixKey: ACCOUNT.pixKey,
      webhookToken: TOKEN,
      now: () => now,
    });
    try {
      const charge = (amount: number) =>
        adapter.createPixCharge({
          reference: reference(),
          amount,
          expiresInSeconds: 900,
          description: 'Pedido 123 - Forno & Brasa',
          payerEmail: 'cliente@example.com',
          notificationUrl: WEBHOOK_URL,
        });
      const paid = await charge(1290);
      const pending = await charge(4490);
      const removed = await charge(990);
      const inProcessing = await charge(2000);
      const refused = await charge(2100);
      for (const { providerRef } of [paid, inProcessing, refused]) standin.pay(providerRef);
      await adapter.getCharge(paid.providerRef);
      await adapter.getCharge(pending.providerRef);
      await adapter.cancelCharge(removed.providerRef);
      await adapter.refund(paid.providerRef, 1290, 'Devolucao1');
      standin.apiPixDevolucoes({ settleAfterMs: 60_000 });
      await expect(adapter.refund(inProcessing.providerRef, 2000, 'Devolucao2')).rejects.toBeInstanceOf(
        RefundPending,
      );
      standin.apiPixDevolucoes({ settleAfterMs: 0, refuse: true });
      await expect(adapter.refund(refused.providerRef, 2100, 'Devolucao3')).rejects.toBeInstanceOf(
        RefundRefused,
      );
      now = new Date(now.getTime() + 61_000);
      standin.apiPixDevolucoes({ refuse: false });
      await adapter.refund(inProcessing.providerRef, 2000, 'Devolucao2');
      await adapter.listCharges({
        from: new Date('2031-05-05T00:00:00Z'),
        to: new Date('2031-05-06T00:00:00Z'),
      });
      await standin.context.notifier.settled();
    } finally {
      vi.restoreAllMocks();
      adapter.destroy();
    }

    const operations = new Set(
      exchanges.map(
        (exchange) =>
          `${exchange.method} ${templateOf(exchange.url.pathname.replace(/^\/v2/, '')) ?? exchange.url.pathname}`,
      ),
    );
    expect([...operations].sort()).toEqual(
      [
        'get /cob',
        'get /cob/{txid}',
        'get /pix',
        'patch /cob/{txid}',
        'post /oauth/token',
        'put /cob/{txid}',
        'put /pix/{e2eid}/devolucao/{id}',
        'put /webhook/{chave}',
      ].sort(),
    );
    expect(exchanges.flatMap(violationsOf)).toEqual([]);

    // The callbacks: WebhookPixBody at `{webhookUrl}/pix` (callbacks.listaPix), paid and each final devolução.
    const callbackOp =
      spec.paths['/webhook/{chave}']!.put!.callbacks!.listaPix!['{$request.body#/webhookUrl}/pix']!.post;
    const callbackSchema = resolve(callbackOp.requestBody!).content!['application/json']!.schema as object;
    expect(callbacks.length).toBeGreaterThanOrEqual(5);
    for (const callback of callbacks) {
      expect(
        callback.url,
        `openapi.yaml line ${lineOf(['paths', '/webhook/{chave}', 'put', 'callbacks', 'listaPix'])}`,
      ).toBe(`${WEBHOOK_URL}/pix`);
      expect(validateSchema('POST {webhookUrl}/pix', callbackSchema, JSON.parse(callback.body))).toEqual([]);
    }
    const finals = callbacks.flatMap((callback) =>
      (JSON.parse(callback.body).pix as { devolucoes?: { id: string; status: string }[] }[]).flatMap(
        (pix) => pix.devolucoes ?? [],
      ),
    );
    expect(finals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'Devolucao1', status: 'DEVOLVIDO' }),
        expect.objectContaining({ id: 'Devolucao2', status: 'DEVOLVIDO' }),
        expect.objectContaining({ id: 'Devolucao3', status: 'NAO_REALIZADO' }),
      ]),
    );
  });

  it('the validation itself finds a violation and names the field and the line', () => {
    const errors = validate('reply', '/components/schemas/Devolucao', {
      id: 'D1',
      rtrId: 'D12345678202009091000abcde123456',
      valor: '1.00',
      horario: {},
      status: 'FEITO',
    });
    expect(errors.join('\n')).toMatch(
      /field \/status must be equal to one of the allowed values \(openapi.yaml line 84\d\d/,
    );
  });
});
