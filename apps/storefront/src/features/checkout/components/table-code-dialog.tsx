import { isTableCode, TABLE_CODE_LENGTH } from '@comanda/domain';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

/**
 * The waiter's code of a locked table (issue 19): asked before the first order of a table whose
 * store opens tables with a code, and again when the server refused the one given (`problem`).
 */
export function TableCodeDialog({
  problem,
  onSubmit,
  onClose,
  t,
}: {
  /** The server's refusal of the last code (wrong code, table not opened yet), if any. */
  problem: string | null;
  onSubmit: (code: string) => void;
  onClose: () => void;
  t: CheckoutT;
}) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isTableCode(code)) onSubmit(code);
    else setError(t('tableCodeFormat', { length: TABLE_CODE_LENGTH }));
  };
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="checkout-dialog-title">
          {t('tableCodeTitle')}
        </h2>
        {problem ? (
          <p role="alert" className="checkout-problem">
            {problem}
          </p>
        ) : null}
        <TextField
          label={t('tableCodeLabel')}
          hint={t('tableCodeText', { length: TABLE_CODE_LENGTH })}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={TABLE_CODE_LENGTH}
          className="checkout-table-code"
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, TABLE_CODE_LENGTH));
            setError(null);
          }}
        />
        <div className="checkout-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary">
            {t('tableCodeConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
