import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { hashPassword, needsRehash, OWASP_SCRYPT_COST, verifyPassword } from './password.ts';

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

  it('tells when a hash was made with other parameters', async () => {
    const stored = await hashPassword('x'.repeat(8), cheap);
    expect(needsRehash(stored, cheap)).toBe(false);
    expect(needsRehash(stored, OWASP_SCRYPT_COST)).toBe(true);
  });
});
