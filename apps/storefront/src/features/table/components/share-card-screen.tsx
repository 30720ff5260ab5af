import type { TabShareCardReply, TabShareShape } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type CardAttempt, CardStatus } from '../../../components/card-fields/card-form-parts.tsx';
import {
  type CardTokenPayment,
  MercadoPagoCardForm,
  type PayCardTokenOutcome,
} from '../../../components/card-fields/mercadopago-card-form.tsx';
import { StripeCardForm } from '../../../components/card-fields/stripe-card-form.tsx';
import { ConnectionError } from '../../../components/connection-error.tsx';
import { PaymentReceived } from '../../../components/pix/pix-code-card.tsx';
import { type TableVisit, useTableState } from '../../../lib/guest-table.ts';
import { TAB_PATH } from '../../../lib/source.ts';
import { openShareCard, payShareCardToken, readShareCard, type ShareCardOutcome } from '../api/share-card.ts';
import {
  cardAttemptOf,
  SHARE_CARD_CONFIRM_MS,
  SHARE_CARD_CONFIRM_TRIES,
  shareCardFailureText,
  stoppedCardText,
} from '../model/share-card.ts';
import { type TableT, useTableT } from '../table-texts.ts';
import '../table.css';

/** Back to the tab as a page load of its own: the kit's policy and scripts stay behind. */
function backToTab() {
  window.location.replace(TAB_PATH);
}

export interface ShareCardScreenProps {
  params: Record<string, string | undefined>;
}

/**
 * /mesa/cartao/{share}: a guest pays one share of the closing tab by card in the app (docs/decisions/
 * 0035). A page of its own, because its content security policy lets the card provider's kit in
 * (the tab at /mesa never runs with it), and not a modal dialog, because the providers' 3-D Secure
 * frame opens over the page and a modal would leave it unreachable. The share's amount is the
 * server's; the card goes to the provider's own fields; the share is paid when the provider says so.
 */
export default function ShareCardScreen({ params }: ShareCardScreenProps) {
  const t = useTableT();
  const shareId = Number(params.share);
  const { state, guest } = useTableState();
  const tab = state.status === 'found' ? (state.reply?.tab ?? null) : null;
  const share = tab?.partes.find((candidate) => candidate.id === shareId) ?? null;
  // The share as it was when its payment began: the refreshed tab saying it is paid (or gone, once
  // the last share closed the tab) changes nothing on this page.
  const paying = useRef<TabShareShape | null>(null);
  if (!paying.current && share && tab?.status === 'closing' && !share.pago_em) paying.current = share;

  let body: ReactNode;
  if (paying.current && guest.visit) {
    return (
      <ShareCardPayment visit={guest.visit} share={paying.current} onPaid={() => void guest.mutate()} t={t} />
    );
  }
  if (state.status === 'loading') {
    body = (
      <p className="tab-message" aria-busy="true">
        {t('loadingTab')}
      </p>
    );
  } else if (state.status === 'not_found') {
    body = (
      <p className="tab-message tab-problem" role="alert">
        {t('tableNotFound')}
      </p>
    );
  } else if (!state.reply) {
    body = <ConnectionError onRetry={() => guest.mutate()} />;
  } else {
    body = (
      <p className="tab-message tab-problem" role="alert">
        {share?.pago_em ? t('cardFailure_share_paid') : t('cardShareGone')}
      </p>
    );
  }
  return (
    <section className="tab-screen share-card" aria-label={t('payShareCard')}>
      {body}
      <BackToTab t={t} />
    </section>
  );
}

function BackToTab({ t, primary = false }: { t: TableT; primary?: boolean }) {
  return (
    <div className="tab-leave">
      <button
        type="button"
        className={`button ${primary ? 'button-primary' : 'button-secondary'} share-card-back`}
        onClick={backToTab}
      >
        {t('cardBackToTab')}
      </button>
    </div>
  );
}

type Stage =
  | { kind: 'opening' }
  | { kind: 'form'; attempt: CardAttempt }
  | { kind: 'confirming'; attempt: CardAttempt }
  | { kind: 'paid' }
  | { kind: 'slow' }
  /** The attempt stopped or could not open: why, and whether another attempt may be tried. */
  | { kind: 'stopped'; message: string; retry: boolean };

/** The share's card attempt: opened on arrival, paid in the provider's fields, confirmed by the poll. */
function ShareCardPayment({
  visit: visitNow,
  share,
  onPaid,
  t,
}: {
  visit: TableVisit;
  share: TabShareShape;
  onPaid: () => void;
  t: TableT;
}) {
  const { tableId, token } = visitNow;
  const visit = useMemo(() => ({ tableId, token }), [tableId, token]);
  const [stage, setStage] = useState<Stage>({ kind: 'opening' });
  const [working, setWorking] = useState(false);
  /** The attempt the card goes to (Mercado Pago's is replaced after a decline: its rejection is final). */
  const current = useRef<TabShareCardReply | null>(null);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  /** A refusal of the server in the guest's words (its stable reason when it gave one). */
  const refusalText = useCallback(
    (outcome: Extract<ShareCardOutcome, { status: 'refused' }>) => {
      if (outcome.code === 'TAB_SHARE_ALREADY_PAID') return t('cardFailure_share_paid');
      if (outcome.code === 'CARD_NOT_OFFERED') return t('cardNotOffered');
      return shareCardFailureText(outcome.reason, t) ?? outcome.message;
    },
    [t],
  );

  const show = useCallback(
    (card: TabShareCardReply) => {
      current.current = card;
      if (card.status === 'paid') {
        setStage({ kind: 'paid' });
        onPaidRef.current();
        return;
      }
      const attempt = card.status === 'pending' ? cardAttemptOf(card) : null;
      if (attempt) {
        setStage({ kind: 'form', attempt });
        return;
      }
      // Paid otherwise meanwhile (at the counter, by PIX): nothing more to pay here.
      const paidOtherwise = card.falha === 'share_paid';
      if (paidOtherwise) onPaidRef.current();
      setStage({ kind: 'stopped', message: stoppedCardText(card, t), retry: !paidOtherwise });
    },
    [t],
  );

  const open = useCallback(async () => {
    setStage({ kind: 'opening' });
    const outcome = await openShareCard(visit, share.id);
    if (!mounted.current) return;
    if (outcome.status === 'ok') {
      show(outcome.card);
      return;
    }
    if (outcome.status === 'unreachable') {
      setStage({ kind: 'stopped', message: t('cardUnreachable'), retry: true });
      return;
    }
    // Paid meanwhile (at the counter, by another guest): the tab will say so.
    if (outcome.code === 'TAB_SHARE_ALREADY_PAID') onPaidRef.current();
    const final = outcome.code === 'TAB_SHARE_ALREADY_PAID' || outcome.code === 'CARD_NOT_OFFERED';
    setStage({ kind: 'stopped', message: refusalText(outcome), retry: !final });
  }, [visit, share.id, show, refusalText, t]);

  useEffect(() => {
    void open();
  }, [open]);

  /** After the provider took the card: the server is asked until it has the provider's word. */
  const confirm = async (attempt: CardAttempt) => {
    const card = current.current;
    if (!card) return;
    // The token call's reply said paid already (Mercado Pago approved it at once).
    if (card.status === 'paid') {
      show(card);
      return;
    }
    setStage({ kind: 'confirming', attempt });
    for (let tries = 0; tries < SHARE_CARD_CONFIRM_TRIES; tries++) {
      const outcome = await readShareCard(visit, share.id, card.id);
      if (!mounted.current) return;
      if (outcome.status === 'ok' && outcome.card.status !== 'pending') {
        show(outcome.card);
        return;
      }
      await new Promise((resolve) => window.setTimeout(resolve, SHARE_CARD_CONFIRM_MS));
    }
    if (mounted.current) setStage({ kind: 'slow' });
  };

  /** Mercado Pago's token pays the attempt; a declined card failed it, so the next card opens another. */
  const payToken = async (payment: CardTokenPayment): Promise<PayCardTokenOutcome> => {
    let card = current.current;
    if (card?.status !== 'pending') {
      const opened = await openShareCard(visit, share.id);
      if (opened.status === 'unreachable') return { status: 'unreachable' };
      if (opened.status === 'refused') return { status: 'refused', detail: refusalText(opened) };
      card = opened.card;
      current.current = card;
    }
    const outcome = await payShareCardToken(visit, share.id, card.id, {
      token: payment.token,
      payment_method_id: payment.payment_method_id,
    });
    if (outcome.status === 'unreachable') return { status: 'unreachable' };
    if (outcome.status === 'refused') {
      // Declined, or no longer payable: the next card goes to a new attempt.
      current.current = { ...card, status: 'failed' };
      if (outcome.code === 'TAB_SHARE_ALREADY_PAID') onPaidRef.current();
      return { status: 'refused', detail: refusalText(outcome) };
    }
    current.current = outcome.card;
    if (outcome.card.three_ds) return { status: 'challenge', ...outcome.card.three_ds };
    return { status: 'submitted' };
  };

  const attempt = stage.kind === 'form' || stage.kind === 'confirming' ? stage.attempt : null;
  const confirming = stage.kind === 'confirming';
  const formProps = attempt && {
    attempt,
    canSave: false,
    busy: confirming,
    onWorking: setWorking,
    onSubmitted: () => void confirm(attempt),
  };

  let body: ReactNode = null;
  if (stage.kind === 'opening') {
    body = <CardStatus text={t('cardOpening')} />;
  } else if (stage.kind === 'paid') {
    body = <PaymentReceived title={t('cardPaid')} text={t('cardPaidText', { number: share.parte })} />;
  } else if (stage.kind === 'slow') {
    body = (
      <p className="tab-message" role="status">
        {t('cardSlow')}
      </p>
    );
  } else if (stage.kind === 'stopped') {
    body = (
      <div className="share-card-stopped">
        <p className="tab-problem" role="alert">
          {stage.message}
        </p>
        {stage.retry ? (
          <button type="button" className="button button-primary" onClick={() => void open()}>
            {t('cardTryAgain')}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <section className="tab-screen share-card" aria-labelledby="share-card-title" aria-busy={working}>
      <header className="share-card-head">
        <h2 id="share-card-title" className="share-card-title">
          {stage.kind === 'paid'
            ? t('cardPaidHeading', { number: share.parte })
            : t('cardTitle', { number: share.parte })}
        </h2>
        <p className="share-card-amount">{formatBRL(current.current?.valor ?? share.valor)}</p>
      </header>
      {formProps ? (
        <div className="share-card-fields">
          {formProps.attempt.kit.provider === 'mercadopago' ? (
            <MercadoPagoCardForm {...formProps} payToken={payToken} />
          ) : (
            <StripeCardForm {...formProps} />
          )}
          <CardStatus text={confirming ? t('cardConfirming') : null} />
        </div>
      ) : (
        body
      )}
      {working || confirming ? null : <BackToTab t={t} primary={stage.kind === 'paid'} />}
    </section>
  );
}
