import type { CheckoutT } from '../checkout-texts.ts';
import { CheckoutLine } from './checkout-line.tsx';

/** The order notes row: the notes written, and the notes dialog to write them. */
export function NotesBlock({ notes, onOpen, t }: { notes: string; onOpen: () => void; t: CheckoutT }) {
  return (
    <CheckoutLine
      id="checkout-notes-title"
      title={t('notesTitle')}
      summary={notes ? <p className="checkout-line-quote">{notes}</p> : null}
    >
      <button type="button" className="button button-secondary button-small" onClick={onOpen}>
        {notes ? t('notesEdit') : t('notesAdd')}
      </button>
    </CheckoutLine>
  );
}
