import type { ValidatedCoupon } from '@comanda/contract';
import type { CheckoutT } from '../checkout-texts.ts';

/** The coupon card: the applied coupon and how to remove it, or how to add one. */
export function CouponBlock({
  coupon,
  onAdd,
  onRemove,
  t,
}: {
  coupon: ValidatedCoupon | null;
  onAdd: () => void;
  onRemove: () => void;
  t: CheckoutT;
}) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-coupon-title">
      <h3 id="checkout-coupon-title" className="checkout-card-title">
        {t('couponTitle')}
      </h3>
      {coupon ? (
        <>
          <p role="status">{t('couponApplied', { code: coupon.codigo })}</p>
          <p>{coupon.descricao}</p>
          <button type="button" className="button button-secondary" onClick={onRemove}>
            {t('couponRemove')}
          </button>
        </>
      ) : (
        <button type="button" className="button button-secondary" onClick={onAdd}>
          {t('couponAdd')}
        </button>
      )}
    </section>
  );
}
