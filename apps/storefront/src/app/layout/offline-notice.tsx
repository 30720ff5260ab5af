import { CloudOffIcon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { useCompany } from '../../lib/start-data.ts';

/**
 * Offline, the service worker shows the last menu it saw; this says so. Without a menu to show
 * (the connection problem screen is up instead) there is no 'last saved menu' to speak of.
 */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  const { data: company } = useCompany();
  if (online || !company) return null;
  return (
    <div className="banner banner-offline" role="status">
      <CloudOffIcon className="banner-icon" width={20} height={20} aria-hidden="true" />
      <span>{t('offlineNotice')}</span>
    </div>
  );
}
