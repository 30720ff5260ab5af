import {
  isDisplayName,
  isFullName,
  isPasswordBlank,
  isPasswordLengthValid,
  normalizeName,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@comanda/domain';
import { invalid } from './errors.ts';
import { passwordStrengthProblem } from './password-strength.ts';

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

/**
 * Every password set anywhere (customer sign-up and recovery, staff accounts made or changed, a new
 * store's owner, the CLI): 400 INVALID_PASSWORD outside the allowed length, BLANK_PASSWORD for
 * spaces only, COMMON_PASSWORD on the leaked-password list, WEAK_PASSWORD when easy to guess,
 * with the account's own words (lib/password-strength.ts `accountWords`) counted as known.
 */
export async function checkPassword(
  password: string,
  accountWords: readonly string[],
  field = 'password',
): Promise<string> {
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
  const problem = await passwordStrengthProblem(password, accountWords);
  if (problem === 'COMMON_PASSWORD')
    throw invalid('COMMON_PASSWORD', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.', field);
  if (problem === 'WEAK_PASSWORD')
    throw invalid(
      'WEAK_PASSWORD',
      'Esta senha é fácil de adivinhar (repetições, sequências, palavras comuns ou o nome da loja, o seu nome ou telefone). Use uma frase com três ou mais palavras, ou misture letras, números e símbolos.',
      field,
    );
  return password;
}
