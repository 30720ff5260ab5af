import { type CheckoutAction, type CheckoutMainAction, formatBRL } from '@comanda/domain';
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
  total,
  onAct,
  t,
}: {
  main: CheckoutMainAction;
  /** The order total in centavos, shown on 'Confirmar pedido' (what the tap commits to). */
  total: number;
  onAct: (action: CheckoutAction) => void;
  t: CheckoutT;
}) {
  const label = t(ACTION_LABEL[main.action]);
  return (
    <div className="checkout-bar">
      <button
        type="button"
        className="button button-primary checkout-main"
        disabled={main.disabled}
        onClick={() => onAct(main.action)}
      >
        {main.action === 'confirm' ? t('actionWithTotal', { action: label, total: formatBRL(total) }) : label}
      </button>
    </div>
  );
}
