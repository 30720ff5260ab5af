/**
 * Where a store's provider sends its notifications, after the store's origin. API Pix's carries
 * the store's secret as its last path segment: the PSP appends `/pix` to the URL as text
 * (openapi.yaml 2.9.0, callbacks.listaPix), so nothing may follow the path (docs/decisions/0018).
 */
export function notificationPath(provider: string, token: string): string {
  const base = `/integracoes/v2/payment/notifications/${provider}`;
  return provider === 'apipix' ? `${base}/${encodeURIComponent(token)}` : base;
}
