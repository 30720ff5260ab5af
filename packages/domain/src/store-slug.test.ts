import { describe, expect, it } from 'vitest';
import { storeSlugProblem } from './store-slug.ts';

describe("a new store's sub-domain", () => {
  it('is 2 to 63 lower-case letters, digits and dashes, no dash at either end', () => {
    expect(storeSlugProblem('pizzaria-do-ze')).toBeNull();
    expect(storeSlugProblem('b2')).toBeNull();
    expect(storeSlugProblem('a'.repeat(63))).toBeNull();
    for (const bad of [
      'a',
      'a'.repeat(64),
      'Pizzaria',
      'pizza_ria',
      '-pizza',
      'pizza-',
      'pizzá',
      'pizza.ria',
      '',
    ])
      expect(storeSlugProblem(bad), bad).toBe('INVALID_SLUG');
  });

  it("is not one of the deployment's own names nor a punycode label", () => {
    for (const reserved of ['www', 'api', 'staff', 'admin', 'media', 'xn--pizza-3ra'])
      expect(storeSlugProblem(reserved), reserved).toBe('SLUG_RESERVED');
  });

  it('is not a mail or DNS host, nor one of our own paths (issue 30, F6)', () => {
    for (const reserved of [
      'login',
      'auth',
      'payments',
      'webhooks',
      'healthz',
      'autodiscover',
      'autoconfig',
      'mx',
      'imap',
      'smtp',
      'mta-sts',
      'postmaster',
      'static',
      'assets',
      'cdn',
      'docs',
      'core',
      'estoque',
    ])
      expect(storeSlugProblem(reserved), reserved).toBe('SLUG_RESERVED');
    // Names that merely contain a reserved word are stores like any other.
    for (const store of ['login-burger', 'mx-tacos', 'pizzaria-docs', 'cdn-cafe'])
      expect(storeSlugProblem(store), store).toBeNull();
  });
});
