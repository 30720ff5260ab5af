import type { CheckoutT } from '../checkout-texts.ts';

/** The schedule card, shown while the store is closed and takes scheduled orders. */
export function ScheduleBlock({
  period,
  onOpen,
  t,
}: {
  /** The chosen period as the customer reads it ('Hoje às 19:30'), if any. */
  period: string | null;
  onOpen: () => void;
  t: CheckoutT;
}) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-schedule-title">
      <h3 id="checkout-schedule-title" className="checkout-card-title">
        {t('scheduleTitle')}
      </h3>
      <p>{period ? t('scheduledFor', { period }) : t('scheduleHint')}</p>
      <button type="button" className="button button-secondary" onClick={onOpen}>
        {period ? t('scheduleChange') : t('schedulePick')}
      </button>
    </section>
  );
}
