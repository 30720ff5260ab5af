import { formatBRL } from '@comanda/domain';
import { type CardKit, cardKitName } from '../../lib/card-kit.ts';
import type { CardT } from './card-texts.ts';

/** A card payment the provider's kit takes: the card route's order, or a share of a table's tab. */
export interface CardAttempt {
  kit: CardKit;
  /** Centavos (the server's figure). */
  amount: number;
  /** What Stripe's kit confirms (or authenticates) with; null for Mercado Pago's token flow. */
  clientSecret: string | null;
  /**
   * new: the card fields; authenticate: a saved card whose bank asks for 3-D Secure (Stripe);
   * saved: a saved card paid with a token from it and its security code (Mercado Pago).
   */
  mode: 'new' | 'authenticate' | 'saved';
  /** The saved card's id at the provider (saved). */
  methodId: string | null;
  /** The saved card's last 4 digits (authenticate, saved). */
  last4: string | null;
}

/** What a page gives each provider's form. */
export interface CardFormProps {
  attempt: CardAttempt;
  /** 'Salvar este cartão' is offered (a customer's account keeps cards; a table's guest has none). */
  canSave: boolean;
  /** The page is confirming with the server or leaving: nothing more to do here. */
  busy: boolean;
  /** The form is talking to the provider: the page's other actions wait. */
  onWorking: (working: boolean) => void;
  /** The provider took the payment: the page waits for the server to have it. */
  onSubmitted: () => void;
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
  t: CardT;
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
  attempt,
  paying,
  disabled,
  t,
}: {
  attempt: CardAttempt;
  paying: boolean;
  disabled: boolean;
  t: CardT;
}) {
  return (
    <>
      <p className="card-muted">{t('cardSecure', { kit: cardKitName(attempt.kit.provider) })}</p>
      <button type="submit" className="button button-primary card-pay" disabled={disabled}>
        {paying ? t('cardPaying') : t('cardPay', { value: formatBRL(attempt.amount) })}
      </button>
    </>
  );
}

/** The line under the form while the kit loads or pays, or the page confirms. */
export function CardStatus({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="status" className="card-status">
      <span className="card-spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
