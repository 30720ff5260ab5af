import { formatBRL } from '@comanda/domain';
import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import {
  type CardElement,
  type CardFieldState,
  type CardKitClient,
  type CardKitError,
  cardKitName,
  loadCardKit,
} from '../../../lib/card-kit.ts';
import {
  clearPendingCard,
  markPendingCardPaid,
  type PendingCard,
  readPendingCard,
} from '../../../lib/pending-card.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { cancelPixOrder } from '../api/cancel-pix-order.ts';
import { checkConfirmation } from '../api/check-confirmation.ts';
import { type PaymentT, usePaymentT } from '../payment-texts.ts';
import '../payment.css';

/** After the kit says paid, how long the server gets to hear it from the provider. */
const CONFIRM_TRIES = 20;
const CONFIRM_GAP_MS = 1000;

/**
 * The card route (spec section 2: a path ending in _checkout, bars hidden; section 4 "Card
 * payment"): the provider's own card fields for a new card, or its 3-D Secure challenge for a
 * saved one, for the pending card payment the checkout kept. The kit confirms with the provider;
 * the order is released by the server on the provider's word, then /confirmation shows it.
 */
export default function CardCheckoutScreen() {
  const t = usePaymentT();
  const [pending] = useState(readPendingCard);
  if (!pending || pending.paid) return <Redirect to="/confirmation" replace />;
  return <CardPayment pending={pending} t={t} />;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'kit_error'; detail: string }
  | { kind: 'ready' }
  | { kind: 'paying' }
  | { kind: 'confirming' }
  | { kind: 'canceling' }
  /** The server stopped the payment (expired, canceled): its detail. */
  | { kind: 'stopped'; detail: string }
  | { kind: 'slow' };

/** The provider's refusal in the customer's words; its own message for what we do not know. */
export function cardErrorText(error: CardKitError, t: PaymentT): string {
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds')
    return t('cardNoFunds');
  if (error.code === 'payment_intent_authentication_failure') return t('cardAuthFailed');
  if (error.code === 'expired_card') return t('cardExpired');
  if (error.code === 'incorrect_number') return t('cardIncorrect');
  if (error.code === 'card_declined') return t('cardDeclined');
  return error.message || t('cardDeclined');
}

function CardPayment({ pending, t }: { pending: PendingCard; t: PaymentT }) {
  const [, navigate] = useLocation();
  const { data: company } = useCompany();
  const language = useLanguage();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [fields, setFields] = useState<CardFieldState>({ complete: false, empty: true });
  const [save, setSave] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fieldsHost = useRef<HTMLDivElement>(null);
  const client = useRef<CardKitClient | null>(null);
  const element = useRef<CardElement | null>(null);
  const kit = cardKitName(pending.kit.provider);

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

  const confirmWith = async (run: () => Promise<{ error?: CardKitError }>) => {
    setPayError(null);
    setPhase({ kind: 'paying' });
    const result = await run();
    if (result.error) {
      setPayError(cardErrorText(result.error, t));
      setPhase({ kind: 'ready' });
      return;
    }
    await waitForServer();
  };

  // Spec section 4 "Card SDK load state": loaded here, on demand; a saved card's 3-D Secure starts
  // as soon as the kit is ready. `attempt` loads it again after a failure.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per load attempt
  useEffect(() => {
    let stopped = false;
    setPhase({ kind: 'loading' });
    loadCardKit(pending.kit, language === 'en' ? 'en' : 'pt-BR').then(
      (loaded) => {
        if (stopped) return;
        client.current = loaded;
        setPhase({ kind: 'ready' });
        if (pending.mode === 'authenticate') {
          void confirmWith(() => loaded.confirmCardPayment(pending.clientSecret));
          return;
        }
        // The fields take the page's look: its text, muted and card colours, and its font.
        const page = getComputedStyle(document.documentElement);
        const host = fieldsHost.current ? getComputedStyle(fieldsHost.current) : page;
        const card = loaded.elements().create('card', {
          style: {
            base: {
              color: host.color,
              fontFamily: host.fontFamily,
              backgroundColor: page.getPropertyValue('--surface').trim(),
              '::placeholder': { color: page.getPropertyValue('--muted').trim() },
            },
          },
        });
        card.on('change', (state) => {
          setFields(state);
          if (state.error) setPayError(null);
        });
        if (fieldsHost.current) card.mount(fieldsHost.current);
        element.current = card;
      },
      (error: Error) => {
        if (!stopped) setPhase({ kind: 'kit_error', detail: error.message });
      },
    );
    return () => {
      stopped = true;
      element.current?.destroy();
      element.current = null;
    };
  }, [attempt]);

  const pay = () => {
    const kitClient = client.current;
    const card = element.current;
    if (!kitClient || !card) return;
    void confirmWith(() =>
      kitClient.confirmCardPayment(pending.clientSecret, {
        payment_method: { card },
        ...(save ? { setup_future_usage: 'off_session' as const } : {}),
      }),
    );
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

  const busy =
    phase.kind === 'paying' ||
    phase.kind === 'confirming' ||
    phase.kind === 'canceling' ||
    phase.kind === 'loading';
  const fieldError = fields.error ? cardErrorText(fields.error, t) : null;
  const payDisabled = busy || phase.kind !== 'ready' || fields.empty || !fields.complete || !!fields.error;

  return (
    <section className="pix" aria-labelledby="card-checkout-title" aria-busy={busy}>
      <div className="pix-head">
        <h1 id="card-checkout-title" className="pix-title">
          {pending.mode === 'authenticate' ? t('cardAuthTitle') : t('cardTitle')}
        </h1>
        <p className="pix-amount">{formatBRL(pending.amount)}</p>
        <p className="pix-order">
          {t('pixOrder', { id: pending.orderId })}
          {company ? ` · ${company.nome}` : ''}
        </p>
      </div>

      {phase.kind === 'kit_error' ? (
        <div className="pix-card card-kit-error" role="alert">
          <p>{t('cardKitError', { kit })}</p>
          <p className="card-muted">{t('cardKitDetails', { detail: phase.detail })}</p>
          <button type="button" className="button button-secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('cardTryAgain')}
          </button>
        </div>
      ) : pending.mode === 'authenticate' ? (
        <div className="pix-card">
          <p className="card-auth-text">{t('cardAuthText', { last4: pending.last4 ?? '' })}</p>
          {payError ? (
            <>
              <p className="card-error" role="alert">
                {payError}
              </p>
              <button
                type="button"
                className="button button-primary card-pay"
                disabled={!client.current || busy}
                onClick={() => {
                  const kitClient = client.current;
                  if (kitClient) void confirmWith(() => kitClient.confirmCardPayment(pending.clientSecret));
                }}
              >
                {t('cardTryAgain')}
              </button>
            </>
          ) : null}
        </div>
      ) : (
        <form
          className="pix-card card-form"
          aria-labelledby="card-fields-title"
          onSubmit={(event) => {
            event.preventDefault();
            if (!payDisabled) pay();
          }}
        >
          <h2 id="card-fields-title" className="pix-card-title">
            {t('cardFieldsTitle')}
          </h2>
          <div ref={fieldsHost} className="card-fields" />
          {fieldError || payError ? (
            <p className="card-error" role="alert">
              {fieldError ?? payError}
            </p>
          ) : null}
          <label className="card-save">
            <input
              type="checkbox"
              checked={save}
              disabled={busy}
              onChange={(event) => setSave(event.target.checked)}
            />
            <span>{t('cardSave')}</span>
          </label>
          <p className="card-muted">{t('cardSecure', { kit })}</p>
          <button type="submit" className="button button-primary card-pay" disabled={payDisabled}>
            {phase.kind === 'paying' ? t('cardPaying') : t('cardPay', { value: formatBRL(pending.amount) })}
          </button>
        </form>
      )}

      {phase.kind === 'loading' || phase.kind === 'paying' || phase.kind === 'confirming' ? (
        <p role="status" className="pix-waiting">
          <span className="pix-spinner" aria-hidden="true" />
          {phase.kind === 'loading'
            ? t('cardLoading')
            : phase.kind === 'paying'
              ? t('cardPaying')
              : t('cardConfirming')}
        </p>
      ) : null}

      <div className="pix-leave">
        <button
          type="button"
          className="button button-secondary pix-abandon"
          disabled={phase.kind === 'paying' || phase.kind === 'confirming' || phase.kind === 'canceling'}
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
