import type { LoyaltyProgram } from '@comanda/contract';
import { type CheckoutT, rewardText } from '../checkout-texts.ts';
import { CheckoutLine } from './checkout-line.tsx';

/** The loyalty row: the customer's points and the reward, its rules, and using it or not. */
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
    <CheckoutLine
      id="checkout-loyalty-title"
      title={t('loyaltyTitle')}
      summary={
        <>
          <p>
            {points >= program.pontos_recompensa
              ? t('loyaltyPointsReached', { points })
              : t('loyaltyPointsShort', { points, needed: program.pontos_recompensa })}
          </p>
          {pendingPoints > 0 ? <p>{t('loyaltyPending', { points: pendingPoints })}</p> : null}
          <p>{rewardText(program, t)}</p>
          {inUse ? (
            <p role="status" className="checkout-strong">
              {t('loyaltyInUse')}
            </p>
          ) : null}
        </>
      }
    >
      <button type="button" className="link-button checkout-line-link" onClick={onTerms}>
        {t('loyaltyTerms')}
      </button>
      {inUse ? (
        <button type="button" className="button button-secondary button-small" onClick={onRemove}>
          {t('loyaltyRemove')}
        </button>
      ) : (
        <button type="button" className="button button-secondary button-small" onClick={onUse}>
          {t('loyaltyUse')}
        </button>
      )}
    </CheckoutLine>
  );
}
