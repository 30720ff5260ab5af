import type { Company } from '@comanda/contract';
import { shiftsByWeekday, storeLocalTime } from '@comanda/domain';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { scheduleText } from '../../../lib/schedule-times.ts';
import { useOpeningHours } from '../../../lib/start-data.ts';
import { openStoreInfo } from '../../../lib/store-info.ts';
import { MenuHeader } from './menu-header.tsx';

/**
 * Spec section 2 "Closed-store logic": the closed view of home. The customer can still look at the
 * menu (nothing can be ordered: the banner says so and checkout refuses).
 */
export function ClosedView({ company, onBrowse }: { company: Company; onBrowse: () => void }) {
  const t = useT();
  const language = useLanguage();
  const { data: hours } = useOpeningHours();
  const paused = company.pausada === true;
  const reason = paused ? company.motivo_pausa?.trim() : '';
  // A pause is not the hours: 'Hoje: 00:00–23:59' beside it would contradict it.
  const today =
    hours && !paused
      ? shiftsByWeekday(hours)[storeLocalTime(new Date(), company.time_zone).weekday]?.shifts
      : undefined;
  return (
    <>
      <MenuHeader company={company} />
      <div className="closed-view">
        <h2 className="closed-title">{paused ? t('pausedTitle') : t('closedTitle')}</h2>
        <p>{paused ? t('pausedText') : t('closedText')}</p>
        {reason ? <p className="closed-reason">{t('pausedReason', { reason })}</p> : null}
        {company.reabre_em ? (
          <p className="closed-reopens">
            {t('reopensAt', {
              when: scheduleText(company.reabre_em, new Date(), language, company.time_zone),
            })}
          </p>
        ) : null}
        {today ? (
          <p className="closed-hours">
            {today.length > 0
              ? t('todayHours', { hours: today.map((shift) => `${shift.start}–${shift.end}`).join(', ') })
              : t('closedToday')}
          </p>
        ) : null}
        <div className="closed-actions">
          <button type="button" className="button button-primary" onClick={onBrowse}>
            {t('browseMenu')}
          </button>
          <button type="button" className="button button-secondary" onClick={openStoreInfo}>
            {t('seeHours')}
          </button>
        </div>
      </div>
    </>
  );
}
