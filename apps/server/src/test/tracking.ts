import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderPlacedReply } from '@comanda/contract';
import { and, eq } from 'drizzle-orm';
import { cities, neighbourhoods } from '../db/schema.ts';
import { bearer, PIZZARIA, SAKURA } from './accounts.ts';
import { cartLine, placeOrder, storeIdOf, submission } from './orders.ts';
import type { TestApp } from './test-app.ts';

/*
 * Order tracking fixtures: orders placed through the real call, staff status changes, and a
 * Server-Sent Events client on a real socket (app.inject cannot hold a response open).
 */

/** A pickup order of a Burger Clássico paid by card on delivery (pizzaria) or a lamen (sakura). */
export async function placePickupOrder(
  t: TestApp,
  account: { token: string; userId: number },
  host = PIZZARIA,
): Promise<number> {
  const line =
    host === SAKURA
      ? await cartLine(t, { ref: 'lamen', host })
      : await cartLine(t, {
          ref: 'burger-classico',
          choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
        });
  const response = await placeOrder(t, account.token, submission(account.userId, [line]), { host });
  if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`);
  return orderPlacedReply.parse(response.json()).order_info.order_id;
}

async function pizzariaPlace(t: TestApp, ref: string, table: 'cities' | 'neighbourhoods') {
  const storeId = await storeIdOf(t, PIZZARIA);
  const source = table === 'cities' ? cities : neighbourhoods;
  const [row] = await t.database.db
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.storeId, storeId), eq(source.ref, ref)));
  return row!.id;
}

/** Saves an address in Consolação (pizzaria, fee R$ 5,00) through the addresses call. */
export async function saveAddress(t: TestApp, token: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/core/v2/app/customer/upsert-addresses/',
    headers: { host: PIZZARIA, ...bearer(token) },
    payload: {
      addresses: [
        {
          id: null,
          name: 'Casa',
          street: 'Rua Augusta',
          street_number: '1500',
          complement: 'Apto 12',
          city_id: await pizzariaPlace(t, 'sao-paulo', 'cities'),
          city_name: 'São Paulo',
          district_id: await pizzariaPlace(t, 'consolacao', 'neighbourhoods'),
          district_name: 'Consolação',
          latitude: -23.557,
          longitude: -46.6563,
          search: 'augusta 1500',
          location: false,
        },
      ],
    },
  });
  if (response.statusCode !== 200) throw new Error(`address: ${response.statusCode} ${response.body}`);
  return (response.json() as { inserted_ids: number[] }).inserted_ids[0]!;
}

/** POST /staff/orders/{id}/status */
export function changeStatus(
  t: TestApp,
  token: string | null,
  orderId: number | string,
  payload: unknown,
  host = PIZZARIA,
) {
  return t.app.inject({
    method: 'POST',
    url: `/staff/orders/${orderId}/status`,
    headers: { host, ...(token ? bearer(token) : {}) },
    payload: payload as Record<string, unknown>,
  });
}

/** Starts the app's HTTP server on a free port; returns its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** The JSON body of a refusal. */
  body: unknown;
  events: SseEvent[];
  comments: string[];
  retry: number | undefined;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The first event (already received or to come) that matches, or a rejection after timeoutMs. */
  next(predicate?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** The first comment with this text (already received or to come). */
  nextComment(text: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens an event stream the way a browser does (an HTTP GET that stays open), parsing what arrives. */
export function openSse(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      { headers: { accept: 'text/event-stream', ...headers }, agent: false },
      (response) => {
        const events: SseEvent[] = [];
        const comments: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        let raw = '';
        let endedResolve!: () => void;
        const ended = new Promise<void>((done) => {
          endedResolve = done;
        });
        const connection: SseConnection = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: undefined,
          events,
          comments,
          retry: undefined,
          ended,
          next(predicate = () => true, timeoutMs = 2000) {
            return waitFor(() => events.find(predicate), timeoutMs, 'event');
          },
          async nextComment(text, timeoutMs = 2000) {
            await waitFor(() => (comments.includes(text) ? true : undefined), timeoutMs, `comment '${text}'`);
          },
          close() {
            request.destroy();
          },
        };
        function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
          return new Promise((done, fail) => {
            const check = () => {
              const found = find();
              if (found === undefined) return false;
              clearTimeout(timer);
              waiters.delete(waiter);
              done(found);
              return true;
            };
            const waiter = () => void check();
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(
                new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify({ events, comments })}`),
              );
            }, timeoutMs);
            if (!check()) waiters.add(waiter);
          });
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          raw += chunk;
          buffer += chunk;
          let boundary = buffer.indexOf('\n\n');
          while (boundary >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            boundary = buffer.indexOf('\n\n');
            let event = 'message';
            const data: string[] = [];
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('retry:')) connection.retry = Number(line.slice(6).trim());
              else if (line.startsWith('event:')) {
                event = line.slice(6).trim();
                isEvent = true;
              } else if (line.startsWith('data:')) {
                data.push(line.slice(5).trimStart());
                isEvent = true;
              }
            }
            if (isEvent) events.push({ event, data: data.join('\n') });
          }
          for (const waiter of [...waiters]) waiter();
        });
        const finish = () => {
          if (connection.status !== 200 && raw) {
            try {
              connection.body = JSON.parse(raw);
            } catch {
              connection.body = raw;
            }
          }
          endedResolve();
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
        if (connection.status === 200) resolve(connection);
        else ended.then(() => resolve(connection));
      },
    );
    request.on('error', reject);
  });
}

/** Resolves when `check` is true, polling every 10 ms; rejects after timeoutMs. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 10));
  }
}
