import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** Coupon apply dialog; `apply` returns an error text or null when applied. */
export function CouponDialog({
  initial,
  apply,
  onClose,
  t,
}: DialogProps & { initial: string; apply: (code: string) => Promise<string | null> }) {
  const titleId = useId();
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const problem = await apply(code);
    setBusy(false);
    if (problem) setError(problem);
  };
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="checkout-dialog-title">
          {t('couponDialogTitle')}
        </h2>
        <TextField
          label={t('couponCode')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={60}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <div className="checkout-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {t('couponApply')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
