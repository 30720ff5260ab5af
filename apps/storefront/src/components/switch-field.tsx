import { type ReactNode, useId } from 'react';
import './switch-field.css';

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
      <label htmlFor={id} className="switch-field-text">
        <span className="switch-field-label">{label}</span>
        {description ? (
          <small id={descriptionId} className="switch-field-description">
            {description}
          </small>
        ) : null}
      </label>
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
