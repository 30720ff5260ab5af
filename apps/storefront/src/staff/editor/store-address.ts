/**
 * The address a new store will answer at, from the address of this one: the store is the first
 * label of the host (docs/decisions/0002), so `pizzaria.example.com` makes `nova.example.com`; on a
 * host without this store's label (the deployment's bare domain, which serves its default store)
 * the new label goes in front. The server's reply has the real one (it knows PUBLIC_ORIGIN); this
 * is what the form shows while typing.
 */
export function storeAddress(
  slug: string,
  here: { protocol: string; hostname: string; port: string },
  currentSlug: string,
): string {
  const labels = here.hostname.split('.');
  const base = labels[0] === currentSlug && labels.length > 1 ? labels.slice(1).join('.') : here.hostname;
  return `${here.protocol}//${slug}.${base}${here.port ? `:${here.port}` : ''}`;
}

/** A sub-domain as typed on a phone: lower-case, accents dropped, spaces as dashes ('Pizza da Zé' → 'pizza-da-ze'). */
export function slugAsTyped(typed: string): string {
  return typed.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '-');
}
