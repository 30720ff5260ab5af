import { formatBRL, type OrderTotals } from '@comanda/domain';
import type { CheckoutT } from '../checkout-texts.ts';

/**
 * The totals summary as a customer reads it (as in iFood's): the subtotal of the items (each line
 * already shows its flavours and additions), the delivery fee, each discount, the total.
 */
export function TotalsBlock({
  totals,
  delivering,
  t,
}: {
  totals: OrderTotals;
  delivering: boolean;
  t: CheckoutT;
}) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-totals-title">
      <h3 id="checkout-totals-title" className="checkout-card-title">
        {t('totalsTitle')}
      </h3>
      <dl className="checkout-totals">
        <dt>{t('totalSubtotal')}</dt>
        <dd data-testid="checkout-subtotal">{formatBRL(totals.subtotal)}</dd>
        {delivering ? (
          <>
            <dt>{t('totalDelivery')}</dt>
            <dd>{formatBRL(totals.deliveryFee)}</dd>
          </>
        ) : null}
        {totals.couponDiscount > 0 ? (
          <>
            <dt>{t('totalCoupon')}</dt>
            <dd>−{formatBRL(totals.couponDiscount)}</dd>
          </>
        ) : null}
        {totals.loyaltyDiscount > 0 ? (
          <>
            <dt>{t('totalLoyalty')}</dt>
            <dd>−{formatBRL(totals.loyaltyDiscount)}</dd>
          </>
        ) : null}
        <dt className="checkout-total">{t('totalTotal')}</dt>
        <dd className="checkout-total" data-testid="checkout-total">
          {formatBRL(totals.total)}
        </dd>
      </dl>
    </section>
  );
}
