import { formatBRL } from '@comanda/domain';
import { useId } from 'react';
import { Link } from 'wouter';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** The minimum-order warning, with 'Comprar mais' back to the menu. */
export function MinimumOrderDialog({
  minimum,
  missing,
  onClose,
  t,
}: DialogProps & { minimum: number; missing: number }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('minimumTitle')}
      </h2>
      <p>{t('minimumText', { minimum: formatBRL(minimum), missing: formatBRL(missing) })}</p>
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('close')}
        </button>
        <Link href="/home" className="button button-primary">
          {t('buyMore')}
        </Link>
      </div>
    </Dialog>
  );
}
