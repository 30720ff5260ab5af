import type { CancelRequest, CancelRequestsReply, StaffOrder } from '@comanda/contract';
import { formatBRL, storeClockText } from '@comanda/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { Dialog } from '../../shared/dialog.tsx';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { useRolesT } from './roles-texts.ts';

/*
 * Cancels that need a manager (issue 33): the attendant's dialog (ask, or the manager types their
 * code here) and the managers' list of requests waiting, live through the staff event stream.
 */

export function ApprovalDialog({
  order,
  reason,
  onClose,
  onCancelled,
}: {
  order: { id: number; numero?: number | null };
  reason: string;
  onClose: (message?: string) => void;
  onCancelled: (order: StaffOrder) => void;
}) {
  const t = useRolesT();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof StaffApiError ? caught.detail : String(caught));
    } finally {
      setBusy(false);
    }
  };
  const ask = () =>
    run(async () => {
      await staffFetch(`/staff/orders/${order.id}/cancel-requests`, { method: 'POST', json: { reason } });
      onClose(t('approvalAsked'));
    });
  const withCode = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const updated = await staffFetch<StaffOrder>(`/staff/orders/${order.id}/cancel-with-code`, {
        method: 'POST',
        json: { reason, approval_code: code },
      });
      onCancelled(updated);
    });
  };
  return (
    <Dialog labelledBy={titleId} onClose={() => onClose()} className="staff-dialog">
      <div className="staff-approval-head">
        <h2 id={titleId}>{t('approvalTitle', { id: order.numero ?? order.id })}</h2>
        <p>{t('approvalIntro')}</p>
        <p className="staff-muted">{t('approvalReason', { reason })}</p>
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void ask()}>
          {t('approvalAsk')}
        </button>
        <p className="staff-approval-or">{t('approvalOr')}</p>
      </div>
      <form onSubmit={withCode}>
        <label className="staff-field">
          <span>{t('approvalCode')}</span>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="\d{4,8}"
            minLength={4}
            maxLength={8}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <small className="staff-muted">{t('approvalCodeHint')}</small>
        </label>
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onClose()}>
            {t('approvalBack')}
          </button>
          <button type="submit" className="button button-danger" disabled={busy || code.length < 4}>
            {t('approvalWithCode')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The requests waiting for this manager or owner, on the board: approve (the order is cancelled as
 * theirs, its money given back) or deny. Read again whenever `reload` changes (a `cancel_request`
 * event, or the stream coming back).
 */
export function CancelRequests({
  reload,
  onDecided,
}: {
  reload: number;
  onDecided: (message: string, orderId: number) => void;
}) {
  const t = useRolesT();
  const [reply, setReply] = useState<CancelRequestsReply | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    staffFetch<CancelRequestsReply>('/staff/cancel-requests').then(setReply, () => undefined);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again at each event
  useEffect(load, [load, reload]);
  const pending = reply?.requests.filter((request) => request.status === 'pending') ?? [];
  if (!reply || pending.length === 0) return null;
  const decide = async (request: CancelRequest, approve: boolean) => {
    setBusy(request.id);
    setError(null);
    try {
      await staffFetch(`/staff/cancel-requests/${request.id}/${approve ? 'approve' : 'deny'}`, {
        method: 'POST',
      });
      onDecided(
        t(approve ? 'requestApproved' : 'requestDenied', { id: request.numero ?? request.order_id }),
        request.order_id,
      );
    } catch (caught) {
      setError(caught instanceof StaffApiError ? caught.detail : String(caught));
    } finally {
      setBusy(null);
      load();
    }
  };
  return (
    <section className="staff-card staff-cancel-requests" aria-labelledby="staff-cancel-requests-title">
      <h2 id="staff-cancel-requests-title">{t('requestsTitle')}</h2>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul>
        {pending.map((request) => (
          <li key={request.id} className="staff-cancel-request">
            <strong>
              {t('requestLine', {
                id: request.numero ?? request.order_id,
                customer: request.customer_nome,
                total: formatBRL(request.order_total),
              })}
            </strong>
            <span className="staff-muted">
              {t('requestAsked', {
                name: request.asked_by.nome,
                time: storeClockText(new Date(request.at), reply.time_zone),
                reason: request.reason,
              })}
            </span>
            <div className="staff-segmented">
              <button
                type="button"
                className="button button-danger"
                disabled={busy !== null}
                onClick={() => void decide(request, true)}
              >
                {t('requestApprove')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy !== null}
                onClick={() => void decide(request, false)}
              >
                {t('requestDeny')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
