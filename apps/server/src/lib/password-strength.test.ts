import { describe, expect, it } from 'vitest';
import { accountWords, passwordStrengthProblem } from './password-strength.ts';

/* Issue 30, F6: how guessable a new password is, with the account's own words counted as known. */

const pizzariaOwner = accountWords('Forno & Brasa', 'pizzaria', 'Ana Lima', '11999990000');

describe('a new password', () => {
  it.each(['aaaaaaaa', 'abcdefgh', '12341234', 'abcabcabc', 'comanda123', 'qwertyuiop', 'senha123456'])(
    '%s is too easy to guess',
    async (password) => {
      expect(await passwordStrengthProblem(password, pizzariaOwner)).not.toBeNull();
    },
  );

  it('the store’s own name, address, the person’s name or phone do not make a password', async () => {
    for (const password of ['fornoebrasa', 'FornoBrasa2024', 'pizzaria2025', 'analima1990', '11999990000'])
      expect(await passwordStrengthProblem(password, pizzariaOwner), password).toBe('WEAK_PASSWORD');
    // The same words are fine for someone they do not belong to… as long as they are not common.
    expect(await passwordStrengthProblem('fornoebrasa', accountWords('Sakura', 'sakura'))).toBeNull();
  });

  it('a leaked password is said to be common', async () => {
    expect(await passwordStrengthProblem('password1', [])).toBe('COMMON_PASSWORD');
  });

  it('a phrase of a few words, or a mix of letters, digits and symbols, passes', async () => {
    for (const password of ['segredo-forte-1', 'batata frita com queijo', 'Tr0ub4dor&3', 'v8#Kq2!mZp'])
      expect(await passwordStrengthProblem(password, pizzariaOwner), password).toBeNull();
  });

  it('many estimates at once are all answered', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => passwordStrengthProblem(`${'a1!'.repeat(40)}${i}`, pizzariaOwner)),
    );
    expect(results).toHaveLength(12);
  });
});

describe('the account’s words', () => {
  it('each text whole, word by word and run together; a phone with and without its codes', () => {
    expect(accountWords('Forno & Brasa', '+55 11 99999-0000')).toEqual(
      expect.arrayContaining([
        'comanda',
        'forno & brasa',
        'forno',
        'brasa',
        'fornobrasa',
        'fornoebrasa',
        '5511999990000',
        '11999990000',
        '999990000',
        '99990000',
      ]),
    );
  });
});
