import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Database, DbExecutor } from '../db/client.ts';
import { stores } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';

export interface StoreRef {
  id: number;
  slug: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    store: StoreRef;
  }
}

/** The store with this slug (its sub-domain), or undefined. */
export async function findStoreBySlug(db: DbExecutor, slug: string): Promise<StoreRef | undefined> {
  const [row] = await db
    .select({ id: stores.id, slug: stores.slug })
    .from(stores)
    .where(eq(stores.slug, slug));
  return row;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const NEGATIVE_CACHE_MS = 5_000;

/**
 * The store a Host names, or undefined when the host serves none. Without BASE_DOMAIN: its first
 * label, or the default store for a bare host. With BASE_DOMAIN: only `<store>.BASE_DOMAIN` (and
 * BASE_DOMAIN itself, the default store) name a store, so a domain someone else points at this
 * server (`pizzaria.evil.example`) serves nothing; an IP literal or `localhost` (a probe, an
 * operator on the machine) still reaches the default store.
 */
export function storeSlugFromHost(
  hostHeader: string | undefined,
  defaultStore: string,
  baseDomain?: string,
): string | undefined {
  if (!hostHeader) return defaultStore;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return defaultStore; // IPv6 literal
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (!host || IPV4.test(host)) return defaultStore;
  const base = baseDomain?.trim().toLowerCase().replace(/\.$/, '');
  if (base) {
    if (host === base || host === 'localhost') return defaultStore;
    if (!host.endsWith(`.${base}`)) return undefined;
    const label = host.slice(0, -(base.length + 1));
    return label.includes('.') ? undefined : label;
  }
  const labels = host.split('.');
  if (labels.length === 1) return defaultStore;
  return labels[0]!;
}

/** API paths answer an unknown store with JSON; other paths (the storefront) with a page. */
export const API_PREFIXES = [
  '/core/',
  '/estoque/',
  '/financeiro/',
  '/bar/',
  '/integracoes/',
  '/staff/',
  '/media/',
  '/courier/',
];
/** The staff app's own views (the kitchen display at /staff/app/cozinha): pages under the staff API's prefix. */
const STAFF_APP_PAGES = '/staff/app/';
export const isApiPath = (url: string) =>
  !url.startsWith(STAFF_APP_PAGES) && API_PREFIXES.some((prefix) => url.startsWith(prefix));

const STORE_AGNOSTIC = ['/healthz', '/docs', '/assets/', '/fonts/'];

export interface Tenant {
  /** Forget what is known of a slug (a store was created under it). */
  forget(slug: string): void;
  /** The store a Host names when it is already known to this instance, without a promise. */
  knownStore(hostHeader: string | undefined): StoreRef | undefined;
}

export function registerTenant(
  app: FastifyInstance,
  options: { db: Database; defaultStore: string; baseDomain?: string | undefined },
): Tenant {
  const knownStores = new Map<string, StoreRef>();
  const missingUntil = new Map<string, number>();

  async function lookup(slug: string): Promise<StoreRef | undefined> {
    const cached = knownStores.get(slug);
    if (cached) return cached;
    if ((missingUntil.get(slug) ?? 0) > Date.now()) return undefined;
    if (!/^[a-z0-9-]{1,63}$/.test(slug)) return undefined;
    const row = await findStoreBySlug(options.db, slug);
    if (!row) {
      if (missingUntil.size > 10_000) missingUntil.clear();
      missingUntil.set(slug, Date.now() + NEGATIVE_CACHE_MS);
      return undefined;
    }
    knownStores.set(slug, row);
    return row;
  }

  function storeNotFound(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (isApiPath(request.url)) {
      done(notFound('STORE_NOT_FOUND', 'Loja não encontrada.'));
      return;
    }
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Loja não encontrada</title><body><h1>Loja não encontrada</h1><p>Confira o endereço.</p></body></html>',
      );
  }

  app.decorateRequest('store', null as unknown as StoreRef);
  // A callback hook: a known store (nearly every request) is found without a promise.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const url = request.url;
    if (STORE_AGNOSTIC.some((prefix) => url === prefix || url.startsWith(prefix))) {
      done();
      return;
    }
    const slug = storeSlugFromHost(request.headers.host, options.defaultStore, options.baseDomain);
    if (slug === undefined) {
      storeNotFound(request, reply, done);
      return;
    }
    const known = knownStores.get(slug);
    if (known) {
      request.store = known;
      done();
      return;
    }
    lookup(slug).then(
      (store) => {
        if (!store) {
          storeNotFound(request, reply, done);
          return;
        }
        request.store = store;
        done();
      },
      (error: Error) => done(error),
    );
  });

  return {
    forget: (slug: string) => {
      knownStores.delete(slug);
      missingUntil.delete(slug);
    },
    knownStore: (hostHeader) => {
      const slug = storeSlugFromHost(hostHeader, options.defaultStore, options.baseDomain);
      return slug === undefined ? undefined : knownStores.get(slug);
    },
  };
}
