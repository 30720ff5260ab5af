/** Bottom tab bar indices (spec section 2 "Bars"): 0 menu, 1 cart, 2 profile. */
export type Tab = 0 | 1 | 2;

export const TAB_PATHS: Record<Tab, string> = { 0: '/home', 1: '/cart', 2: '/profile' };

// 'addresses' and 'my_privacy' are reached from the profile, so they keep its tab lit.
const PROFILE_WORDS = ['signin', 'signup', 'forgot', 'profile', 'orders', 'addresses', 'my_privacy'];

/**
 * The tab a path belongs to: 'confirmation' and /cart map to the cart; sign-in, sign-up, forgot,
 * profile, orders, addresses and privacy to the profile; the table's tab (/mesa and its card page,
 * reached from the table banner) to none; everything else (home, product, unknown paths) to the menu.
 */
export function tabForPath(path: string): Tab | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'mesa') return null;
  if (pathname.includes('confirmation') || segments[0] === 'cart') return 1;
  if (segments.some((segment) => PROFILE_WORDS.includes(segment))) return 2;
  return 0;
}

/** The payment checkout routes: /pix_checkout and the card SDK's *_checkout route. */
export function isPaymentCheckoutPath(path: string): boolean {
  const first = (path.split(/[?#]/)[0] ?? '').split('/').filter(Boolean)[0] ?? '';
  return first.endsWith('_checkout');
}

/** The courier's page (issue 35): a page of its own, not the menu's. */
export function isCourierPath(path: string): boolean {
  return (path.split(/[?#]/)[0] ?? '').startsWith('/entregador/');
}

/** Both bars are hidden on the payment checkout routes and on the courier's page. */
export const barsHidden = (path: string): boolean => isPaymentCheckoutPath(path) || isCourierPath(path);
