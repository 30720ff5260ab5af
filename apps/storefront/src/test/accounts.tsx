import type { Company, Customer } from '@comanda/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '../app/app.tsx';
import { DataCache, DataConfig } from '../lib/data-cache.tsx';
import { START_PATHS } from '../lib/start-data.ts';
import { company, demoMenu } from './fixtures.ts';

/** A session token as the server makes them: base64url JSON payload, a dot, a random secret. */
export function sessionToken(userId = 7): string {
  const payload = JSON.stringify({ user_id: userId, store: 'pizzaria', exp: 4102444800 });
  const base64 = btoa(payload).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${base64}.c2VjcmV0LXNlY3JldC1zZWNyZXQ`;
}

export function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 7,
    username: '11987654321',
    user_id: 7,
    nome: 'Maria Souza',
    email: null,
    documento: null,
    telefones: ['celular:11987654321'],
    pontos_fidelidade: 0,
    send_promo: 'remove_promo',
    enderecos: [],
    cards: [],
    ...overrides,
  };
}

export interface ApiReply {
  status?: number;
  body?: unknown;
  /** The request fails before any answer (no connection). */
  offline?: boolean;
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Handler = ApiReply | ((call: ApiCall) => ApiReply);

/**
 * A fetch stub for the account calls: handlers by "METHOD /path" (query included); the start data
 * of the menu answers by itself; anything else is a 404. Every call is recorded.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const { categories, products } = demoMenu();
  const start: Record<string, unknown> = {
    [START_PATHS.company]: [company()],
    [START_PATHS.categories]: categories,
    [START_PATHS.products]: products,
    [START_PATHS.hours]: [],
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    let reply: ApiReply;
    if (handler) reply = typeof handler === 'function' ? handler(call) : handler;
    else if (method === 'GET' && path in start) reply = { body: start[path] };
    else reply = { status: 404, body: { detail: 'Não encontrado.', code: 'NOT_FOUND' } };
    if (reply.offline) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to one path (any method). */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
    /** Adds or replaces a handler. */
    on: (key: string, handler: Handler) => {
      handlers[key] = handler;
    },
  };
}

/** The whole app at `path`, with the menu's start data. */
export function renderApp(path: string, { store = company() }: { store?: Company } = {}) {
  history.replaceState(null, '', path);
  const { categories, products } = demoMenu();
  render(
    <DataConfig value={{ provider: () => new DataCache() }}>
      <App
        fallback={{
          [START_PATHS.company]: [store],
          [START_PATHS.categories]: categories,
          [START_PATHS.products]: products,
          [START_PATHS.hours]: [],
        }}
      />
    </DataConfig>,
  );
  return userEvent.setup();
}
