import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useRef } from 'react';
import { matchRoute, Redirect, useLocation, useRouter } from 'wouter';
import { MenuHome } from '../features/menu/components/menu-home.tsx';
import { useCartLineCount, useJustOrdered } from '../lib/cart-store.ts';
import type { MessageKey } from '../lib/i18n.ts';
import { useSelectedProduct } from '../lib/selected-product.ts';
import { useSignedIn } from '../lib/session.ts';
import { rememberingReturn } from '../lib/sign-in-return.ts';
import { TAB_PATH, useLocalMode } from '../lib/source.ts';
import {
  anonymousOnlyGuard,
  checkoutGuard,
  type Guard,
  productGuard,
  signedInGuard,
  tableModeGuard,
} from './route-guards.ts';

/** /signin, /signup and /signin/{phone} are one screen (one chunk, no remount between them). */
const SignInScreen = lazy(() => import('../features/auth/components/sign-in-screen.tsx'));

export interface RouteProps {
  params: Record<string, string | undefined>;
}

export interface AppRoute {
  /** Routes with the same id are one screen: moving between them neither remounts nor slides. */
  id: string;
  /** A wouter pattern ('/mobile/orders/:id'), or a RegExp for a family of paths. */
  path: string | RegExp;
  /** The menu home is the only screen on the critical path; every other one is React.lazy. */
  component: ComponentType<RouteProps> | LazyExoticComponent<ComponentType<RouteProps>>;
  /** Spec section 2 redirect rules (see route-guards.ts). */
  guard?: Guard;
  /** Top bar title; the store's name when absent. */
  title?: MessageKey;
}

/**
 * The route table of spec section 2. Screens built by later issues join here as they land, e.g.
 *   { id: 'checkout', path: '/confirmation', component: lazy(…), guard: checkoutGuard },
 * Until then those paths are unmatched and show the menu home, as the spec says of unknown paths.
 */
export const ROUTES: readonly AppRoute[] = [
  { id: 'home', path: '/', component: MenuHome },
  { id: 'home', path: '/home', component: MenuHome },
  {
    id: 'product',
    path: '/product',
    component: lazy(() => import('../features/product/components/product-screen.tsx')),
    guard: productGuard,
  },
  {
    id: 'cart',
    path: '/cart',
    component: lazy(() => import('../features/cart/components/cart-screen.tsx')),
    title: 'tabCart',
  },
  // Accounts (issue 5): sign-in in three steps, recovery, profile, privacy.
  { id: 'signin', path: '/signin', component: SignInScreen, guard: anonymousOnlyGuard },
  { id: 'signin', path: '/signup', component: SignInScreen, guard: anonymousOnlyGuard },
  { id: 'signin', path: '/signin/:phone', component: SignInScreen, guard: anonymousOnlyGuard },
  {
    id: 'forgot',
    path: '/forgot/:phone',
    component: lazy(() => import('../features/auth/components/recovery-screen.tsx')),
    guard: anonymousOnlyGuard,
  },
  {
    id: 'profile',
    path: '/profile',
    component: lazy(() => import('../features/profile/components/profile-screen.tsx')),
    guard: rememberingReturn(signedInGuard),
    title: 'menuProfile',
  },
  {
    id: 'my-privacy',
    path: '/my_privacy',
    component: lazy(() => import('../features/privacy/components/my-privacy-screen.tsx')),
    guard: rememberingReturn(signedInGuard),
    title: 'menuPrivacy',
  },
  {
    id: 'privacy-link',
    path: '/mobile/privacy/:encodedId',
    component: lazy(() => import('../features/privacy/components/public-privacy-screen.tsx')),
    title: 'menuPrivacy',
  },
  // Addresses (issue 6): the manager and the add flow (wizard, older form); ?return=/path after saving.
  {
    id: 'addresses',
    path: '/addresses',
    component: lazy(() => import('../features/addresses/components/addresses-screen.tsx')),
    guard: rememberingReturn(signedInGuard),
    title: 'menuAddresses',
  },
  {
    id: 'address-new',
    path: '/addresses/new',
    component: lazy(() => import('../features/addresses/components/new-address-screen.tsx')),
    guard: rememberingReturn(signedInGuard),
    title: 'menuAddresses',
  },
  // Checkout (issue 7).
  {
    id: 'checkout',
    path: '/confirmation',
    component: lazy(() => import('../features/checkout/components/checkout-screen.tsx')),
    guard: checkoutGuard,
    title: 'checkoutTitle',
  },
  // Online payment: the PIX code of a pending intent, with the checkout's guard (spec section 2).
  {
    id: 'pix',
    path: '/pix_checkout',
    component: lazy(() => import('../features/payment/components/pix-screen.tsx')),
    guard: checkoutGuard,
  },
  // The card SDK's checkout route: any other *_checkout path (spec section 2), same guard.
  {
    id: 'card',
    path: /^\/[\w-]+_checkout\/?$/,
    component: lazy(() => import('../features/payment/components/card-checkout-screen.tsx')),
    guard: checkoutGuard,
  },
  // Order tracking (issue 8): the list and, over it, the detail (one screen: no remount between them).
  {
    id: 'orders',
    path: '/mobile/orders',
    component: OrdersScreen,
    guard: rememberingReturn(signedInGuard),
    title: 'menuOrders',
  },
  {
    id: 'orders',
    path: '/mobile/orders/:id',
    component: OrdersScreen,
    guard: rememberingReturn(signedInGuard),
    title: 'menuOrders',
  },
  // Table mode (issue 19): the table's tab, its rounds and the calls to the staff.
  {
    id: 'table-tab',
    path: TAB_PATH,
    component: lazy(() => import('../features/table/components/tab-screen.tsx')),
    guard: tableModeGuard,
    title: 'tableTab',
  },
  // A share of the tab paid by card (docs/decisions/0035): a page load of its own, whose content
  // security policy lets the card provider's kit in.
  {
    id: 'table-card',
    path: `${TAB_PATH}/cartao/:share`,
    component: lazy(() => import('../features/table/components/share-card-screen.tsx')),
    guard: tableModeGuard,
    title: 'tableTab',
  },
  // The courier's page (issue 35): a personal link's token, outside the menu's bars, its own chunk.
  {
    id: 'courier',
    path: '/entregador/:token',
    component: lazy(() => import('../features/courier/components/courier-screen.tsx')),
  },
];

/** "/ and /home and any unmatched path": the menu home. */
export const FALLBACK_ROUTE: AppRoute = { id: 'home', path: '*', component: MenuHome };

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

export function useCurrentRoute(): RouteMatch {
  const [location] = useLocation();
  const { parser } = useRouter();
  for (const route of ROUTES) {
    const [matches, params] = matchRoute(parser, route.path, location);
    if (matches) return { route, params: (params ?? {}) as Record<string, string | undefined> };
  }
  return { route: FALLBACK_ROUTE, params: {} };
}

function RouteFallback() {
  return <div className="route-loading" aria-busy="true" />;
}

/** The current screen, with the spec's 150 ms slide between screens (none on the first paint). */
export function RouteView() {
  const { route, params } = useCurrentRoute();
  const signedIn = useSignedIn();
  const cartLines = useCartLineCount();
  const hasSelectedProduct = useSelectedProduct() !== null;
  const localMode = useLocalMode();
  const justOrdered = useJustOrdered();
  const firstKey = useRef(route.id);
  const slid = useRef(false);
  if (route.id !== firstKey.current) slid.current = true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    if (slid.current) window.scrollTo(0, 0);
  }, [route.id]);

  const redirect = route.guard?.({ signedIn, cartLines, hasSelectedProduct, localMode, justOrdered });
  if (redirect) return <Redirect to={redirect} replace />;

  const Screen = route.component;
  return (
    <div key={route.id} className={slid.current ? 'route-view route-slide' : 'route-view'}>
      <Suspense fallback={<RouteFallback />}>
        <Screen params={params} />
      </Suspense>
    </div>
  );
}

/**
 * /mobile/orders and /mobile/orders/{id} (issue 8) are one screen: the list with the detail over
 * it. One lazy component for both routes, so moving between them neither remounts nor refetches.
 * (A hoisted function: the table above refers to it before this point of the module.)
 */
function OrdersScreen(props: RouteProps) {
  return <LazyOrdersScreen {...props} />;
}
const LazyOrdersScreen = lazy(() => import('../features/orders/components/orders-screen.tsx'));
