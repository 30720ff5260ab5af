import { truncateText } from '@comanda/domain';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';
import { NOTES_MAX_LENGTH } from '../model/order.ts';

/** The order notes dialog, at most 50 characters (spec section 5 "Notes"). */
export function NotesDialog({
  initial,
  onSave,
  onClose,
  t,
}: {
  initial: string;
  onSave: (notes: string) => void;
  onClose: () => void;
  t: CheckoutT;
}) {
  const titleId = useId();
  const countId = useId();
  const [notes, setNotes] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(notes.trim());
  };
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="checkout-dialog-title">
          {t('notesTitle')}
        </h2>
        <label className="field">
          <span className="field-label">{t('notesLabel')}</span>
          <textarea
            className="field-input checkout-notes"
            maxLength={NOTES_MAX_LENGTH}
            rows={3}
            value={notes}
            aria-describedby={countId}
            onChange={(event) => setNotes(truncateText(event.target.value, NOTES_MAX_LENGTH))}
          />
        </label>
        <p id={countId} className="field-hint">
          {t('notesCount', { count: notes.length })}
        </p>
        <div className="checkout-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary">
            {t('notesSave')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
