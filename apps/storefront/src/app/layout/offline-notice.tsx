import { useT } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';

/** Offline, the service worker shows the last menu it saw; this says so. */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="banner banner-offline" role="status">
      {t('offlineNotice')}
    </div>
  );
}
