import type { LedgerCheckReply, LedgerExceptionKind } from '@comanda/contract';
import { formatBRL, storeClockText, storeLocalTime } from '@comanda/domain';
import { useCallback, useEffect, useState } from 'react';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { StaffDateField } from '../lib/typed-date-field.tsx';

/** The text key of each exception kind (staff-texts.ts). */
const EXCEPTION_TITLE: Record<LedgerExceptionKind, Parameters<StaffT>[0]> = {
  kept_without_order: 'ledgerKeptWithoutOrder',
  refund_pending: 'ledgerRefundPending',
  refund_by_hand: 'ledgerRefundByHand',
  refund_unrecorded: 'ledgerRefundUnrecorded',
  paid_here_only: 'ledgerPaidHereOnly',
  amount_differs: 'ledgerAmountDiffers',
  unknown_charge: 'ledgerUnknownCharge',
  given_back_now: 'ledgerGivenBackNow',
  takings_differ: 'ledgerTakingsDiffer',
};

/** dd/mm hh:mm in store time. */
function storeDayTime(iso: string): string {
  const at = new Date(iso);
  const [, month, day] = storeLocalTime(at, pageStoreTimeZone()).dateISO.split('-');
  return `${day}/${month} ${storeClockText(at, pageStoreTimeZone())}`;
}

/**
 * 'Conferência com o provedor' (docs/decisions/0037): the day's charges at the store's payment
 * provider, each one an order, a table share or a refund; what does not add up is listed.
 */
export function LedgerCheckCard({ t }: { t: StaffT }) {
  const [date, setDate] = useState<string | null>(
    () => storeLocalTime(new Date(), pageStoreTimeZone()).dateISO,
  );
  const [report, setReport] = useState<LedgerCheckReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = useCallback(async (day: string) => {
    setBusy(true);
    setError(null);
    try {
      setReport(await staffFetch<LedgerCheckReply>(`/staff/payments/ledger?date=${day}`));
    } catch (caught) {
      setError(caught instanceof StaffApiError ? caught.detail : String(caught));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void check(storeLocalTime(new Date(), pageStoreTimeZone()).dateISO);
  }, [check]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (date) void check(date);
  };

  return (
    <form className="staff-card" onSubmit={submit} aria-labelledby="staff-ledger-title" aria-busy={busy}>
      <h2 id="staff-ledger-title">{t('ledgerTitle')}</h2>
      <p className="staff-muted">{t('ledgerIntro')}</p>
      <div className="staff-ledger-day">
        <StaffDateField label={t('ledgerDay')} value={date ?? ''} onChange={setDate} />
        <button type="submit" className="button button-secondary" disabled={busy || !date}>
          {busy ? t('ledgerChecking') : t('ledgerCheck')}
        </button>
      </div>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {report ? (
        <LedgerReport report={report} t={t} />
      ) : busy ? (
        <p className="staff-muted">{t('loading')}</p>
      ) : null}
    </form>
  );
}

function LedgerReport({ report, t }: { report: LedgerCheckReply; t: StaffT }) {
  if (!report.available) {
    return (
      <p className="staff-muted" role="status">
        {report.provider ? t('ledgerUnavailable') : t('ledgerNoProvider')}
      </p>
    );
  }
  return (
    <>
      <dl className="staff-figures">
        <div>
          <dt>{t('ledgerCharges')}</dt>
          <dd>{report.charges}</dd>
        </div>
        <div>
          <dt>{t('ledgerOrders')}</dt>
          <dd>{report.orders}</dd>
        </div>
        <div>
          <dt>{t('ledgerShares')}</dt>
          <dd>{report.shares}</dd>
        </div>
        <div>
          <dt>{t('ledgerRefunds')}</dt>
          <dd>{report.refunds}</dd>
        </div>
        <div>
          <dt>{t('ledgerReceived')}</dt>
          <dd>{formatBRL(report.received)}</dd>
        </div>
        <div>
          <dt>{t('ledgerRecorded')}</dt>
          <dd>{formatBRL(report.recorded)}</dd>
        </div>
      </dl>
      {report.exceptions.length === 0 ? (
        <p className="staff-ledger-ok" role="status">
          {report.charges === 0 ? t('ledgerNoCharges') : t('ledgerAllGood')}
        </p>
      ) : (
        <>
          <h3 className="staff-ledger-problems">
            {t('ledgerProblems', { count: report.exceptions.length })}
          </h3>
          <ul className="staff-ledger-list">
            {report.exceptions.map((item) => (
              <li key={`${item.kind}-${item.provider_ref}`}>
                <p className="staff-ledger-line">
                  <strong>{t(EXCEPTION_TITLE[item.kind])}</strong>
                  <span>{formatBRL(item.amount)}</span>
                </p>
                <p className="staff-muted">
                  {item.order_id ? `${t('orderNumber', { id: item.numero ?? item.order_id })} · ` : ''}
                  {storeDayTime(item.created_at)} · {t('ledgerProviderRef', { ref: item.provider_ref })}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
