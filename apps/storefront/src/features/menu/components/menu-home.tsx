import { useState } from 'react';
import { ConnectionError } from '../../../components/connection-error.tsx';
import { useCategories, useCompany, useProducts, useRefetchStartData } from '../../../lib/start-data.ts';
import { AtStartStage, StartStage } from '../../../lib/start-stages.ts';
import { showsClosedView } from '../../../lib/store-status.ts';
import { ClosedView } from './closed-view.tsx';
import { MenuCatalog } from './menu-catalog.tsx';
import { MenuHeader } from './menu-header.tsx';
import { MenuSkeleton } from './menu-skeleton.tsx';

/** Browsing a closed store's menu, once chosen, lasts for the visit. */
let browsingWhileClosed = false;

/** The menu home (route /, /home and every unmatched path). */
export function MenuHome() {
  const company = useCompany();
  const categories = useCategories();
  const products = useProducts();
  const refetch = useRefetchStartData();
  const [browseClosed, setBrowseClosed] = useState(browsingWhileClosed);

  const failed =
    (company.error && !company.data) ||
    (categories.error && !categories.data) ||
    (products.error && !products.data);
  if (failed) return <ConnectionError onRetry={refetch} />;
  if (!company.data || !categories.data || !products.data) return <MenuSkeleton />;

  if (showsClosedView(company.data) && !browseClosed) {
    return (
      <ClosedView
        company={company.data}
        onBrowse={() => {
          browsingWhileClosed = true;
          setBrowseClosed(true);
        }}
      />
    );
  }
  return (
    <>
      <MenuHeader company={company.data} />
      <AtStartStage stage={StartStage.catalog}>
        <MenuCatalog categories={categories.data} products={products.data} />
      </AtStartStage>
    </>
  );
}
