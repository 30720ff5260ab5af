import { type ComponentProps, type ReactNode, useId } from 'react';
import '../shared/form.css';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'children'> {
  label: ReactNode;
  /** The validation message; tied to the input by aria-describedby and aria-invalid. */
  error?: string | null;
  /** A permanent hint under the input, also tied by aria-describedby. */
  hint?: ReactNode;
  /** The label is for assistive technology only: a heading just above already names the field. */
  hideLabel?: boolean;
}

/** A labelled input with its hint and its error message. */
export function TextField({ label, error, hint, hideLabel, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type' | 'children'> {
  label: ReactNode;
  error?: string | null;
}

/** A checkbox with its label and error message. */
export function CheckboxField({ label, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `check-field ${className}` : 'check-field'}>
      <div className="check-row">
        <input
          id={id}
          type="checkbox"
          className="check-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label htmlFor={id} className="check-label">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SwitchFieldProps {
  label: ReactNode;
  /** What turning it on means, under the label (consent text, where messages go). */
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting as apps show it: the label and its description, the switch on the right. */
export function SwitchField({ label, description, checked, disabled, busy, onChange }: SwitchFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="switch-field">
      <div className="switch-field-text">
        <label htmlFor={id} className="switch-field-label">
          {label}
        </label>
        {description ? (
          <small id={descriptionId} className="switch-field-description">
            {description}
          </small>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="switch-field-input"
        checked={checked}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}

/** A text with a phone in it, the phone kept on one line ((11) 98765-4321 never breaks at its hyphen). */
export function withPhone(text: (phone: string) => string, phone: string): ReactNode {
  const marker = '\u0000';
  const [before = '', after = ''] = text(marker).split(marker);
  return (
    <>
      {before}
      <span className="switch-field-nowrap">{phone}</span>
      {after}
    </>
  );
}
