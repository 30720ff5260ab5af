import { useId } from 'react';
import { Dialog } from '../../../shared/dialog.tsx';
import type { PaymentT } from '../payment-texts.ts';

/** Spec section 2 "PIX screen": abandoning asks first. Focus starts on 'keep paying', the safe choice. */
export function AbandonDialog({
  busy,
  onConfirm,
  onClose,
  t,
}: {
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  t: PaymentT;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={busy ? () => {} : onClose} className="pix-dialog">
      <h2 id={titleId} className="pix-dialog-title">
        {t('abandonTitle')}
      </h2>
      <p id={textId}>{t('abandonText')}</p>
      <div className="pix-dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose} disabled={busy}>
          {t('abandonKeep')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={onConfirm}
          disabled={busy}
          aria-describedby={textId}
        >
          {busy ? t('abandoning') : t('abandonConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
