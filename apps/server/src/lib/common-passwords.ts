import { createRequire } from 'node:module';

/*
 * The most common passwords of leaked password lists, as @zxcvbn-ts/language-common keeps them
 * (about 49,000, lowercase). Server-side only: the storefront shows the server's refusal, so the
 * list never reaches its bundle. Loaded and built on first use (sign-up, recovery), not at start:
 * the module alone is some 14 MiB of a small store's RSS (docs/decisions/0028). Loaded with
 * require so the check stays synchronous.
 */

const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: Record<'passwords-common', string[]>;
    };
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

/** Whether the password (ignoring case and surrounding spaces) is on the list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
