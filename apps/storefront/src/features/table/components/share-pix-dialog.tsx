import type { TabSharePixReply, TabShareShape } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { PaymentReceived, PixCodeCard, PixWaiting } from '../../../components/pix/pix-code-card.tsx';
import { PixCountdown } from '../../../components/pix/pix-countdown.tsx';
import { useSecondsLeft } from '../../../components/pix/use-seconds-left.ts';
import type { TableVisit } from '../../../lib/guest-table.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import { openSharePix, readSharePix, SHARE_PIX_POLL_MS } from '../api/share-pix.ts';
import type { TableT } from '../table-texts.ts';

type Stage =
  | { kind: 'opening' }
  | { kind: 'waiting'; pix: TabSharePixReply }
  | { kind: 'paid'; pix: TabSharePixReply }
  | { kind: 'expired' }
  | { kind: 'problem'; message: string };

/**
 * A guest pays one share of the closing tab by PIX in the app: the share's QR code and BR Code
 * (the server's amount), checked every SHARE_PIX_POLL_MS until the store's provider says paid;
 * then the tab is refreshed (the share shows as paid).
 */
export function SharePixDialog({
  visit: visitNow,
  share,
  onPaid,
  onClose,
  t,
}: {
  visit: TableVisit;
  share: TabShareShape;
  onPaid: () => void;
  onClose: () => void;
  t: TableT;
}) {
  const titleId = useId();
  // The visit is read afresh at each render: only its values matter (a refresh must not reopen).
  const { tableId, token } = visitNow;
  const visit = useMemo(() => ({ tableId, token }), [tableId, token]);
  const [stage, setStage] = useState<Stage>({ kind: 'opening' });
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  const open = useCallback(async () => {
    setStage({ kind: 'opening' });
    const outcome = await openSharePix(visit, share.id);
    if (outcome.status === 'ok') setStage({ kind: 'waiting', pix: outcome.pix });
    else if (outcome.status === 'refused') {
      setStage({ kind: 'problem', message: outcome.message });
      // Paid meanwhile (at the counter, or by another guest): the tab will say so.
      if (outcome.code === 'TAB_SHARE_ALREADY_PAID') onPaidRef.current();
    } else setStage({ kind: 'problem', message: t('pixUnreachable') });
  }, [visit, share.id, t]);

  useEffect(() => {
    void open();
  }, [open]);

  const waitingId = stage.kind === 'waiting' ? stage.pix.id : null;
  useEffect(() => {
    if (waitingId === null) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const outcome = await readSharePix(visit, share.id, waitingId);
      if (stopped || outcome.status !== 'ok') return;
      const { pix } = outcome;
      if (pix.status === 'paid') {
        setStage({ kind: 'paid', pix });
        onPaidRef.current();
      } else if (pix.status === 'expired') {
        setStage({ kind: 'expired' });
      } else if (pix.status === 'failed') {
        setStage({ kind: 'problem', message: pix.detail });
        onPaidRef.current();
      }
    }, SHARE_PIX_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waitingId, visit, share.id]);

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="tab-pix-dialog">
      <div className="dialog-body">
        <header className="tab-pix-head">
          <h2 id={titleId} className="tab-pix-title">
            {t('pixTitle', { number: share.parte })}
          </h2>
          <p className="tab-pix-amount">
            {formatBRL(stage.kind === 'waiting' ? stage.pix.valor : share.valor)}
          </p>
        </header>
        {stage.kind === 'opening' ? (
          <p className="tab-pix-message" aria-busy="true">
            {t('pixOpening')}
          </p>
        ) : stage.kind === 'waiting' ? (
          <SharePixWaiting pix={stage.pix} onExpired={() => setStage({ kind: 'expired' })} t={t} />
        ) : stage.kind === 'paid' ? (
          <PaymentReceived title={t('pixPaid')} text={t('pixPaidText', { number: share.parte })} />
        ) : stage.kind === 'expired' ? (
          <p role="alert" className="tab-problem">
            {t('pixExpired')}
          </p>
        ) : (
          <p role="alert" className="tab-problem">
            {stage.message}
          </p>
        )}
        <div className="tab-pix-actions">
          {stage.kind === 'expired' || (stage.kind === 'problem' && stage.message === t('pixUnreachable')) ? (
            <button type="button" className="button button-primary" onClick={() => void open()}>
              {t('pixTryAgain')}
            </button>
          ) : null}
          <button
            type="button"
            className={`button ${stage.kind === 'paid' ? 'button-primary' : 'button-secondary'}`}
            onClick={onClose}
          >
            {stage.kind === 'paid' ? t('pixDone') : t('pixClose')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** The charge being paid: the same countdown, code and QR as the customer's PIX screen. */
function SharePixWaiting({ pix, onExpired, t }: { pix: TabSharePixReply; onExpired: () => void; t: TableT }) {
  const expiresAt = Date.parse(pix.expira_em);
  const secondsLeft = useSecondsLeft(expiresAt);
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;
  useEffect(() => {
    if (secondsLeft === 0) onExpiredRef.current();
  }, [secondsLeft]);
  return (
    <>
      <PixCountdown secondsLeft={secondsLeft} expiresAt={expiresAt} t={t} />
      <PixCodeCard
        copyCode={pix.copia_e_cola}
        qrImage={pix.qr}
        t={t}
        qrTexts={{ alt: t('pixQrAlt'), hint: t('pixQrHint') }}
      />
      <PixWaiting text={t('pixWaiting')} />
    </>
  );
}
