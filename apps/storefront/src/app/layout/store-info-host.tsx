import { lazy, Suspense } from 'react';
import { closeStoreInfo, useStoreInfoOpen } from '../../lib/store-info.ts';

const StoreInfoDialog = lazy(() => import('../../features/store-info/components/store-info-dialog.tsx'));

/** Mounts the store info modal (its own chunk) while it is open. */
export function StoreInfoHost() {
  const open = useStoreInfoOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StoreInfoDialog onClose={closeStoreInfo} />
    </Suspense>
  );
}
