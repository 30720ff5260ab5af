import { truncateText } from '@comanda/domain';
import type { CheckoutT } from '../checkout-texts.ts';
import { NOTES_MAX_LENGTH } from '../model/order.ts';

/** The order notes, at most 50 characters (spec section 5 "Notes"). */
export function NotesBlock({
  notes,
  onChange,
  t,
}: {
  notes: string;
  onChange: (notes: string) => void;
  t: CheckoutT;
}) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-notes-title">
      <h3 id="checkout-notes-title" className="checkout-card-title">
        {t('notesTitle')}
      </h3>
      <label className="field">
        <span className="field-label">{t('notesLabel')}</span>
        <textarea
          className="field-input checkout-notes"
          maxLength={NOTES_MAX_LENGTH}
          rows={2}
          value={notes}
          aria-describedby="checkout-notes-count"
          onChange={(event) => onChange(truncateText(event.target.value, NOTES_MAX_LENGTH))}
        />
      </label>
      <p id="checkout-notes-count" className="field-hint">
        {t('notesCount', { count: notes.length })}
      </p>
    </section>
  );
}
