/**
 * The first `maxUnits` UTF-16 units of `text` (the unit `maxLength` counts, here and on the server),
 * without cutting a surrogate pair in two: an emoji at the limit is dropped whole, since half of one
 * is not text and the server refuses it (INVALID_INPUT).
 */
export function truncateText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  const cut = text.slice(0, maxUnits);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
