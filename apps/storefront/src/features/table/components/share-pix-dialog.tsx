import type { TabSharePixReply, TabShareShape } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CopyValue } from '../../../components/copy-value.tsx';
import type { TableVisit } from '../../../lib/guest-table.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import { openSharePix, readSharePix, SHARE_PIX_POLL_MS } from '../api/share-pix.ts';
import { clockOf } from '../model/tab-view.ts';
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
      <h2 id={titleId} className="tab-pix-title">
        {t('pixTitle', { number: share.parte })}
      </h2>
      <p className="tab-pix-amount">{formatBRL(stage.kind === 'waiting' ? stage.pix.valor : share.valor)}</p>
      {stage.kind === 'opening' ? (
        <p aria-busy="true">{t('pixOpening')}</p>
      ) : stage.kind === 'waiting' ? (
        <>
          <img className="tab-pix-qr" src={stage.pix.qr} alt={t('pixQrAlt')} width={220} height={220} />
          <CopyValue
            value={stage.pix.copia_e_cola}
            texts={{
              label: t('pixCodeLabel'),
              copy: t('pixCopy'),
              copied: t('pixCopied'),
              copiedNotice: t('pixCopiedNotice'),
              failedNotice: t('pixCopyFailed'),
            }}
          />
          <p className="tab-pix-expiry">{t('pixExpiresAt', { time: clockOf(stage.pix.expira_em) })}</p>
          <p role="status" className="tab-pix-waiting">
            {t('pixWaiting')}
          </p>
        </>
      ) : stage.kind === 'paid' ? (
        <p role="status" className="tab-pix-paid">
          {t('pixPaid')}
        </p>
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
        <button type="button" className="button button-secondary" onClick={onClose}>
          {stage.kind === 'paid' ? t('pixDone') : t('pixClose')}
        </button>
      </div>
    </Dialog>
  );
}
