import { CloseIcon } from '../../components/icons.tsx';
import { createStore, useStore } from '../../lib/external-store.ts';
import { useT } from '../../lib/i18n.ts';
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

/** The line under the top bar: store closed, or the dismissible scheduling warning. */
export function BannerLine() {
  const t = useT();
  const { data: company } = useCompany();
  const dismissed = useStore(dismissedStore);
  const banner = company ? storeBanner(company, dismissed) : null;
  if (banner === 'closed') {
    return (
      <div className="banner banner-closed" role="status">
        {t('storeClosedBanner')}
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
