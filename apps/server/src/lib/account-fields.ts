import {
  isDisplayName,
  isFullName,
  isPasswordBlank,
  isPasswordLengthValid,
  normalizeName,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@comanda/domain';
import { isCommonPassword } from './common-passwords.ts';
import { invalid } from './errors.ts';

/*
 * The server's refusals of the account fields, with the messages a sign-up or profile screen shows
 * as the server's detail. The rules themselves are @comanda/domain's account-rules.
 */

/** A full name, normalized; 400 INVALID_NAME otherwise. */
export function checkFullName(input: string, field = 'name'): string {
  if (!isFullName(input)) throw invalid('INVALID_NAME', 'Informe nome e sobrenome.', field);
  return normalizeName(input);
}

/** A staff account's display name, normalized; 400 INVALID_NAME otherwise. */
export function checkDisplayName(input: string, field = 'name'): string {
  if (!isDisplayName(input)) throw invalid('INVALID_NAME', 'Informe o nome.', field);
  return normalizeName(input);
}

/** 400 INVALID_PASSWORD outside the allowed length. */
export function checkPassword(password: string, field = 'password'): string {
  if (!isPasswordLengthValid(password)) {
    throw invalid(
      'INVALID_PASSWORD',
      `A senha deve ter de ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres.`,
      field,
    );
  }
  if (isPasswordBlank(password))
    throw invalid(
      'BLANK_PASSWORD',
      'A senha não pode ter só espaços. Use letras, números ou símbolos.',
      field,
    );
  if (isCommonPassword(password))
    throw invalid('COMMON_PASSWORD', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.', field);
  return password;
}
