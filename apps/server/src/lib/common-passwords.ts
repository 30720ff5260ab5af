import { dictionary } from '@zxcvbn-ts/language-common';

/*
 * The most common passwords of leaked password lists, as @zxcvbn-ts/language-common keeps them
 * (about 49,000, lowercase). Server-side only: the storefront shows the server's refusal, so the
 * list never reaches its bundle. Built on first use (sign-up, recovery), not at start.
 */

let common: Set<string> | undefined;

/** Whether the password (ignoring case and surrounding spaces) is on the list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.trim().toLowerCase());
}
