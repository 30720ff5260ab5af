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
