import type { LoyaltyProgram } from '@comanda/contract';
import { type CheckoutT, rewardText } from '../checkout-texts.ts';

/** The loyalty card: the customer's points, the reward, its rules, and using it or not. */
export function LoyaltyBlock({
  program,
  points,
  pendingPoints,
  inUse,
  onTerms,
  onUse,
  onRemove,
  t,
}: {
  program: LoyaltyProgram;
  points: number;
  /** Points of orders not delivered yet: shown apart, they cannot be spent until then. */
  pendingPoints: number;
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
      {pendingPoints > 0 ? <p>{t('loyaltyPending', { points: pendingPoints })}</p> : null}
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
