import type { LoyaltyProgram } from '@comanda/contract';
import { type CheckoutT, rewardText } from '../checkout-texts.ts';

/** The loyalty card: the customer's points, the reward, its rules, and using it or not. */
export function LoyaltyBlock({
  program,
  points,
  inUse,
  onTerms,
  onUse,
  onRemove,
  t,
}: {
  program: LoyaltyProgram;
  points: number;
  /** The reward is applied to this order. */
  inUse: boolean;
  onTerms: () => void;
  onUse: () => void;
  onRemove: () => void;
  t: CheckoutT;
}) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-loyalty-title">
      <h3 id="checkout-loyalty-title" className="checkout-card-title">
        {t('loyaltyTitle')}
      </h3>
      <p>{t('loyaltyPoints', { points, needed: program.pontos_recompensa })}</p>
      <p>{rewardText(program, t)}</p>
      {inUse ? <p role="status">{t('loyaltyInUse')}</p> : null}
      <div className="checkout-row">
        <button type="button" className="button button-secondary" onClick={onTerms}>
          {t('loyaltyTerms')}
        </button>
        {inUse ? (
          <button type="button" className="button button-secondary" onClick={onRemove}>
            {t('loyaltyRemove')}
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={onUse}>
            {t('loyaltyUse')}
          </button>
        )}
      </div>
    </section>
  );
}
