import { useId } from 'react';
import { ChatIcon } from '../../../components/screen-icons.tsx';
import { Dialog } from '../../../shared/dialog.tsx';
import type { CheckoutT } from '../checkout-texts.ts';
import type { OrderResult } from '../model/order.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

const LOADING_TEXT = {
  order: 'sending',
  pix: 'pixCreating',
  card: 'cardCreating',
  confirming: 'pixConfirming',
} as const;

/**
 * Spec section 2 "Order result dialog": a spinner, or the success with the order number and the
 * estimate, or the error. When the payment was PIX, 'Enviar comprovante' opens a WhatsApp chat with
 * the store (`proofHref`, null when the store has no WhatsApp number).
 */
export function OrderResultDialog({
  result,
  scheduledFor,
  proofHref,
  onSeeStatus,
  onSeeTab,
  onClose,
  t,
}: DialogProps & {
  result: OrderResult;
  /** A scheduled order's day and time ('Amanhã às 11:30'), shown instead of today's estimate. */
  scheduledFor: string | null;
  proofHref: (orderId: number) => string | null;
  onSeeStatus: (orderId: number) => void;
  /** A table order: the way to the table's tab, where this round now shows. */
  onSeeTab?: () => void;
}) {
  const titleId = useId();
  const proofHintId = useId();
  const proof = result.status === 'success' && result.paidByPix ? proofHref(result.number) : null;
  const close = () => {
    if (result.status !== 'loading') onClose();
  };
  return (
    <Dialog labelledBy={titleId} onClose={close} className="checkout-dialog checkout-result">
      {result.status === 'loading' ? (
        <div role="status" aria-live="polite" className="checkout-result-body">
          <span className="checkout-spinner" aria-hidden="true" />
          <h2 id={titleId} className="checkout-dialog-title">
            {result.step === 'card' && result.last4
              ? t('cardPayingSaved', { last4: result.last4 })
              : t(LOADING_TEXT[result.step])}
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
          <p>{t('orderSuccessText', { id: result.number })}</p>
          <p>
            {scheduledFor
              ? t('scheduledFor', { period: scheduledFor })
              : t('orderEstimate', { time: result.estimatedTime })}
          </p>
          {proof ? (
            <>
              {/* A link, not a button: it leaves for WhatsApp (a new tab, or the app on a phone). */}
              <a
                className="button button-secondary checkout-proof"
                href={proof}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={proofHintId}
              >
                <ChatIcon />
                {t('sendProof')}
              </a>
              <span id={proofHintId} className="sr-only">
                {t('sendProofHint')}
              </span>
            </>
          ) : null}
          <div className="checkout-dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('close')}
            </button>
            <button
              type="button"
              className={onSeeTab ? 'button button-secondary' : 'button button-primary'}
              onClick={() => onSeeStatus(result.orderId)}
            >
              {t('seeStatus')}
            </button>
            {onSeeTab ? (
              <button type="button" className="button button-primary" onClick={onSeeTab}>
                {t('seeTableTab')}
              </button>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="checkout-result-body">
          <span className="checkout-result-icon checkout-result-error" aria-hidden="true">
            !
          </span>
          <h2 id={titleId} className="checkout-dialog-title">
            {result.title ?? t('orderErrorTitle')}
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
