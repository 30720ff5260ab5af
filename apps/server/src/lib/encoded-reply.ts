import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON reply serialised and compressed once, served many times. */
export interface EncodedReply {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export function encodeReply(value: unknown): EncodedReply {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
  };
}

function acceptsEncoding(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token?.trim().toLowerCase() !== name) return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

/**
 * How long a shared cache (a CDN, the production topology's nginx) may answer a public menu reply
 * by itself, and how much longer a CDN may answer with the stale copy while it asks again (issue
 * 20). Browsers revalidate every time (max-age=0 with the ETag, and no stale-while-revalidate where
 * they read it), so a customer's own reload is fresh; a menu write reaches customers behind a shared
 * cache within SHARED_MAX_AGE_SECONDS of the next request, and order placement refuses what the
 * write changed meanwhile (it reads the database).
 */
export const SHARED_MAX_AGE_SECONDS = 10;
export const STALE_WHILE_REVALIDATE_SECONDS = 30;
export const PUBLIC_MENU_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}`;
/** RFC 9213's cache-control for CDNs only: there serving stale while revalidating is safe. */
export const PUBLIC_MENU_CDN_CACHE_CONTROL = `max-age=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

/** What a menu reply says of itself beside its bytes. */
export interface MenuReplyLabels {
  /** Names the store, so a CDN that purges by key can drop a store's menu at once. */
  surrogateKey?: string;
  /**
   * The menu version the reply was built from. The storefront asks with `v=<menu_version>` from its
   * page (docs/decisions/0027), so a menu write changes the URLs and thereby every shared cache's
   * key. A reply asked under a newer version than it was built from (one this instance has not
   * read yet, a guessed one) is never kept, so no cache holds an older menu under a newer key; one
   * asked under an older version (a page opened before the write) is the newer menu and is kept
   * as usual, so open pages still share the cache.
   */
  menuVersion?: number;
  /** The version the request asked for (`v`, read once by the route), if any. */
  askedVersion?: number | undefined;
}

/** The `v` query parameter of a request URL, or null. */
export function askedMenuVersion(url: string): string | null {
  const query = url.indexOf('?');
  if (query < 0 || !url.includes('v=', query)) return null;
  return new URLSearchParams(url.slice(query + 1)).get('v');
}

/**
 * The headers of a menu reply besides the body's own (encoding, length) and the security headers:
 * the same for the Fastify route and the menu front door (modules/menu/front-door.ts).
 */
export function menuReplyHeaders(
  encoded: EncodedReply,
  labels: MenuReplyLabels = {},
): Record<string, string> {
  const { menuVersion, askedVersion } = labels;
  const keepable = menuVersion === undefined || askedVersion === undefined || askedVersion <= menuVersion;
  const headers: Record<string, string> = {
    etag: encoded.etag,
    vary: 'Accept-Encoding',
    'content-type': 'application/json; charset=utf-8',
  };
  if (keepable) {
    headers['cache-control'] = PUBLIC_MENU_CACHE_CONTROL;
    headers['cdn-cache-control'] = PUBLIC_MENU_CDN_CACHE_CONTROL;
  } else {
    headers['cache-control'] = 'no-store';
  }
  if (labels.surrogateKey) {
    headers['surrogate-key'] = labels.surrogateKey;
    headers['cache-tag'] = labels.surrogateKey;
  }
  return headers;
}

/** Whether an If-None-Match names this ETag (weak or strong). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
}

/** The encoding to answer with for an Accept-Encoding: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (acceptsEncoding(acceptEncoding, 'br')) return 'br';
  if (acceptsEncoding(acceptEncoding, 'gzip')) return 'gzip';
  return undefined;
}

/** Sends a pre-encoded reply: 304 for a matching ETag, else brotli, gzip or identity bytes. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  encoded: EncodedReply,
  labels: MenuReplyLabels = {},
) {
  reply.headers(menuReplyHeaders(encoded, labels));
  if (matchesEtag(request.headers['if-none-match'], encoded.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(encoded[encoding]);
  return reply.send(encoded.identity);
}
