/**
 * Where a customer goes after signing in (spec section 2 redirect rules): back to the screen that
 * sent them to /signin, else to checkout when the cart has lines, else to their profile.
 */

export const SIGNIN_PATH = '/signin';

let returnPath: string | null = null;

/**
 * Wraps a route guard so that, when it sends a visitor to /signin, the screen they asked for is
 * remembered for after the sign-in. Guards run while rendering the current location.
 */
export function rememberingReturn<S>(guard: (state: S) => string | null): (state: S) => string | null {
  return (state) => {
    const redirect = guard(state);
    if (redirect === SIGNIN_PATH && typeof location !== 'undefined') {
      returnPath = `${location.pathname}${location.search}`;
    }
    return redirect;
  };
}

/** The remembered screen, if any (read when the sign-in screen opens). */
export function peekReturnPath(): string | null {
  return returnPath;
}

/** Forgets it once the sign-in screen has read it, so it applies to that one visit only. */
export function clearReturnPath(): void {
  returnPath = null;
}

/** After sign-in: the remembered screen, else /confirmation with a non-empty cart, else /profile. */
export function pathAfterSignIn(cartLines: number, remembered: string | null): string {
  if (remembered) return remembered;
  return cartLines > 0 ? '/confirmation' : '/profile';
}
