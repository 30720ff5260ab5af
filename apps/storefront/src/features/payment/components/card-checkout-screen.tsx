import { formatBRL } from '@comanda/domain';
import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { CardStatus } from '../../../components/card-fields/card-form-parts.tsx';
import { MercadoPagoCardForm } from '../../../components/card-fields/mercadopago-card-form.tsx';
import { StripeCardForm } from '../../../components/card-fields/stripe-card-form.tsx';
import {
  clearPendingCard,
  markPendingCardPaid,
  type PendingCard,
  readPendingCard,
} from '../../../lib/pending-card.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { cancelPixOrder } from '../api/cancel-pix-order.ts';
import { checkConfirmation } from '../api/check-confirmation.ts';
import { payCardToken } from '../api/pay-card-token.ts';
import { type PaymentT, usePaymentT } from '../payment-texts.ts';
import '../payment.css';

/** After the kit says paid, how long the server gets to hear it from the provider. */
const CONFIRM_TRIES = 20;
const CONFIRM_GAP_MS = 1000;

/**
 * The card route (spec section 2: a path ending in _checkout, bars hidden; section 4 "Card
 * payment"): the provider's own card fields (Stripe's or Mercado Pago's kit), or a saved card's
 * step with its provider, for the pending card payment the checkout kept. The order is released by
 * the server on the provider's word; once it has it, /confirmation shows the order.
 */
export default function CardCheckoutScreen() {
  const t = usePaymentT();
  const [pending] = useState(readPendingCard);
  if (!pending || pending.paid) return <Redirect to="/confirmation" replace />;
  return <CardPayment pending={pending} t={t} />;
}

type Phase =
  | { kind: 'form' }
  | { kind: 'confirming' }
  | { kind: 'canceling' }
  /** The server stopped the payment (expired, canceled, a failed challenge): its detail. */
  | { kind: 'stopped'; detail: string }
  | { kind: 'slow' };

function CardPayment({ pending, t }: { pending: PendingCard; t: PaymentT }) {
  const [, navigate] = useLocation();
  const { data: company } = useCompany();
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [working, setWorking] = useState(false);

  const waitForServer = async () => {
    setPhase({ kind: 'confirming' });
    for (let tries = 0; tries < CONFIRM_TRIES; tries++) {
      const reply = await checkConfirmation(pending.intentId);
      if (reply?.data.status === 'paid') {
        markPendingCardPaid();
        navigate('/confirmation');
        return;
      }
      if (reply && !reply.data.polling) {
        clearPendingCard();
        setPhase({ kind: 'stopped', detail: reply.detail });
        return;
      }
      await new Promise((resolve) => window.setTimeout(resolve, CONFIRM_GAP_MS));
    }
    setPhase({ kind: 'slow' });
  };

  // Spec section 4: cancelling card checkout returns to /confirmation (the cart stays).
  const cancel = async () => {
    setPhase({ kind: 'canceling' });
    const outcome = await cancelPixOrder(pending.intentId);
    if (outcome === 'already_paid') {
      markPendingCardPaid();
    } else {
      clearPendingCard();
    }
    navigate('/confirmation');
  };

  const busy = phase.kind !== 'form';
  const formProps = {
    attempt: pending,
    canSave: true,
    busy,
    onWorking: setWorking,
    onSubmitted: () => void waitForServer(),
  };
  const title = pending.mode === 'authenticate' ? t('cardAuthTitle') : t('cardTitle');
  return (
    <section className="pix" aria-labelledby="card-checkout-title" aria-busy={busy || working}>
      <div className="pix-head">
        <h1 id="card-checkout-title" className="pix-title">
          {title}
        </h1>
        <p className="pix-amount">{formatBRL(pending.amount)}</p>
        {/* No order number yet: the order gets the store's number once paid (docs/decisions/0065). */}
        {company ? <p className="pix-order">{company.nome}</p> : null}
      </div>

      {pending.kit.provider === 'mercadopago' ? (
        <MercadoPagoCardForm
          {...formProps}
          payToken={(payment) => payCardToken({ intent_id: pending.intentId, ...payment })}
        />
      ) : (
        <StripeCardForm {...formProps} />
      )}
      <CardStatus text={phase.kind === 'confirming' ? t('cardConfirming') : null} />

      <div className="pix-leave">
        <button
          type="button"
          className="button button-secondary pix-abandon"
          disabled={working || phase.kind === 'confirming' || phase.kind === 'canceling'}
          onClick={() => void cancel()}
        >
          {phase.kind === 'canceling' ? t('cardCanceling') : t('cardCancel')}
        </button>
      </div>

      {phase.kind === 'stopped' ? (
        <AlertDialog
          title={t('stoppedTitle')}
          message={phase.detail}
          buttonLabel={t('backToCheckout')}
          onClose={() => navigate('/confirmation')}
        />
      ) : null}
      {phase.kind === 'slow' ? (
        <AlertDialog
          title={t('cardSlowTitle')}
          message={t('cardSlowText')}
          buttonLabel={t('backToMenu')}
          onClose={() => {
            clearPendingCard();
            navigate('/');
          }}
        />
      ) : null}
    </section>
  );
}
