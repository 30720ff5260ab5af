import { useEffect, useId, useState } from 'react';
import { featureTranslator } from '../../lib/i18n.ts';
import './typed-date-field.css';
import { clockFromTyped, dateFromTyped, typedClock, typedDate, typedFromIsoDate } from './typed-dates.ts';

/*
 * Typed date and time boxes (docs/decisions/0034, 0051): a text box with the numeric keyboard that
 * puts the slashes or the colon in as digits are typed, read as dd/mm/aaaa and HH:MM whatever the
 * browser's language. The values are the store's own calendar date ('2026-12-25') and clock
 * ('23:59'); turning them into instants is the caller's, in the store's time zone (ADR 0043).
 */

const useTypedT = featureTranslator({
  pt_br: {
    dateHint: 'dd/mm/aaaa',
    timeHint: 'HH:MM',
    time: 'Hora',
    dateBad: 'Data inválida: digite dia/mês/ano, como 25/12/2026.',
    timeBad: 'Hora inválida: digite de 00:00 a 23:59.',
  },
  en: {
    dateHint: 'dd/mm/yyyy',
    timeHint: 'HH:MM',
    time: 'Time',
    dateBad: 'Not a date: type day/month/year, such as 25/12/2026.',
    timeBad: 'Not a time: type 00:00 to 23:59.',
  },
});
export const useTypedDateT = useTypedT;

interface BoxProps {
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  required?: boolean;
  onBlur?: () => void;
}

/**
 * The text shown for `value` (a date or a time, '' for none), kept as typed while it is being typed:
 * a value from outside (a reset, a saved document) replaces the text only when it is another one.
 */
function useTypedText(value: string, read: (text: string) => string | null, show: (value: string) => string) {
  const [text, setText] = useState(() => show(value));
  useEffect(() => {
    setText((typed) =>
      read(typed) === value || (value === '' && read(typed) === null) ? typed : show(value),
    );
  }, [value, read, show]);
  return [text, setText] as const;
}

const showClock = (value: string) => value;

/** A date typed dd/mm/aaaa; `onChange` gets '2026-12-25', or null while it is not a real date. */
export function TypedDateInput({
  value,
  onChange,
  ...box
}: BoxProps & { value: string; onChange: (date: string | null, text: string) => void }) {
  const t = useTypedT();
  const [text, setText] = useTypedText(value, dateFromTyped, typedFromIsoDate);
  return (
    <input
      {...box}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={t('dateHint')}
      value={text}
      onChange={(event) => {
        const typed = typedDate(event.target.value);
        setText(typed);
        onChange(dateFromTyped(typed), typed);
      }}
    />
  );
}

/** A time typed HH:MM; `onChange` gets '23:59', or null while it is not a time of the day. */
export function TypedClockInput({
  value,
  onChange,
  ...box
}: BoxProps & { value: string; onChange: (clock: string | null, text: string) => void }) {
  const t = useTypedT();
  const [text, setText] = useTypedText(value, clockFromTyped, showClock);
  return (
    <input
      {...box}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      placeholder={t('timeHint')}
      value={text}
      onChange={(event) => {
        const typed = typedClock(event.target.value);
        setText(typed);
        onChange(clockFromTyped(typed), typed);
      }}
    />
  );
}

/**
 * A labelled date box of the staff app's own forms (the reports): the format beside it, and what is
 * wrong once a whole date has been typed or the box is left.
 */
export function StaffDateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (date: string | null) => void;
}) {
  const t = useTypedT();
  const id = useId();
  const [bad, setBad] = useState(false);
  const [text, setText] = useState('');
  const [left, setLeft] = useState(false);
  const shown = bad && (left || text.length >= 10);
  return (
    <div className="staff-field typed-date-field" data-invalid={shown || undefined}>
      <label htmlFor={id}>{label}</label>
      <TypedDateInput
        id={id}
        value={value}
        required
        aria-describedby={`${id}-note`}
        aria-invalid={shown || undefined}
        onBlur={() => setLeft(true)}
        onChange={(date, typed) => {
          setBad(date === null);
          setText(typed);
          setLeft(false);
          onChange(date);
        }}
      />
      <small
        id={`${id}-note`}
        className={shown ? 'typed-date-issue' : 'typed-date-hint'}
        role={shown ? 'alert' : undefined}
      >
        {shown ? t('dateBad') : t('dateHint')}
      </small>
    </div>
  );
}
