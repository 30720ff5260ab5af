import type { PaymentMethod } from '@comanda/contract';
import { formatBRL, ONLINE_PIX_ID } from '@comanda/domain';
import { forwardRef, useId } from 'react';
import type { CheckoutT } from '../checkout-texts.ts';
import { hasPixKey } from './pix-key-dialog.tsx';

export interface PaymentBlockProps {
  /** The online entries the store takes; null when it takes no online payment. */
  online: { pix: boolean; card: boolean } | null;
  /** The in-person methods for this order. */
  offered: readonly PaymentMethod[];
  paymentId: number | null;
  changeFor: number | null;
  /** The chosen method, when it is one of `offered`. */
  chosenMethod: PaymentMethod | null;
  /** Cash with change asks for the amount first (again, when picked again). */
  onChoose: (method: PaymentMethod) => void;
  /** PIX through the app: chosen at once, no change to ask. */
  onChoosePix: () => void;
  /** The store's own PIX key again, once chosen. */
  onShowPixKey: () => void;
  t: CheckoutT;
}

/**
 * The payment block: the online entries (PIX through the app; card not yet) and the in-person
 * methods, with the change asked for cash. Every entry is one radio group, since the order has one
 * payment. The ref is the block, whose first choice the main action focuses.
 */
export const PaymentBlock = forwardRef<HTMLElement, PaymentBlockProps>(function PaymentBlock(
  { online, offered, paymentId, changeFor, chosenMethod, onChoose, onChoosePix, onShowPixKey, t },
  ref,
) {
  // The whole row is the label (a big touch target); the name is its first line, the hint the rest.
  const ids = { pix: useId(), pixHint: useId(), card: useId(), soon: useId() };
  return (
    <section ref={ref} className="checkout-card" aria-labelledby="checkout-payment-title">
      <h3 id="checkout-payment-title" className="checkout-card-title">
        {t('paymentTitle')}
      </h3>
      {online ? (
        <fieldset className="checkout-payments">
          <legend>{t('paymentOnline')}</legend>
          {online.pix ? (
            <label className="checkout-payment">
              <input
                type="radio"
                name="checkout-payment"
                checked={paymentId === ONLINE_PIX_ID}
                onChange={onChoosePix}
                aria-labelledby={ids.pix}
                aria-describedby={ids.pixHint}
              />
              <span className="checkout-payment-text">
                <span id={ids.pix}>{t('onlinePix')}</span>
                <span id={ids.pixHint} className="checkout-payment-hint">
                  {t('onlinePixHint')}
                </span>
              </span>
            </label>
          ) : null}
          {online.card ? (
            <label className="checkout-payment checkout-payment-disabled">
              <input
                type="radio"
                name="checkout-payment"
                disabled
                aria-labelledby={ids.card}
                aria-describedby={ids.soon}
              />
              <span className="checkout-payment-text">
                <span id={ids.card}>{t('onlineCard')}</span>
                <span id={ids.soon} className="checkout-payment-hint">
                  {t('onlineSoon')}
                </span>
              </span>
            </label>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="checkout-payments">
        <legend>{t('paymentOnDelivery')}</legend>
        {offered.map((method) => (
          <label key={method.id} className="checkout-payment">
            <input
              type="radio"
              name="checkout-payment"
              checked={paymentId === method.id}
              onChange={() => onChoose(method)}
              onClick={() => {
                if (paymentId === method.id && method.permite_troco) onChoose(method);
              }}
            />
            <span>{method.descricao}</span>
          </label>
        ))}
      </fieldset>
      {chosenMethod?.permite_troco ? (
        <div className="checkout-row">
          <p>{changeFor ? t('changeFor', { value: formatBRL(changeFor) }) : t('noChange')}</p>
          <button type="button" className="button button-secondary" onClick={() => onChoose(chosenMethod)}>
            {t('editChange')}
          </button>
        </div>
      ) : null}
      {hasPixKey(chosenMethod) ? (
        <div className="checkout-row">
          <button type="button" className="button button-secondary" onClick={onShowPixKey}>
            {t('pixKeyShow')}
          </button>
        </div>
      ) : null}
    </section>
  );
});
