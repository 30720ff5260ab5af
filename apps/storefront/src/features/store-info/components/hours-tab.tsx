import { shiftsByWeekday, storeLocalTime } from '@comanda/domain';
import type { MessageKey } from '../../../lib/i18n.ts';
import { useT } from '../../../lib/i18n.ts';
import { useOpeningHours } from '../../../lib/start-data.ts';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';

const WEEKDAY_KEYS: MessageKey[] = [
  'weekday0',
  'weekday1',
  'weekday2',
  'weekday3',
  'weekday4',
  'weekday5',
  'weekday6',
  'weekday7',
];

/** Per weekday (Sunday first, then holidays), up to two shifts, times as HH:MM. */
export function HoursTab() {
  const t = useT();
  const { data, error } = useOpeningHours();
  if (!data) return <p className="tab-message">{error ? t('loadFailed') : t('loading')}</p>;
  const today = storeLocalTime(new Date(), pageStoreTimeZone()).weekday;
  return (
    <dl className="hours-list">
      {shiftsByWeekday(data).map((day) => (
        <div key={day.weekday} className={day.weekday === today ? 'hours-row hours-today' : 'hours-row'}>
          <dt>
            {t(WEEKDAY_KEYS[day.weekday]!)}
            {day.weekday === today ? <span className="sr-only"> ({t('today')})</span> : null}
          </dt>
          <dd>
            {day.shifts.length === 0
              ? t('closedAllDay')
              : day.shifts.map((shift) => (
                  <span key={shift.turno} className="hours-shift">
                    {shift.start} – {shift.end}
                  </span>
                ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
