import { lazy, Suspense } from 'react';
import { closeCouponsDialog, useCouponsDialogOpen } from '../../lib/coupons-dialog.ts';

const CouponsDialog = lazy(() => import('../../features/coupons/components/coupons-dialog.tsx'));

/** Mounts the available coupons dialog (its own chunk) while it is open. */
export function CouponsHost() {
  const open = useCouponsDialogOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CouponsDialog onClose={closeCouponsDialog} />
    </Suspense>
  );
}
