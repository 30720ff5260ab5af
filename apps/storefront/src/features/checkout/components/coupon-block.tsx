import type { ValidatedCoupon } from '@comanda/contract';
import type { CheckoutT } from '../checkout-texts.ts';
import { CheckoutLine } from './checkout-line.tsx';

/** The coupon row: the applied coupon and how to remove it, or how to add one. */
export function CouponBlock({
  coupon,
  notice,
  onAdd,
  onRemove,
  t,
}: {
  coupon: ValidatedCoupon | null;
  /** What happened to a coupon from a link ('Cupom X do link aplicado', or why not). */
  notice: string | null;
  onAdd: () => void;
  onRemove: () => void;
  t: CheckoutT;
}) {
  return (
    <CheckoutLine
      id="checkout-coupon-title"
      title={t('couponTitle')}
      summary={
        <>
          {coupon ? (
            <>
              <p role="status" className="checkout-strong">
                {t('couponApplied', { code: coupon.codigo })}
              </p>
              <p>{coupon.descricao}</p>
            </>
          ) : null}
          {notice && !coupon ? (
            <p role="status" className="checkout-note-warning">
              {notice}
            </p>
          ) : null}
        </>
      }
    >
      {coupon ? (
        <button type="button" className="button button-secondary button-small" onClick={onRemove}>
          {t('couponRemove')}
        </button>
      ) : (
        <button type="button" className="button button-secondary button-small" onClick={onAdd}>
          {t('couponAdd')}
        </button>
      )}
    </CheckoutLine>
  );
}
