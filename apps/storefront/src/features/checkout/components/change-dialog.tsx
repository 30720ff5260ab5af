import { cashChangeVerdict, formatBRL, formatReais, parseChangeFor } from '@comanda/domain';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

export interface ChangeDialogProps {
  /** The order total in centavos. */
  total: number;
  /** The amount chosen before, if any. */
  initial: number | null;
  /** The accepted amount (null: no change needed). */
  onConfirm: (changeFor: number | null) => void;
  onClose: () => void;
  t: CheckoutT;
}

/** Change input: up to 99999 with at most 2 decimals; digits, dot and comma only. */
const ALLOWED_INPUT = /^[\d.,]{0,9}$/;

/**
 * Spec section 5 "Cash change": at least the order total and at most the total plus R$ 200; an
 * amount equal to the total needs no change.
 */
export function ChangeDialog({ total, initial, onConfirm, onClose, t }: ChangeDialogProps) {
  const titleId = useId();
  const [text, setText] = useState(initial ? formatReais(initial) : '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      onConfirm(null);
      return;
    }
    const amount = parseChangeFor(text);
    if (amount === null) {
      setError(t('changeInvalid'));
      return;
    }
    const verdict = cashChangeVerdict({ total, changeFor: amount });
    if (verdict.ok) {
      onConfirm(verdict.changeFor);
      return;
    }
    setError(
      verdict.reason === 'BELOW_TOTAL'
        ? t('changeBelowTotal', { total: formatBRL(total) })
        : t('changeAboveMaximum', { maximum: formatBRL(verdict.maximum) }),
    );
  };

  const parsed = parseChangeFor(text);
  const preview = parsed !== null ? cashChangeVerdict({ total, changeFor: parsed }) : null;

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="checkout-dialog-title">
          {t('changeDialogTitle')}
        </h2>
        <p>{t('changeTotal', { total: formatBRL(total) })}</p>
        <TextField
          label={t('changeLabel')}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          error={error}
          hint={
            preview?.ok && preview.change > 0
              ? t('changeYouGet', { change: formatBRL(preview.change) })
              : undefined
          }
          onChange={(event) => {
            const next = event.target.value.replace(/[^\d.,]/g, '');
            if (!ALLOWED_INPUT.test(next)) return;
            setText(next);
            setError(null);
          }}
        />
        <div className="checkout-dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onConfirm(null)}>
            {t('changeNone')}
          </button>
          <button type="submit" className="button button-primary">
            {t('changeConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
