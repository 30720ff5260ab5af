/**
 * A store's sub-domain (docs/decisions/0002, 0032): the first label of its address. The server
 * refuses a bad one when a store is created; the owner's form says the same before sending.
 */

/** A DNS label: lower-case letters, digits and dashes, 2 to 63, no dash at either end. */
export const STORE_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

/** Sub-domains that name the deployment's own services, not a store. */
export const RESERVED_STORE_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'assets',
  'blog',
  'cdn',
  'dev',
  'docs',
  'email',
  'ftp',
  'help',
  'img',
  'localhost',
  'mail',
  'media',
  'ns1',
  'ns2',
  'painel',
  'root',
  'smtp',
  'staff',
  'static',
  'status',
  'suporte',
  'support',
  'test',
  'webmail',
  'www',
]);

export type StoreSlugProblem = 'INVALID_SLUG' | 'SLUG_RESERVED';

/** What is wrong with a new store's sub-domain, or null (whether it is taken, only the server knows). */
export function storeSlugProblem(slug: string): StoreSlugProblem | null {
  if (!STORE_SLUG.test(slug)) return 'INVALID_SLUG';
  // Punycode labels (xn--) are international names a browser shows differently from what was typed.
  if (RESERVED_STORE_SLUGS.has(slug) || slug.startsWith('xn--')) return 'SLUG_RESERVED';
  return null;
}
