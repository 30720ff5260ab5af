import { formatReais, parseReais } from '@comanda/domain';
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { TypedClockInput, TypedDateInput, useTypedDateT } from '../lib/typed-date-field.tsx';
import { typedFromIsoDate } from '../lib/typed-dates.ts';
import type { EditorIssue } from './editor-context.tsx';
import { type EditorT, useEditorT } from './editor-texts.ts';

/*
 * The editor's inputs: each is labelled, bound to its document path, and shows the refusal the
 * server named for that path (aria-invalid + the message below it).
 */

export const IssuesContext = createContext<readonly EditorIssue[]>([]);

/** The words of a refusal: the server's Portuguese, or the code's own words in English. */
export function issueText(issue: EditorIssue, t: EditorT, language: string): string {
  if (language === 'pt_br' || !issue.code) return issue.detail;
  return t(`issue_${issue.code}` as never);
}

/** The refusal the server named for this path, if any. */
export function useIssue(path: string | undefined): string | null {
  const issues = useContext(IssuesContext);
  const t = useEditorT();
  const language = useLanguage();
  if (!path) return null;
  const issue = issues.find((candidate) => candidate.field === path);
  return issue ? issueText(issue, t, language) : null;
}

interface FieldFrame {
  label: string;
  path?: string;
  hint?: string;
  children: (props: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}

function Field({ label, path, hint, children, className }: FieldFrame) {
  const id = useId();
  const issue = useIssue(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const issueId = issue ? `${id}-issue` : undefined;
  const describedBy = [hintId, issueId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={`editor-field${className ? ` ${className}` : ''}`}
      data-invalid={issue ? true : undefined}
    >
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: issue !== null })}
      {hint ? (
        <p id={hintId} className="editor-hint">
          {hint}
        </p>
      ) : null}
      {issue ? (
        <p id={issueId} className="editor-issue">
          {issue}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  path,
  hint,
  value,
  onChange,
  multiline = false,
  maxLength,
  type = 'text',
  inputMode,
  autoComplete,
  required,
}: {
  label: string;
  path?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  maxLength?: number;
  type?: 'text' | 'email' | 'url' | 'tel' | 'password';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
  autoComplete?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} path={path} hint={hint}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <textarea
            id={id}
            value={value}
            maxLength={maxLength}
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            id={id}
            type={type}
            value={value}
            maxLength={maxLength}
            inputMode={inputMode}
            autoComplete={autoComplete ?? 'off'}
            required={required}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/**
 * A date and a time typed dd/mm/aaaa and HH:MM (docs/decisions/0034), as 'YYYY-MM-DDTHH:MM' on the
 * store's clock ('' for none; turning it into an instant is the caller's, in the store's zone). An
 * empty time is `defaultTime` (the start or the end of the day). `onChange` gets undefined while
 * what is typed is not a date and time, for the caller to show as the field's issue.
 */
export function DateTimeField({
  label,
  path,
  hint,
  value,
  defaultTime,
  onChange,
}: {
  label: string;
  path?: string;
  hint?: string;
  value: string;
  defaultTime: string;
  onChange: (value: string | undefined) => void;
}) {
  const t = useTypedDateT();
  const [date, setDate] = useState<string | null>(value.slice(0, 10) || null);
  const [clock, setClock] = useState<{ value: string | null; text: string }>({
    value: value.slice(11, 16) || null,
    text: value.slice(11, 16),
  });
  const [dateText, setDateText] = useState(typedFromIsoDate(value.slice(0, 10)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change from outside
  useEffect(() => {
    // A value from outside (the saved document, a discard) when it is not what is typed here.
    if (value === '' || value === `${date}T${clock.value ?? defaultTime}`) return;
    setDate(value.slice(0, 10));
    setClock({ value: value.slice(11, 16), text: value.slice(11, 16) });
    setDateText(typedFromIsoDate(value.slice(0, 10)));
  }, [value]);
  const tell = (
    nextDate: string | null,
    dateTyped: string,
    nextClock: { value: string | null; text: string },
  ) => {
    if (dateTyped === '' && nextClock.text === '') return onChange('');
    if (!nextDate || (nextClock.text !== '' && !nextClock.value)) return onChange(undefined);
    onChange(`${nextDate}T${nextClock.value ?? defaultTime}`);
  };
  return (
    <Field label={label} path={path} hint={hint} className="editor-datetime">
      {({ id, describedBy, invalid }) => (
        <span className="editor-datetime-boxes">
          <TypedDateInput
            id={id}
            value={date ?? ''}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(next, typed) => {
              setDate(next);
              setDateText(typed);
              tell(next, typed, clock);
            }}
          />
          <TypedClockInput
            value={clock.value ?? ''}
            aria-label={`${label}: ${t('time')}`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(next, typed) => {
              const nextClock = { value: next, text: typed };
              setClock(nextClock);
              tell(date, dateText, nextClock);
            }}
          />
        </span>
      )}
    </Field>
  );
}

/** Whole numbers (minutes, points, a quantity); an empty box is `null` when `nullable`. */
export function NumberField({
  label,
  path,
  hint,
  value,
  onChange,
  min,
  max,
  step = 1,
  suffix,
}: {
  label: string;
  path?: string;
  hint?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  suffix?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((shown) =>
      Number(shown.replace(',', '.')) === value && shown !== '' ? shown : value === null ? '' : String(value),
    );
  }, [value]);
  return (
    <Field label={label} path={path} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <span className="editor-affix">
          <input
            id={id}
            type="text"
            inputMode={step < 1 ? 'decimal' : 'numeric'}
            value={text}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              setText(event.target.value);
              const trimmed = event.target.value.trim().replace(',', '.');
              if (trimmed === '') return onChange(null);
              const number = Number(trimmed);
              if (Number.isFinite(number)) onChange(clamp(number, min, max));
            }}
          />
          {suffix ? <span aria-hidden="true">{suffix}</span> : null}
        </span>
      )}
    </Field>
  );
}

function clamp(value: number, min?: number, max?: number): number {
  return Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, value));
}

/** '12,90' for 1290 centavos (-5,00 for -500): the amount as typed, without the currency (the field shows R$ beside it). */
const reaisText = (centavos: number | null): string => (centavos === null ? '' : formatReais(centavos));

/** Money in centavos, typed in reais ('12,90'); shown formatted when the box is left. */
export function MoneyField({
  label,
  path,
  hint,
  value,
  onChange,
  nullable = false,
}: {
  label: string;
  path?: string;
  hint?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  nullable?: boolean;
}) {
  const t = useEditorT();
  const [text, setText] = useState(reaisText(value));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText((current) => (parseReais(current) === value ? current : reaisText(value)));
  }, [value]);
  return (
    <Field label={label} path={path} hint={bad ? t('invalidMoney') : hint}>
      {({ id, describedBy, invalid }) => (
        <span className="editor-affix editor-money">
          <span aria-hidden="true">{t('reais')}</span>
          <input
            id={id}
            type="text"
            inputMode="decimal"
            value={text}
            aria-describedby={describedBy}
            aria-invalid={invalid || bad || undefined}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim() === '' && nullable) {
                setBad(false);
                return onChange(null);
              }
              const centavos = parseReais(event.target.value);
              setBad(centavos === null);
              if (centavos !== null) onChange(centavos);
            }}
            onBlur={() => {
              if (!bad) setText(reaisText(value));
            }}
          />
        </span>
      )}
    </Field>
  );
}

export function Toggle({
  label,
  hint,
  path,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  path?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Off for a reason the hint gives (e.g. no payment provider). */
  disabled?: boolean;
}) {
  const id = useId();
  const issue = useIssue(path);
  return (
    <div className="editor-toggle" data-invalid={issue ? true : undefined}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={hint || issue ? `${id}-more` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint || issue ? (
        <p id={`${id}-more`} className={issue ? 'editor-issue' : 'editor-hint'}>
          {issue ?? hint}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField<V extends string>({
  label,
  path,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  path?: string;
  hint?: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <Field label={label} path={path} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
