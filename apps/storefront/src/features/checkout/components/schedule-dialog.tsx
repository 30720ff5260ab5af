import { useId } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** The schedule dialog: the store's free periods. */
export function ScheduleDialog({
  periods,
  selected,
  onChoose,
  onClose,
  t,
}: DialogProps & {
  periods: readonly string[];
  selected: string | null;
  onChoose: (period: string) => void;
}) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('scheduleDialogTitle')}
      </h2>
      <ul className="checkout-choices" aria-labelledby={titleId}>
        {periods.map((period) => (
          <li key={period}>
            <button
              type="button"
              className="checkout-choice"
              aria-pressed={period === selected}
              onClick={() => onChoose(period)}
            >
              {period}
            </button>
          </li>
        ))}
      </ul>
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}
