import { isBrazilianLoginDigits } from '@comanda/domain';

/**
 * A phone for reading: a Brazilian mobile's 11 login digits as (11) 98765-4321; the international
 * login digits of other countries as +<digits>.
 */
export function formatPhone(loginDigits: string): string {
  const digits = loginDigits.replace(/\D/g, '');
  if (isBrazilianLoginDigits(digits)) {
    // A no-break space: the number never wraps after its area code.
    return `(${digits.slice(0, 2)})\u00a0${digits.slice(2, 7)}-${digits.slice(7)}`;
  }
  return digits ? `+${digits}` : '';
}

/**
 * The phone of a customer record: the number of the first 'kind:number' entry of telefones that
 * has one ('None' entries are ignored, spec section 3), else the login digits.
 */
export function customerPhone(telefones: readonly string[], username: string): string {
  for (const entry of telefones) {
    const number = entry.slice(entry.indexOf(':') + 1).trim();
    if (number && number !== 'None' && /\d/.test(number)) return number;
  }
  return username;
}
