/**
 * A PIX key as it may be shown where it should not be read whole (the owners' notice of a changed
 * key, issue 33): the last four characters kept, the rest as dots, so an owner recognises their key
 * and a screen over someone's shoulder does not give it away. Keys of four characters or fewer are
 * shown as dots only.
 */
export function maskPixKey(key: string | null | undefined): string | null {
  if (key === null || key === undefined) return null;
  const chars = [...key.trim()];
  if (chars.length === 0) return null;
  if (chars.length <= 4) return '••••';
  return `••••${chars.slice(-4).join('')}`;
}
