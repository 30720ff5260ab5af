import type { LoyaltyProgram } from '@comanda/contract';
import { useId } from 'react';
import { Dialog } from '../../../shared/dialog.tsx';
import { type CheckoutT, rewardText } from '../checkout-texts.ts';

interface DialogProps {
  onClose: () => void;
  t: CheckoutT;
}

/** The loyalty terms, full screen. */
export function LoyaltyTermsDialog({ program, onClose, t }: DialogProps & { program: LoyaltyProgram }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="checkout-dialog checkout-dialog-full">
      <h2 id={titleId} className="checkout-dialog-title">
        {t('loyaltyTermsTitle')}
      </h2>
      <p className="checkout-terms">{program.descricao}</p>
      <p>{rewardText(program, t)}</p>
      <div className="checkout-dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
