import type { CheckoutAction, CheckoutMainAction } from '@comanda/domain';
import type { CheckoutT } from '../checkout-texts.ts';

const ACTION_LABEL = {
  closed: 'actionClosed',
  pick_address: 'actionPickAddress',
  set_schedule: 'actionSetSchedule',
  inform_document: 'actionInformDocument',
  confirm: 'actionConfirm',
  no_payment: 'actionNoPayment',
} as const satisfies Record<CheckoutAction, string>;

/** The main button of spec section 2 "Checkout", fixed at the bottom: label and state from the quote. */
export function MainAction({
  main,
  onAct,
  t,
}: {
  main: CheckoutMainAction;
  onAct: (action: CheckoutAction) => void;
  t: CheckoutT;
}) {
  return (
    <div className="checkout-bar">
      <button
        type="button"
        className="button button-primary checkout-main"
        disabled={main.disabled}
        onClick={() => onAct(main.action)}
      >
        {t(ACTION_LABEL[main.action])}
      </button>
    </div>
  );
}
