import { useId } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';
import type { OrderResult } from '../model/order.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** Spec section 2 "Order result dialog". */
export function OrderResultDialog({
  result,
  onSeeStatus,
  onClose,
  t,
}: DialogProps & { result: OrderResult; onSeeStatus: (orderId: number) => void }) {
  const titleId = useId();
  const close = () => {
    if (result.status !== 'loading') onClose();
  };
  return (
    <Dialog labelledBy={titleId} onClose={close} className="checkout-dialog checkout-result">
      {result.status === 'loading' ? (
        <div role="status" aria-live="polite" className="checkout-result-body">
          <span className="checkout-spinner" aria-hidden="true" />
          <h2 id={titleId} className="checkout-dialog-title">
            {t('sending')}
          </h2>
        </div>
      ) : result.status === 'success' ? (
        <div className="checkout-result-body">
          <span className="checkout-result-icon checkout-result-ok" aria-hidden="true">
            ✓
          </span>
          <h2 id={titleId} className="checkout-dialog-title">
            {t('orderSuccessTitle')}
          </h2>
          <p>{t('orderSuccessText', { id: result.orderId })}</p>
          <p>{t('orderEstimate', { time: result.estimatedTime })}</p>
          <div className="checkout-dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('close')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => onSeeStatus(result.orderId)}
            >
              {t('seeStatus')}
            </button>
          </div>
        </div>
      ) : (
        <div className="checkout-result-body">
          <span className="checkout-result-icon checkout-result-error" aria-hidden="true">
            !
          </span>
          <h2 id={titleId} className="checkout-dialog-title">
            {t('orderErrorTitle')}
          </h2>
          <p role="alert">{result.message}</p>
          <div className="checkout-dialog-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('close')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
