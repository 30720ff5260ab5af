import type { PaymentMethod } from '@comanda/contract';
import { formatBRL, ONLINE_CARD_ID, ONLINE_PIX_ID } from '@comanda/domain';
import { forwardRef } from 'react';
import type { CheckoutT } from '../checkout-texts.ts';

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
  t: CheckoutT;
}

/**
 * The payment block: the online entries (not yet payable here) and the in-person methods, with
 * the change asked for cash. The ref is the in-person fieldset, focused by the main action.
 */
export const PaymentBlock = forwardRef<HTMLFieldSetElement, PaymentBlockProps>(function PaymentBlock(
  { online, offered, paymentId, changeFor, chosenMethod, onChoose, t },
  ref,
) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-payment-title">
      <h3 id="checkout-payment-title" className="checkout-card-title">
        {t('paymentTitle')}
      </h3>
      {online ? (
        <fieldset className="checkout-payments">
          <legend>{t('paymentOnline')}</legend>
          {[
            { id: ONLINE_PIX_ID, label: t('onlinePix'), shown: online.pix },
            { id: ONLINE_CARD_ID, label: t('onlineCard'), shown: online.card },
          ]
            .filter((entry) => entry.shown)
            .map((entry) => (
              <label key={entry.id} className="checkout-payment checkout-payment-disabled">
                <input type="radio" name="checkout-online" disabled aria-describedby="checkout-soon" />
                <span>{entry.label}</span>
              </label>
            ))}
          <p id="checkout-soon" className="field-hint">
            {t('onlineSoon')}
          </p>
        </fieldset>
      ) : null}
      <fieldset className="checkout-payments" ref={ref}>
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
    </section>
  );
});
