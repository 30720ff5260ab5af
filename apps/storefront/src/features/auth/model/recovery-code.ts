/** Spec section 5 "Recovery": the SMS code has 6 digits and is shown as 123-456. */
export const RECOVERY_CODE_DIGITS = 6;

/** What the code field shows: digits only, at most 6, a dash after the third. */
export function formatRecoveryCode(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, RECOVERY_CODE_DIGITS);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** A complete code: '123-456' (7 characters with the dash). */
export function isRecoveryCodeComplete(code: string): boolean {
  return code.replace(/\D/g, '').length === RECOVERY_CODE_DIGITS;
}
