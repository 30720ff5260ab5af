import { useId } from 'react';
import type { ScheduleDay } from '../../../lib/schedule-times.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** The schedule dialog: the store's free periods by day ('Hoje', 'Amanhã', weekday), times on the store's clock. */
export function ScheduleDialog({
  days,
  selected,
  onChoose,
  onClose,
  t,
}: DialogProps & {
  days: readonly ScheduleDay[];
  selected: string | null;
  onChoose: (period: string) => void;
}) {
  const titleId = useId();
  const dayIdPrefix = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('scheduleDialogTitle')}
      </h2>
      {days.map((day) => (
        <section
          key={day.date}
          className="checkout-schedule-day"
          aria-labelledby={day.label ? `${dayIdPrefix}-${day.date}` : undefined}
        >
          {day.label ? (
            <h3 id={`${dayIdPrefix}-${day.date}`} className="checkout-schedule-day-title">
              {day.label}
            </h3>
          ) : null}
          <ul className="checkout-schedule-times">
            {day.times.map(({ period, time }) => (
              <li key={period}>
                <button
                  type="button"
                  className="checkout-time"
                  aria-pressed={period === selected}
                  aria-label={day.label ? `${day.label} ${time}` : undefined}
                  onClick={() => onChoose(period)}
                >
                  {time}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}
