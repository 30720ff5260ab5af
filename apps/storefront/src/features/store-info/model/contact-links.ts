/** Links of the About tab, built from the free text the store typed in its settings. */

const digits = (value: string) => value.replace(/\D/g, '');

/** tel: link; Brazilian numbers without a country code get +55. */
export function telHref(phone: string): string | null {
  const d = digits(phone);
  if (d.length < 8) return null;
  if (phone.trim().startsWith('+')) return `tel:+${d}`;
  return d.length <= 11 ? `tel:+55${d}` : `tel:+${d}`;
}

export function mailtoHref(email: string): string | null {
  const trimmed = email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? `mailto:${trimmed}` : null;
}

/** A profile link from a full URL, '@handle' or 'handle'. */
export function socialHref(value: string, base: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed.replace(/^http:/i, 'https:');
  const handle = trimmed.replace(/^@/, '').replace(/^(www\.)?[a-z]+\.com\//i, '');
  return /^[\w.-]+$/.test(handle) ? `${base}${handle}` : null;
}

export function siteHref(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed) ? `https://${trimmed}` : null;
}

/** What a link shows: the address without the scheme. */
export const displayUrl = (href: string) => href.replace(/^https?:\/\//i, '').replace(/\/$/, '');
