import { lazy, Suspense } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { createStore, useStore } from '../../lib/external-store.ts';
import { useT } from '../../lib/i18n.ts';
import { useLocalMode } from '../../lib/source.ts';
import { useCompany } from '../../lib/start-data.ts';
import { storeBanner } from '../../lib/store-status.ts';

const DISMISSED_KEY = 'scheduling_warning_dismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Dismissing the scheduling warning lasts for the visit (the browser tab). */
const dismissedStore = createStore(typeof window === 'undefined' ? false : readDismissed());

function dismiss() {
  dismissedStore.set(true);
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Dismissed for this page only.
  }
}

/** Table mode's banner loads on its own; its line is kept meanwhile, so nothing below it moves. */
const TableBanner = lazy(() => import('../../features/table/components/table-banner.tsx'));
const tableLine = <div className="banner banner-table" aria-hidden="true" />;

/**
 * The line under the top bar (spec section 2 "Bars"), first match wins: the table (or 'table not
 * found') in table mode, the dismissible scheduling warning, the store-closed message.
 */
export function BannerLine() {
  const t = useT();
  const { data: company } = useCompany();
  const dismissed = useStore(dismissedStore);
  const localMode = useLocalMode();
  if (localMode) {
    return (
      <Suspense fallback={tableLine}>
        <TableBanner />
      </Suspense>
    );
  }
  const banner = company ? storeBanner(company, dismissed) : null;
  if (banner === 'closed') {
    return (
      <div className="banner banner-closed" role="status">
        {company?.pausada ? t('storePausedBanner') : t('storeClosedBanner')}
      </div>
    );
  }
  if (banner === 'scheduling') {
    return (
      <div className="banner banner-scheduling" role="status">
        <span>{t('schedulingWarning')}</span>
        <button
          type="button"
          className="icon-button banner-dismiss"
          aria-label={t('dismiss')}
          onClick={dismiss}
        >
          <CloseIcon width="20" height="20" />
        </button>
      </div>
    );
  }
  return null;
}
