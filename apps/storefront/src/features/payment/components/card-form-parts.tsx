import { formatBRL } from '@comanda/domain';
import { cardKitName } from '../../../lib/card-kit.ts';
import type { PendingCard } from '../../../lib/pending-card.ts';
import type { PaymentT } from '../payment-texts.ts';

/** What the card route gives each provider's form. */
export interface CardFormProps {
  pending: PendingCard;
  /** The route is confirming with the server or leaving: nothing more to do here. */
  busy: boolean;
  /** The form is talking to the provider: the route's cancel waits. */
  onWorking: (working: boolean) => void;
  /** The provider took the payment: the route waits for the server to have it. */
  onSubmitted: () => void;
  t: PaymentT;
}

/** 'Save this card' (spec section 4 "Card payment"). */
export function SaveCardChoice({
  checked,
  disabled,
  onChange,
  t,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  t: PaymentT;
}) {
  return (
    <label className="card-save">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{t('cardSave')}</span>
    </label>
  );
}

/** Who takes the card, then Pay (spec section 5 "Card entry": disabled while it cannot pay). */
export function PayWithCard({
  pending,
  paying,
  disabled,
  t,
}: {
  pending: PendingCard;
  paying: boolean;
  disabled: boolean;
  t: PaymentT;
}) {
  return (
    <>
      <p className="card-muted">{t('cardSecure', { kit: cardKitName(pending.kit.provider) })}</p>
      <button type="submit" className="button button-primary card-pay" disabled={disabled}>
        {paying ? t('cardPaying') : t('cardPay', { value: formatBRL(pending.amount) })}
      </button>
    </>
  );
}

/** The line under the form while the kit loads or pays. */
export function CardStatus({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="status" className="pix-waiting">
      <span className="pix-spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
