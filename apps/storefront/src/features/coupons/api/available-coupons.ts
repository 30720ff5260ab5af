import type { AvailableCouponList } from '@comanda/contract';
import { useData } from '../../../lib/data-cache.tsx';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /core/cupons_disponiveis_app: the coupons the signed-in customer may use now. */
export const AVAILABLE_COUPONS_PATH = '/core/cupons_disponiveis_app?format=json';

const NONE: AvailableCouponList = [];

/** The available coupons; none while signed out (nothing is fetched). */
export function useAvailableCoupons(): AvailableCouponList {
  const signedIn = useSignedIn();
  const { data } = useData<AvailableCouponList>(signedIn ? AVAILABLE_COUPONS_PATH : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    dedupingInterval: 60_000,
  });
  return data ?? NONE;
}
