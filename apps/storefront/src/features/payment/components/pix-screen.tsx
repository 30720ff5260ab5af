import type { CheckConfirmationReply } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { useEffect, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { PixCodeCard, PixWaiting } from '../../../components/pix/pix-code-card.tsx';
import { PixCountdown } from '../../../components/pix/pix-countdown.tsx';
import { useSecondsLeft } from '../../../components/pix/use-seconds-left.ts';
import { CART_KEY, saveCart } from '../../../lib/cart-store.ts';
import {
  clearPendingPix,
  markPendingPixPaid,
  type PendingPix,
  readPendingPix,
} from '../../../lib/pending-pix.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { removeStorage } from '../../../lib/storage.ts';
import { cancelPixOrder } from '../api/cancel-pix-order.ts';
import { usePixPoll } from '../hooks/use-pix-poll.ts';
import { type PaymentT, usePaymentT } from '../payment-texts.ts';
import { AbandonDialog } from './abandon-dialog.tsx';
import '../payment.css';

/**
 * /pix_checkout (spec section 2 "PIX screen", section 4 "PIX"): the QR code, the copy key and the
 * countdown of the pending intent the checkout kept, while the payment is polled. Without one there
 * is nothing to pay here: back to the checkout.
 */
export default function PixScreen() {
  const t = usePaymentT();
  // Read once: clearing it when the attempt ends must not unmount the screen under its dialog.
  const [pending] = useState(readPendingPix);
  if (!pending) return <Redirect to="/confirmation" replace />;
  if (pending.paid) return <Redirect to="/confirmation" replace />;
  return <PixPayment pending={pending} t={t} />;
}

type Phase =
  | { kind: 'waiting' }
  | { kind: 'abandon'; busy: boolean }
  /** Spec section 4: the code's time ran out. */
  | { kind: 'expired' }
  /** The server stopped the poll without a payment (expired, canceled, failed): its detail. */
  | { kind: 'stopped'; detail: string };

function PixPayment({ pending, t }: { pending: PendingPix; t: PaymentT }) {
  const [, navigate] = useLocation();
  const { data: company } = useCompany();
  const secondsLeft = useSecondsLeft(pending.expiresAt);
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting' });
  const ended = phase.kind === 'expired' || phase.kind === 'stopped';

  const paid = () => {
    markPendingPixPaid();
    navigate('/confirmation');
  };
  const leaveHome = () => {
    navigate('/');
    saveCart([]);
  };

  // Spec section 4 "PIX": at zero (also when a reload finds it past its time) the pending state and
  // the cart go. The saved cart is forgotten now; the one in memory stays until the customer leaves
  // the dialog, since an empty cart sends /pix_checkout away before it could be read.
  useEffect(() => {
    if (secondsLeft > 0 || ended) return;
    clearPendingPix();
    removeStorage(CART_KEY);
    setPhase({ kind: 'expired' });
  }, [secondsLeft, ended]);

  const busy = phase.kind === 'abandon' && phase.busy;
  usePixPoll(pending.intentId, !ended && !busy, (reply: CheckConfirmationReply) => {
    if (reply.data.status === 'paid') return paid();
    clearPendingPix();
    setPhase({ kind: 'stopped', detail: reply.detail });
  });

  const abandon = async () => {
    setPhase({ kind: 'abandon', busy: true });
    const outcome = await cancelPixOrder(pending.intentId);
    if (outcome === 'already_paid') return paid();
    // Canceled, or not reachable now: the server expires an unpaid charge by itself.
    clearPendingPix();
    leaveHome();
  };

  return (
    <section className="pix" aria-labelledby="pix-title">
      <div className="pix-head">
        <h1 id="pix-title" className="pix-title">
          {t('pixTitle')}
        </h1>
        <p className="pix-amount">{formatBRL(pending.amount)}</p>
        {/* No order number yet: the order gets the store's number once paid (docs/decisions/0065). */}
        {company ? <p className="pix-order">{company.nome}</p> : null}
      </div>

      <PixCountdown secondsLeft={secondsLeft} expiresAt={pending.expiresAt} t={t} />

      {ended ? null : (
        // A code past its time or stopped by the server can no longer be paid: only the dialog stays.
        <>
          <PixCodeCard
            copyCode={pending.copyCode}
            qrImage={pending.qrImage}
            t={t}
            qrTexts={{ alt: t('pixQrAlt'), hint: t('pixQrHint') }}
          />

          <section className="pix-card" aria-labelledby="pix-steps-title">
            <h2 id="pix-steps-title" className="pix-card-title">
              {t('pixStepsTitle')}
            </h2>
            <ol className="pix-steps">
              <li>{t('pixStep1')}</li>
              <li>{t('pixStep2')}</li>
              <li>{t('pixStep3')}</li>
            </ol>
          </section>

          <PixWaiting text={t('pixWaiting')} />

          <div className="pix-leave">
            <button
              type="button"
              className="button button-secondary pix-abandon"
              onClick={() => setPhase({ kind: 'abandon', busy: false })}
            >
              {t('pixAbandon')}
            </button>
          </div>
        </>
      )}

      {phase.kind === 'abandon' ? (
        <AbandonDialog
          busy={phase.busy}
          onConfirm={() => void abandon()}
          onClose={() => setPhase({ kind: 'waiting' })}
          t={t}
        />
      ) : null}
      {phase.kind === 'expired' ? (
        <AlertDialog
          title={t('expiredTitle')}
          message={t('expiredText')}
          buttonLabel={t('backToMenu')}
          onClose={leaveHome}
        />
      ) : null}
      {phase.kind === 'stopped' ? (
        <AlertDialog
          title={t('stoppedTitle')}
          message={phase.detail}
          buttonLabel={t('backToCheckout')}
          onClose={() => navigate('/confirmation')}
        />
      ) : null}
    </section>
  );
}
