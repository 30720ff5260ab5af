import type { PaymentMethod, SavedCard } from '@comanda/contract';
import {
  type DeliveryType,
  formatBRL,
  ONLINE_CARD_ID,
  ONLINE_PIX_ID,
  paymentMethodName,
  paymentNameInLanguage,
} from '@comanda/domain';
import { forwardRef, useId } from 'react';
import { CardBrandMark } from '../../../components/card-brand-mark.tsx';
import { cardBrandName } from '../../../lib/card-brand.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import type { CheckoutT } from '../checkout-texts.ts';
import { PaymentMethodIcon, paymentIconKind } from './payment-method-icon.tsx';
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
  /** The customer's saved cards (shown when the store takes cards online). */
  savedCards: readonly SavedCard[];
  /** The saved card chosen (paymentId is the online card entry); null for a new card. */
  cardId: number | null;
  /** Card through the app: a new one (null) or a saved one. */
  onChooseCard: (cardId: number | null) => void;
  /** The store's own PIX key again, once chosen. */
  onShowPixKey: () => void;
  /** In-person payment is worded for it: 'na entrega', 'na retirada', 'no local'. */
  deliveryType: DeliveryType;
  t: CheckoutT;
}

const IN_PERSON_LEGEND = {
  Entregar: 'paymentOnDelivery',
  Retirada: 'paymentOnPickup',
  'Vem comer': 'paymentOnSite',
} as const;

/** A saved card as the customer reads it: 'Visa final 4242' (spec section 3: masked but the last 4). */
export function savedCardLabel(card: Pick<SavedCard, 'brand' | 'ultimos4'>, t: CheckoutT): string {
  return t('savedCardLabel', { brand: cardBrandName(card.brand, t('brandOther')), last4: card.ultimos4 });
}

/**
 * The payment block: the online entries (PIX, a new card, each saved card) and the in-person
 * methods, with the change asked for cash. Every entry is one radio group, since the order has one
 * payment. The ref is the block, whose first choice the main action focuses.
 */
export const PaymentBlock = forwardRef<HTMLElement, PaymentBlockProps>(function PaymentBlock(
  {
    online,
    offered,
    paymentId,
    changeFor,
    chosenMethod,
    onChoose,
    onChoosePix,
    savedCards,
    cardId,
    onChooseCard,
    onShowPixKey,
    deliveryType,
    t,
  },
  ref,
) {
  // The whole row is the label (a big touch target); the name is its first line, the hint the rest.
  const ids = { pix: useId(), pixHint: useId(), card: useId(), cardHint: useId(), saved: useId() };
  const cardChosen = paymentId === ONLINE_CARD_ID;
  const language = useLanguage();
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
              <PaymentMethodIcon kind="pix" />
              <span className="checkout-payment-text">
                <span id={ids.pix}>{t('onlinePix')}</span>
                <span id={ids.pixHint} className="checkout-payment-hint">
                  {t('onlinePixHint')}
                </span>
              </span>
            </label>
          ) : null}
          {online.card
            ? savedCards.map((card) => (
                <label key={card.id} className="checkout-payment">
                  <input
                    type="radio"
                    name="checkout-payment"
                    checked={cardChosen && cardId === card.id}
                    onChange={() => onChooseCard(card.id)}
                    aria-labelledby={`${ids.saved}-${card.id}`}
                    aria-describedby={`${ids.saved}-${card.id}-hint`}
                  />
                  <CardBrandMark brand={card.brand} />
                  <span className="checkout-payment-text">
                    <span id={`${ids.saved}-${card.id}`}>{savedCardLabel(card, t)}</span>
                    <span id={`${ids.saved}-${card.id}-hint`} className="checkout-payment-hint">
                      {t('savedCardHint')}
                    </span>
                  </span>
                </label>
              ))
            : null}
          {online.card ? (
            <label className="checkout-payment">
              <input
                type="radio"
                name="checkout-payment"
                checked={cardChosen && cardId === null}
                onChange={() => onChooseCard(null)}
                aria-labelledby={ids.card}
                aria-describedby={ids.cardHint}
              />
              <PaymentMethodIcon kind="card-online" />
              <span className="checkout-payment-text">
                <span id={ids.card}>{t('onlineCard')}</span>
                <span id={ids.cardHint} className="checkout-payment-hint">
                  {t('onlineCardHint')}
                </span>
              </span>
            </label>
          ) : null}
        </fieldset>
      ) : null}
      {offered.length > 0 ? (
        <fieldset className="checkout-payments">
          <legend>{t(IN_PERSON_LEGEND[deliveryType])}</legend>
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
              <PaymentMethodIcon kind={paymentIconKind(method)} />
              <span>
                {paymentNameInLanguage(paymentMethodName(method.descricao, deliveryType), language)}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
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
