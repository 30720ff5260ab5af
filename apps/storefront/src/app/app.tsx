import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { apiGet } from '../lib/api-client.ts';
import { DataConfig, useDataConfig } from '../lib/data-cache.tsx';
import { useT } from '../lib/i18n.ts';
import { PENDING_PIX_KEY } from '../lib/pending-pix-key.ts';
import { setDefaultMode } from '../lib/preferences.ts';
import { bootFallback, useCompany } from '../lib/start-data.ts';
import { AtStartStage, StartStage } from '../lib/start-stages.ts';
import { readStorage } from '../lib/storage.ts';
import { applyLook } from '../lib/store-look.ts';
import { BannerLine } from './layout/banner-line.tsx';
import { CouponsHost } from './layout/coupons-host.tsx';
import { FlashHost } from './layout/flash-host.tsx';
import { OfflineNotice } from './layout/offline-notice.tsx';
import { StoreInfoHost } from './layout/store-info-host.tsx';
import { TabBar } from './layout/tab-bar.tsx';
import { TopBar } from './layout/top-bar.tsx';
import { barsHidden, isPaymentCheckoutPath } from './navigation.ts';
import { RouteView } from './routes.tsx';

/** Keeps the document in the store's look whenever the company reply changes. */
function LookSync() {
  const { data: company } = useCompany();
  useEffect(() => {
    if (!company) return;
    applyLook(company);
    setDefaultMode(company.default_style_mode);
    const ids = { googleTagManager: company.google_tag_manager, fbPixelId: company.fb_pixel_id };
    // Most stores track nothing: the tracking code is a chunk of its own, loaded only for those that do.
    if (ids.googleTagManager || ids.fbPixelId) {
      void import('../lib/tracking.ts').then(({ injectTrackingWhenIdle }) => injectTrackingWhenIdle(ids));
    }
  }, [company]);
  return null;
}

/**
 * Follows the store while the page is open (docs/decisions/0050): sold out, pause, open or close,
 * scheduling and menu edits show within seconds. Its code loads after the first paint.
 */
function StoreFollower() {
  const { mutate } = useDataConfig();
  const { data: company } = useCompany();
  const open = useRef<boolean | undefined>(undefined);
  open.current = company?.loja_aberta;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('../lib/store-follower.ts').then(({ startFollowing }) => {
      if (!stopped) stop = startFollowing(mutate, () => open.current);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [mutate]);
  return null;
}

/** The start check of a stored PIX intent (spec section 4 "PIX"); its code loads only when one is stored. */
const PixResume = lazy(() => import('../features/payment/components/pix-resume.tsx'));

function Shell() {
  const t = useT();
  const [location] = useLocation();
  const hideBars = barsHidden(location);
  // Once, at start; /pix_checkout resumes the intent by itself.
  const [resumePix] = useState(
    () => readStorage(PENDING_PIX_KEY) !== null && !isPaymentCheckoutPath(location),
  );
  return (
    <div className={hideBars ? 'app app-no-bars' : 'app'}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {hideBars ? null : (
        <>
          <TopBar />
          <BannerLine />
        </>
      )}
      <OfflineNotice />
      <main id="main" className="main" tabIndex={-1}>
        <RouteView />
      </main>
      <AtStartStage stage={StartStage.rest}>
        {hideBars ? null : <TabBar />}
        <StoreInfoHost />
        <CouponsHost />
        <FlashHost />
        {resumePix ? (
          <Suspense fallback={null}>
            <PixResume />
          </Suspense>
        ) : null}
      </AtStartStage>
    </div>
  );
}

export function App({ fallback = bootFallback() }: { fallback?: Record<string, unknown> }) {
  return (
    <DataConfig value={{ fetcher: apiGet, fallback, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <LookSync />
      <StoreFollower />
      <Shell />
    </DataConfig>
  );
}
