/*
 * What a store may put in its contact section (issue 30, F6): the storefront turns these into links
 * (tel:, https://wa.me/…, the profile and site addresses), so only what becomes an http(s) address
 * or a phone is taken. `javascript:`, `vbscript:`, `data:` and scheme-relative `//host` links are
 * refused by the editor and the store import, not only dropped on display.
 */

export type ContactLinkKind = 'phone' | 'whatsapp' | 'social' | 'site';

/** Spec section 5: phone digits with the usual separators, 8 to 15 digits (E.164's most). */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;
const HANDLE = /^@?[\w.]{1,100}$/;
/** A host and a path without the scheme, as people type them (instagram.com/loja, loja.com.br). */
const BARE_ADDRESS = /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/[^\s\\]*)?$/i;
const WHATSAPP_HOSTS = new Set([
  'wa.me',
  'api.whatsapp.com',
  'chat.whatsapp.com',
  'whatsapp.com',
  'www.whatsapp.com',
]);

function isPhoneText(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_TEXT.test(value) && digits >= 8 && digits <= 15;
}

/** An absolute http(s) address with a dotted host and no user name or password in it. */
function httpAddress(value: string, https = false): URL | null {
  if (!(https ? /^https:\/\/[^/\\]/i : /^https?:\/\/[^/\\]/i).test(value) || /[\s\\]/.test(value))
    return null;
  try {
    const url = new URL(value);
    if (url.username || url.password || !url.hostname.includes('.')) return null;
    return url;
  } catch {
    return null;
  }
}

/** Whether a contact field's text is a link the storefront may show (empty: nothing shown). */
export function isContactLinkAllowed(kind: ContactLinkKind, raw: string): boolean {
  const value = raw.trim();
  if (value === '') return true;
  switch (kind) {
    case 'phone':
      return isPhoneText(value);
    case 'whatsapp': {
      if (isPhoneText(value)) return true;
      const url = httpAddress(value, true);
      return url !== null && WHATSAPP_HOSTS.has(url.hostname.toLowerCase());
    }
    case 'social':
      return httpAddress(value) !== null || HANDLE.test(value) || BARE_ADDRESS.test(value);
    case 'site':
      return httpAddress(value) !== null || BARE_ADDRESS.test(value);
  }
}
