import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type EncodedReply,
  matchesEtag,
  menuReplyHeaders,
  preferredEncoding,
} from '../../lib/encoded-reply.ts';
import { API_SECURITY_HEADERS } from '../../lib/security-headers.ts';
import type { StoreRef } from '../../plugins/tenant.ts';
import type { BookedOutPeriods } from './booked-out.ts';
import type { MenuCache } from './menu-cache.ts';
import { bookedOutKey } from './service.ts';

/*
 * The menu front door (docs/decisions/0036): the public menu GETs a customer's phone makes on every
 * visit are answered from the menu cache before Fastify routes them, when everything they need is
 * at hand without a promise: a plain request (no session, no body, only the query parameters the
 * storefront sends), a store this instance knows, a reply it holds under a version read within
 * MENU_CACHE_CHECK_MS. Anything else goes on to Fastify, whose route answers the same bytes and
 * headers (tests/agreement/menu-front-door-agreement.test.ts holds the two to that). Through
 * Fastify such a call cost about a third more CPU than the reply itself: routing, hooks, the
 * reply's header bookkeeping, a child logger.
 */

/** The cache keys the menu routes use: one definition for the routes and the front door. */
export const menuKeys = {
  manifest: 'manifest',
  categories: 'categories',
  hours: 'hours',
  neighbourhoods: 'neighbourhoods',
  paymentMethods: 'payment-methods',
  loyalty: 'loyalty',
  products: (channel: 'app' | 'local') => `products:${channel}`,
  product: (id: number, channel: 'app' | 'local') => `product:${id}:${channel}`,
  company: (now: Date, bookedOut: ReadonlyMap<string, number>) =>
    `company:${Math.floor(now.getTime() / 60_000)}${bookedOutKey(bookedOut)}`,
} as const;

/** A store's menu replies are purged together by CDNs that purge by key. */
export const menuSurrogateKey = (store: StoreRef) => `menu-${store.slug}`;

const FIXED_KEYS = new Map<string, string>([
  ['/core/get_app_manifest', menuKeys.manifest],
  ['/estoque/categorias_app', menuKeys.categories],
  ['/core/horarios_atendimento_app', menuKeys.hours],
  ['/core/bairros_app', menuKeys.neighbourhoods],
  ['/financeiro/formas_pagamento_app', menuKeys.paymentMethods],
  ['/core/fidelidade_app', menuKeys.loyalty],
]);
const COMPANY_PATH = '/core/empresa_personal_app';
const PRODUCTS_PATH = '/estoque/produtos_app';
const PRODUCT_PREFIX = '/estoque/produtos_full_app/';
const PRODUCT_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;
const VERSION = /^\d{1,15}$/;

interface MenuQuery {
  local: boolean;
  version: number | undefined;
}

/**
 * The query of a storefront menu call: `format=json`, `v=<menu version>`, `local=local`, each at most
 * once. Anything else (another parameter, an odd value, an escape) is for Fastify: undefined.
 */
function storefrontQuery(query: string): MenuQuery | undefined {
  const parsed: MenuQuery = { local: false, version: undefined };
  if (query === '') return parsed;
  let format = false;
  for (const pair of query.split('&')) {
    if (pair === 'format=json' && !format) format = true;
    else if (pair === 'local=local' && !parsed.local) parsed.local = true;
    else if (pair.startsWith('v=') && parsed.version === undefined && VERSION.test(pair.slice(2))) {
      parsed.version = Number(pair.slice(2));
    } else return undefined;
  }
  return parsed;
}

type Variant = 'br' | 'gzip' | 'identity' | 'none';

/**
 * The reply's headers as Node's writeHead takes them (name, value, name, value…), worked out once
 * per reply, encoding and cacheability: an answer then allocates next to nothing.
 */
const headerLists = new WeakMap<EncodedReply, Map<string, string[]>>();

function headersOf(
  encoded: EncodedReply,
  store: StoreRef,
  menuVersion: number,
  askedVersion: number | undefined,
  keepable: boolean,
  variant: Variant,
): string[] {
  let lists = headerLists.get(encoded);
  if (!lists) {
    lists = new Map();
    headerLists.set(encoded, lists);
  }
  const id = `${keepable}:${variant}`;
  let list = lists.get(id);
  if (!list) {
    const all: Record<string, string> = {
      ...API_SECURITY_HEADERS,
      ...menuReplyHeaders(encoded, { surrogateKey: menuSurrogateKey(store), menuVersion, askedVersion }),
    };
    if (variant === 'br' || variant === 'gzip') all['content-encoding'] = variant;
    if (variant !== 'none') all['content-length'] = String(encoded[variant].length);
    list = Object.entries(all).flat();
    lists.set(id, list);
  }
  return list;
}

export interface MenuFrontDoorDeps {
  menuCache: MenuCache;
  bookedOut: BookedOutPeriods;
  knownStore(hostHeader: string | undefined): StoreRef | undefined;
  now(): Date;
}

/** Answers the request and returns true, or returns false having touched nothing. */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

export function createMenuFrontDoor({ menuCache, bookedOut, knownStore, now }: MenuFrontDoorDeps): FrontDoor {
  function keyOf(path: string, query: MenuQuery, store: StoreRef): string | undefined {
    const fixed = FIXED_KEYS.get(path);
    if (fixed !== undefined) return query.local ? undefined : fixed;
    const channel = query.local ? 'local' : 'app';
    if (path === PRODUCTS_PATH) return menuKeys.products(channel);
    if (path.startsWith(PRODUCT_PREFIX)) {
      const id = path.slice(PRODUCT_PREFIX.length);
      if (!PRODUCT_ID.test(id) || Number(id) > MAX_ID) return undefined;
      return menuKeys.product(Number(id), channel);
    }
    if (path === COMPANY_PATH && !query.local) {
      const at = now();
      const periods = bookedOut.peek(store.id, at);
      return periods ? menuKeys.company(at, periods) : undefined;
    }
    return undefined;
  }

  return (request, response) => {
    const { headers } = request;
    if (request.method !== 'GET' || headers.authorization !== undefined) return false;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const query = storefrontQuery(mark < 0 ? '' : url.slice(mark + 1));
    if (!query) return false;
    const store = knownStore(headers.host);
    if (!store) return false;
    const key = keyOf(mark < 0 ? url : url.slice(0, mark), query, store);
    if (key === undefined) return false;
    const found = menuCache.peek(store.id, key, query.version);
    if (!found) return false;
    const { encoded, version } = found;
    const notModified = matchesEtag(headers['if-none-match'], encoded.etag);
    const encoding = notModified ? undefined : preferredEncoding(headers['accept-encoding']);
    const keepable = query.version === undefined || query.version <= version;
    response.writeHead(
      notModified ? 304 : 200,
      headersOf(
        encoded,
        store,
        version,
        query.version,
        keepable,
        notModified ? 'none' : (encoding ?? 'identity'),
      ),
    );
    if (notModified) response.end();
    else response.end(encoding ? encoded[encoding] : encoded.identity);
    return true;
  };
}
