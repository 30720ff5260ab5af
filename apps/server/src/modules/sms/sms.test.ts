import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createSmsProvider } from './factory.ts';
import { HttpSmsProvider } from './http-provider.ts';
import { LocalSmsProvider } from './local-provider.ts';
import { SmsDeliveryError } from './provider.ts';
import { listSmsMessages } from './repository.ts';

interface Received {
  method?: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A local HTTP server standing in for an SMS gateway. */
async function gateway(answer: (received: Received) => { status: number; delayMs?: number }) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method,
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      };
      received.push(entry);
      const { status, delayMs = 0 } = answer(entry);
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' }).end('{"id":"msg-1"}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('HTTP SMS provider', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('POSTs {to, message} as JSON with the bearer token', async () => {
    const gw = await gateway(() => ({ status: 202 }));
    close = gw.close;
    const provider = new HttpSmsProvider({ url: gw.url, token: 'segredo', timeoutMs: 2000 });
    await provider.send('+5511999990000', 'Pizzaria: código 123-456', { storeId: 1 });
    expect(gw.received).toHaveLength(1);
    expect(gw.received[0]!.method).toBe('POST');
    expect(gw.received[0]!.headers['content-type']).toBe('application/json');
    expect(gw.received[0]!.headers.authorization).toBe('Bearer segredo');
    expect(gw.received[0]!.body).toEqual({ to: '+5511999990000', message: 'Pizzaria: código 123-456' });
  });

  it('rejects a non-2xx answer', async () => {
    const gw = await gateway(() => ({ status: 500 }));
    close = gw.close;
    const provider = new HttpSmsProvider({ url: gw.url, timeoutMs: 2000 });
    await expect(provider.send('+5511999990000', 'x', { storeId: 1 })).rejects.toThrow(SmsDeliveryError);
    await expect(provider.send('+5511999990000', 'x', { storeId: 1 })).rejects.toThrow('answered 500');
  });

  it('gives up after its timeout', async () => {
    const gw = await gateway(() => ({ status: 200, delayMs: 2000 }));
    close = gw.close;
    const provider = new HttpSmsProvider({ url: gw.url, timeoutMs: 150 });
    const started = Date.now();
    await expect(provider.send('+5511999990000', 'x', { storeId: 1 })).rejects.toThrow('timed out');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('rejects when nothing listens', async () => {
    const provider = new HttpSmsProvider({ url: 'http://127.0.0.1:9/messages', timeoutMs: 1000 });
    await expect(provider.send('+5511999990000', 'x', { storeId: 1 })).rejects.toThrow(SmsDeliveryError);
  });
});

describe('local SMS stand-in', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let storeId: number;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const [store] = await database.db.insert(stores).values({ slug: 'loja-sms' }).returning();
    storeId = store!.id;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('keeps and logs the message without its code; only its in-memory outbox has the code', async () => {
    const lines: unknown[] = [];
    const printed: string[] = [];
    const log = { info: (obj: unknown) => lines.push(obj), warn: (text: unknown) => lines.push(text) };
    const provider = new LocalSmsProvider(database.db, log as never, {
      developerOutbox: true,
      print: (line) => printed.push(line),
    });
    expect(lines).toEqual([
      expect.stringMatching(/^SMS_PROVIDER=local: the SMS stand-in sends no text messages/),
    ]);
    await provider.send('+5511999990000', 'Loja: código 654-321. Vale 10 minutos.', {
      storeId,
      secret: '654-321',
    });
    const rows = await listSmsMessages(database.db, storeId, '+5511999990000');
    expect(rows.map((row) => row.text)).toEqual(['Loja: código •••-•••. Vale 10 minutos.']);
    expect(lines.at(-1)).toEqual({ phone: '+5511999990000', text: 'Loja: código •••-•••. Vale 10 minutos.' });
    expect(JSON.stringify(lines)).not.toContain('654');
    expect(provider.messages(storeId, '+5511999990000').map((message) => message.text)).toEqual([
      'Loja: código 654-321. Vale 10 minutos.',
    ]);
    expect(printed).toEqual([
      '[SMS stand-in, not sent] to +5511999990000: Loja: código 654-321. Vale 10 minutos.',
    ]);
  });

  it('keeps no code anywhere when it has no developer outbox (production demo)', async () => {
    const provider = new LocalSmsProvider(database.db, { info: () => {}, warn: () => {} } as never, {
      developerOutbox: false,
    });
    await provider.send('+5511999990001', 'Loja: código 111-222.', { storeId, secret: '111-222' });
    expect(provider.messages(storeId)).toEqual([]);
    const rows = await listSmsMessages(database.db, storeId, '+5511999990001');
    expect(rows.map((row) => row.text)).toEqual(['Loja: código •••-•••.']);
  });

  it('in production refuses to start with the stand-in unless a demo says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMS_PROVIDER: the local SMS stand-in sends no SMS: in production set SMS_PROVIDER=http \(or ALLOW_SMS_STANDIN_IN_PRODUCTION=true for a demo\)/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SMS_STANDIN_IN_PRODUCTION: 'true' }).SMS_PROVIDER).toBe(
      'local',
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example.com/send',
      }).SMS_PROVIDER,
    ).toBe('http');
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_SMS_STANDIN_IN_PRODUCTION: 'yes' })).toThrow(
      /ALLOW_SMS_STANDIN_IN_PRODUCTION/,
    );
  });

  it('is the default provider; SMS_PROVIDER=http picks the HTTP adapter', () => {
    const log = { info: () => {}, warn: () => {} } as never;
    expect(createSmsProvider(loadConfig({}), database.db, log).name).toBe('local');
    const http = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      SMS_HTTP_TOKEN: 't',
    });
    expect(createSmsProvider(http, database.db, log).name).toBe('http');
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(
      /SMS_HTTP_URL: required when SMS_PROVIDER=http/,
    );
  });
});
