import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@comanda/contract';
import { invalid } from '../../lib/errors.ts';

/*
 * The account fields' rules (spec section 5 "Sign-up"), with the messages a sign-up or profile
 * screen shows as the server's detail.
 */

// Control characters (C0, DEL, C1) and the Unicode line/paragraph separators have no place in a name.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Trimmed, inner whitespace collapsed. */
export function normalizeName(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}

/** A full name: at least two words of more than one character. */
export function checkFullName(input: string, field = 'name'): string {
  const name = normalizeName(input);
  const words = name.split(' ').filter((word) => [...word].length > 1);
  if (CONTROL.test(input) || words.length < 2) {
    throw invalid('INVALID_NAME', 'Informe nome e sobrenome.', field);
  }
  return name;
}

/** A single display name (staff accounts): 2 to 120 characters. */
export function checkDisplayName(input: string, field = 'name'): string {
  const name = normalizeName(input);
  if (CONTROL.test(input) || [...name].length < 2) throw invalid('INVALID_NAME', 'Informe o nome.', field);
  return name;
}

export function checkPassword(password: string, field = 'password'): string {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw invalid(
      'INVALID_PASSWORD',
      `A senha deve ter de ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres.`,
      field,
    );
  }
  return password;
}

/** The first word of a name: all the public privacy link and the phone lookup show. */
export function firstName(name: string): string {
  return normalizeName(name).split(' ')[0] ?? '';
}
