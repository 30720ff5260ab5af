import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { cartStore } from '../../../lib/cart-store.ts';
import { setToken } from '../../../lib/session.ts';
import { clearReturnPath, pathAfterSignIn, peekReturnPath } from '../../../lib/sign-in-return.ts';

/**
 * What happens once a token is in hand (sign-in, sign-up, recovery): the session starts and the
 * customer goes back to the screen that asked them to sign in, else to checkout when the cart has
 * lines, else to the profile (spec section 2). Token and location change in one tick, so the
 * anonymous-only guard of the sign-in screens never gets to redirect first.
 */
export function useFinishSignIn(): (token: string) => void {
  const [, navigate] = useLocation();
  // Read once when the screen opens; forgotten after, so it applies to this visit only.
  const [returnPath] = useState(peekReturnPath);
  useEffect(() => clearReturnPath(), []);
  return useCallback(
    (token: string) => {
      setToken(token);
      navigate(pathAfterSignIn(cartStore.get().length, returnPath), { replace: true });
    },
    [navigate, returnPath],
  );
}
