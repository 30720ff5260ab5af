const COMBINING_MARKS = /\p{M}/gu;

/**
 * Text reduced for comparison (spec section 5 "Search": accent- and case-insensitive): accents
 * stripped by canonical decomposition (NFD, then the combining marks dropped, so 'ç' is 'c'),
 * lower case, runs of whitespace collapsed to one space, ends trimmed.
 */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether `query` occurs in `text`, ignoring accents, case and extra spaces. An empty query matches. */
export function matchesSearch(text: string, query: string): boolean {
  return normalizeForSearch(text).includes(normalizeForSearch(query));
}

/**
 * Whether a product answers a menu search (spec section 5 "Search"): every word of the query
 * occurs in its name (`descricao`) or its details (`detalhes`), accents, case and extra spaces
 * ignored, so "pizza búfala" finds a pizza whose details mention "muçarela de búfala".
 * An empty query matches.
 */
export function productMatchesSearch(
  product: { descricao: string; detalhes?: string | null },
  query: string,
): boolean {
  const words = normalizeForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const text = normalizeForSearch(`${product.descricao} ${product.detalhes ?? ''}`);
  return words.every((word) => text.includes(word));
}
