import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  HashingBusyError,
  hashPassword,
  isPasswordHash,
  MAX_WAITING_HASHES,
  needsRehash,
  OWASP_SCRYPT_COST,
  verifyPassword,
} from './password.ts';

const cheap = { ln: 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('defaults to OWASP’s scrypt parameters (N=2^17, r=8, p=1)', () => {
    expect(OWASP_SCRYPT_COST).toEqual({ ln: 17, r: 8, p: 1 });
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(17);
  });

  it('makes a self-describing string with a per-password salt', async () => {
    const a = await hashPassword('uma senha qualquer', cheap);
    const b = await hashPassword('uma senha qualquer', cheap);
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('senha-correta', cheap);
    expect(await verifyPassword('senha-correta', stored)).toBe(true);
    expect(await verifyPassword('senha-errada', stored)).toBe(false);
    expect(await verifyPassword('senha-correta', 'garbage')).toBe(false);
  });

  it('treats composed and decomposed accents alike', async () => {
    const stored = await hashPassword('café com pão', cheap);
    expect(await verifyPassword('cafe\u0301 com pa\u0303o', stored)).toBe(true);
  });

  it('hashes at the OWASP cost within the raised memory limit', async () => {
    const stored = await hashPassword('senha-de-verdade', OWASP_SCRYPT_COST);
    expect(stored.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('senha-de-verdade', stored)).toBe(true);
  });

  it('tells a hash from a mark of no password (sign-in then hashes a dummy, as for an unknown phone)', async () => {
    expect(isPasswordHash(await hashPassword('senha-correta', cheap))).toBe(true);
    expect(isPasswordHash('!counter:no-password')).toBe(false);
    expect(isPasswordHash('')).toBe(false);
  });

  it('tells when a hash was made with other parameters', async () => {
    const stored = await hashPassword('x'.repeat(8), cheap);
    expect(needsRehash(stored, cheap)).toBe(false);
    expect(needsRehash(stored, OWASP_SCRYPT_COST)).toBe(true);
  });
});

describe('password hashing queue', () => {
  const cost = { ln: 14, r: 8, p: 1 };

  it('refuses beyond its waiting bound instead of queueing a flood', async () => {
    const flood = Array.from({ length: 2 + MAX_WAITING_HASHES + 5 }, () =>
      hashPassword('senha-da-fila-1', cost).then(
        () => 'hashed',
        (error: unknown) => (error instanceof HashingBusyError ? 'busy' : 'failed'),
      ),
    );
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((outcome) => outcome === 'hashed')).toHaveLength(2 + MAX_WAITING_HASHES);
    expect(outcomes.filter((outcome) => outcome === 'busy')).toHaveLength(5);
  });

  it('serves the priority lane before the ordinary waiting hashes', async () => {
    const finished: string[] = [];
    const ordinary = Array.from({ length: 2 + MAX_WAITING_HASHES }, (_, index) =>
      hashPassword('senha-da-fila-1', cost).then(() => finished.push(`ordinary-${index}`)),
    );
    const priority = hashPassword('senha-da-fila-1', cost, { priority: true }).then(() =>
      finished.push('priority'),
    );
    await Promise.all([...ordinary, priority]);
    // It starts as soon as one of the two running hashes ends: only those two, and the one started
    // beside it, can end before it (the other eight ordinary hashes wait behind it).
    expect(finished.indexOf('priority')).toBeLessThanOrEqual(3);
  });

  it('a priority hash has a slot of its own: it does not wait for a running ordinary hash to end', async () => {
    const finished: string[] = [];
    const slow = { ln: 15, r: 8, p: 1 };
    const ordinary = Array.from({ length: 4 }, (_, index) =>
      hashPassword('senha-da-fila-1', slow).then(() => finished.push(`ordinary-${index}`)),
    );
    const priority = hashPassword('senha-da-fila-1', cheap, { priority: true }).then(() =>
      finished.push('priority'),
    );
    await Promise.all([...ordinary, priority]);
    expect(finished[0]).toBe('priority');
  });
});
