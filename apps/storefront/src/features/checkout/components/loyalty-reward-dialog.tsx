import type { LoyaltyProgram } from '@comanda/contract';
import type { LoyaltyVerdict } from '@comanda/domain';
import { useId } from 'react';
import { Dialog } from '../../../shared/dialog.tsx';
import { type CheckoutT, LOYALTY_REASON_TEXT, rewardText } from '../checkout-texts.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** The loyalty reward dialog, per loyaltyEligibility. */
export function LoyaltyRewardDialog({
  program,
  verdict,
  onUse,
  onClose,
  t,
}: DialogProps & { program: LoyaltyProgram; verdict: LoyaltyVerdict; onUse: () => void }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('loyaltyDialogTitle')}
      </h2>
      <p>{rewardText(program, t)}</p>
      {verdict.usable ? null : <p role="alert">{t(LOYALTY_REASON_TEXT[verdict.reason])}</p>}
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('cancel')}
        </button>
        {verdict.usable ? (
          <button type="button" className="button button-primary" onClick={onUse}>
            {t('loyaltyConfirm')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
