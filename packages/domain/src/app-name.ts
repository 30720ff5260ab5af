/** Launchers show about 12 characters under an installed app's icon before cutting it. */
export const SHORT_NAME_MAX = 12;

/**
 * The manifest's short_name: the store's name when it fits, else its leading whole words that fit
 * (a word of punctuation alone, like '&', never ends it), else the first word cut to the limit.
 */
export function shortAppName(name: string, max = SHORT_NAME_MAX): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= max) return trimmed;
  const words = trimmed.split(' ');
  let fitted = '';
  for (const word of words) {
    const next = fitted ? `${fitted} ${word}` : word;
    if (next.length > max) break;
    fitted = next;
  }
  fitted = fitted.replace(/(\s+[^\p{L}\p{N}]+)+$/u, '');
  return fitted || trimmed.slice(0, max).trim();
}
