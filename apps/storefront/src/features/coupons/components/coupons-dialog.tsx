import { formatBRL } from '@comanda/domain';
import { useId, useState } from 'react';
import { CopyValue } from '../../../components/copy-value.tsx';
import { rememberCoupon } from '../../../lib/coupon-param.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import { useAvailableCoupons } from '../api/available-coupons.ts';
import { useCouponsT } from '../coupons-texts.ts';
import '../coupons.css';

/**
 * The coupon-copy dialog (spec section 2, the top bar's 'available coupons'): each coupon with its
 * description, its code to copy, and 'Usar no pedido', which keeps it as a coupon link does so the
 * checkout applies it.
 */
export default function CouponsDialog({ onClose }: { onClose: () => void }) {
  const t = useCouponsT();
  const titleId = useId();
  const coupons = useAvailableCoupons();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="coupons-dialog">
      <h2 id={titleId} className="coupons-title">
        {t('couponsTitle')}
      </h2>
      <p className="coupons-intro">{t('couponsIntro')}</p>
      <ul className="coupons-list">
        {coupons.map((coupon) => (
          <li key={coupon.id} className="coupons-item">
            <p className="coupons-description">{coupon.descricao}</p>
            {coupon.valor_minimo > 0 ? (
              <p className="coupons-minimum">
                {t('couponMinimum', { minimum: formatBRL(coupon.valor_minimo) })}
              </p>
            ) : null}
            <CopyValue
              value={coupon.codigo}
              texts={{
                label: t('couponCodeOf'),
                copy: t('couponCopy'),
                copied: t('couponCopied'),
                copiedNotice: t('couponCopiedNotice'),
                failedNotice: t('couponCopyFailed'),
              }}
            />
            <button
              type="button"
              className="button button-secondary coupons-use"
              aria-pressed={saved === coupon.codigo}
              onClick={() => {
                rememberCoupon(coupon.codigo);
                setSaved(coupon.codigo);
              }}
            >
              {t('couponUse')}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="coupons-saved">
        {saved ? t('couponSaved', { code: saved }) : ''}
      </p>
      <div className="coupons-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('couponsClose')}
        </button>
      </div>
    </Dialog>
  );
}
