/**
 * A store's sub-domain (docs/decisions/0002, 0032): the first label of its address. The server
 * refuses a bad one when a store is created; the owner's form says the same before sending.
 */

/** A DNS label: lower-case letters, digits and dashes, 2 to 63, no dash at either end. */
export const STORE_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

/*
 * Sub-domains that are not a store's to take (issue 30, F6): a store at one of them could pass for
 * the deployment itself (a sign-in page at login.comanda.app), receive what was meant for a service
 * (mail clients look up autodiscover and autoconfig, certificate checks read mta-sts), or shadow the
 * deployment's own paths once they get a host of their own. Grouped by why.
 */
const RESERVED_GROUPS = {
  /** Mail, DNS and the hosts that clients and certificate authorities look up on their own. */
  mailAndDns: [
    'autoconfig',
    'autodiscover',
    'dns',
    'email',
    'ftp',
    'imap',
    'imaps',
    'isatap',
    'mail',
    'mta-sts',
    'mx',
    'ns',
    'ns1',
    'ns2',
    'ns3',
    'ns4',
    'pop',
    'pop3',
    'sftp',
    'smtp',
    'ssh',
    'vpn',
    'webmail',
    'wpad',
  ],
  /** Mailbox names RFC 2142 reserves, which some checks read as host names too. */
  mailboxes: ['abuse', 'hostmaster', 'noreply', 'no-reply', 'postmaster', 'security', 'webmaster'],
  /** The deployment's own services and hosts. */
  services: [
    'admin',
    'api',
    'app',
    'assets',
    'blog',
    'cdn',
    'comanda',
    'console',
    'dashboard',
    'dev',
    'docs',
    'files',
    'fonts',
    'help',
    'images',
    'img',
    'internal',
    'localhost',
    'media',
    'painel',
    'root',
    'sandbox',
    'staging',
    'static',
    'status',
    'suporte',
    'support',
    'test',
    'www',
  ],
  /** The deployment's own paths and what they do (sign-in, payments, providers' notifications). */
  paths: [
    'account',
    'accounts',
    'auth',
    'bar',
    'billing',
    'callback',
    'checkout',
    'core',
    'estoque',
    'financeiro',
    'health',
    'healthz',
    'integracoes',
    'login',
    'logout',
    'oauth',
    'pay',
    'payment',
    'payments',
    'signin',
    'signup',
    'sso',
    'staff',
    'webhook',
    'webhooks',
  ],
} as const;

/** Sub-domains that name the deployment's own services, not a store. */
export const RESERVED_STORE_SLUGS: ReadonlySet<string> = new Set(Object.values(RESERVED_GROUPS).flat());

export type StoreSlugProblem = 'INVALID_SLUG' | 'SLUG_RESERVED';

/** What is wrong with a new store's sub-domain, or null (whether it is taken, only the server knows). */
export function storeSlugProblem(slug: string): StoreSlugProblem | null {
  if (!STORE_SLUG.test(slug)) return 'INVALID_SLUG';
  // Punycode labels (xn--) are international names a browser shows differently from what was typed.
  if (RESERVED_STORE_SLUGS.has(slug) || slug.startsWith('xn--')) return 'SLUG_RESERVED';
  return null;
}
