/*
 * The account fields' rules (spec section 5 "Sign-up", "Recovery", "Profile"; section 9 for the
 * password): the screens check them before sending, and the server checks them again and answers
 * with its own codes and messages.
 */

/** Spec section 9: passwords have at least 8 characters; the cap keeps hashing cheap. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// Control characters (C0, DEL, C1) and the Unicode line/paragraph separators have no place in a name.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

// Deliberately loose (one @, a dot in the domain, no spaces): the address is only for contact.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed, inner whitespace collapsed. */
export function normalizeName(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}

/** A name and surname: at least two words of more than one character each. */
export function isFullName(input: string): boolean {
  if (CONTROL.test(input)) return false;
  return (
    normalizeName(input)
      .split(' ')
      .filter((word) => [...word].length > 1).length >= 2
  );
}

/** A single display name (staff accounts): at least two characters. */
export function isDisplayName(input: string): boolean {
  return !CONTROL.test(input) && [...normalizeName(input)].length >= 2;
}

/** The first word of a name: all the public privacy link and the phone lookup show. */
export function firstName(name: string): string {
  return normalizeName(name).split(' ')[0] ?? '';
}

/** Characters as people count them (code points): an emoji is one, not two UTF-16 units. */
const characterCount = (text: string) => [...text].length;

export function isPasswordLongEnough(password: string): boolean {
  return characterCount(password) >= PASSWORD_MIN_LENGTH;
}

export function isPasswordLengthValid(password: string): boolean {
  return isPasswordLongEnough(password) && characterCount(password) <= PASSWORD_MAX_LENGTH;
}

/** Spaces (or other white space) only: long enough to count, nothing to guess. */
export function isPasswordBlank(password: string): boolean {
  return password.trim() === '';
}

/** An e-mail address as the server accepts it; empty means "no e-mail". */
export function isEmailOrEmpty(email: string): boolean {
  const trimmed = email.trim();
  return trimmed === '' || EMAIL.test(trimmed);
}
