/**
 * A WhatsApp chat with the store (https://wa.me/<country code + number>), from the number the store
 * typed in its settings; Brazilian numbers without a country code get 55. `text` pre-fills the
 * message (the store info's About tab, the order result's 'Enviar comprovante').
 */
export function whatsappHref(value: string, text?: string): string | null {
  const trimmed = value.trim();
  let href: string;
  if (/^https:\/\//i.test(trimmed)) href = trimmed;
  else {
    const digits = trimmed.replace(/\D/g, '');
    if (digits.length < 8) return null;
    href = `https://wa.me/${digits.length <= 11 ? `55${digits}` : digits}`;
  }
  if (!text) return href;
  try {
    const url = new URL(href);
    url.searchParams.set('text', text);
    return url.href;
  } catch {
    return null;
  }
}
