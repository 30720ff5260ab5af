/*
 * The account fields' rules the screens check before sending (spec section 5 "Sign-in",
 * "Sign-up", "Recovery"); the server checks them again and answers the same messages.
 */

/**
 * Spec section 9: passwords have at least 8 characters. The same number as PASSWORD_MIN_LENGTH
 * of @comanda/contract (a test keeps them in step), written here so the contract's zod schemas
 * stay out of the storefront's chunks.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function isPasswordLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** A name and surname: a space and at least two words of more than one character each. */
export function isFullName(name: string): boolean {
  const trimmed = name.trim();
  if (!/\s/.test(trimmed)) return false;
  return trimmed.split(/\s+/).filter((word) => [...word].length > 1).length >= 2;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as the server accepts it; empty means "no e-mail". */
export function isEmailOrEmpty(email: string): boolean {
  const trimmed = email.trim();
  return trimmed === '' || EMAIL.test(trimmed);
}
