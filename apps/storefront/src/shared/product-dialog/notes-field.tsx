import { NOTE_MAX_LENGTH, truncateText } from '@comanda/domain';
import { useId } from 'react';
import type { ProductT } from './product-texts.ts';

/** Notes for the kitchen, at most 50 characters (spec sections 5 and 9). */
export function NotesField({
  value,
  onChange,
  t,
}: {
  value: string;
  onChange: (value: string) => void;
  t: ProductT;
}) {
  const id = useId();
  return (
    <div className="notes-field">
      <label htmlFor={id} className="field-label">
        {t('notes')}
      </label>
      <textarea
        id={id}
        className="notes-input"
        rows={2}
        maxLength={NOTE_MAX_LENGTH}
        placeholder={t('notesHint')}
        aria-describedby={`${id}-count`}
        value={value}
        onChange={(event) => onChange(truncateText(event.target.value, NOTE_MAX_LENGTH))}
      />
      <p id={`${id}-count`} className="notes-count">
        {t('notesCount', { count: value.length, max: NOTE_MAX_LENGTH })}
      </p>
    </div>
  );
}
