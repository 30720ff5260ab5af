import type { TodayReport } from '@comanda/contract';
import {
  deliveryTypeWord,
  formatBRL,
  isOrderChannel,
  ORDER_CHANNEL_LABELS,
  storeLocalTime,
} from '@comanda/domain';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch, staffToken } from '../lib/staff-api.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { StaffDateField } from '../lib/typed-date-field.tsx';
import { LedgerCheckCard } from './ledger-check.tsx';

/** Today at a glance, and the orders of a range of days as a spreadsheet. */
export function TodayView({ t }: { t: StaffT }) {
  const lang = useLanguage() === 'en' ? 'en' : 'pt_br';
  const [report, setReport] = useState<TodayReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const today = storeLocalTime(new Date(), pageStoreTimeZone()).dateISO;
  // null while a box holds something that is not a date yet.
  const [from, setFrom] = useState<string | null>(today);
  const [to, setTo] = useState<string | null>(today);

  useEffect(() => {
    staffFetch<TodayReport>('/staff/reports/today').then(setReport, (caught) =>
      setError(caught instanceof StaffApiError ? caught.detail : String(caught)),
    );
  }, []);

  const exportCsv = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!from || !to) return;
    if (from > to) return setError(t('exportRangeBackwards'));
    const response = await fetch(`/staff/reports/orders.csv?from=${from}&to=${to}`, {
      headers: { Authorization: `Bearer ${staffToken.get() ?? ''}` },
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { detail?: string };
      setError(body.detail ?? response.statusText);
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = `pedidos-${from}-a-${to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <main className="staff-controls">
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      <section className="staff-card" aria-labelledby="staff-today-title">
        <h2 id="staff-today-title">{t('todayTitle')}</h2>
        {report ? (
          <>
            <dl className="staff-figures">
              <div>
                <dt>{t('todayOrders')}</dt>
                <dd>{report.orders}</dd>
              </div>
              <div>
                <dt>{t('todayRevenue')}</dt>
                <dd>{formatBRL(report.revenue)}</dd>
              </div>
              <div>
                <dt>{t('todayAverage')}</dt>
                <dd>{formatBRL(report.average_ticket)}</dd>
              </div>
              <div>
                <dt>{t('todayCancelled')}</dt>
                <dd>{report.cancelled}</dd>
              </div>
              <div>
                <dt>{t('todayServiceFees')}</dt>
                <dd>{formatBRL(report.service_fees)}</dd>
              </div>
            </dl>
            <h3>{t('byPayment')}</h3>
            <ul className="staff-figure-list">
              {report.by_payment.map((row) => (
                <li key={row.method}>
                  <span>{row.method || '—'}</span>
                  <span>
                    {row.orders} · {formatBRL(row.revenue)}
                  </span>
                </li>
              ))}
            </ul>
            <h3>{t('byDeliveryType')}</h3>
            <ul className="staff-figure-list">
              {report.by_delivery_type.map((row) => (
                <li key={row.tipo_entrega}>
                  <span>{deliveryTypeWord(row.tipo_entrega, lang)}</span>
                  <span>
                    {row.orders} · {formatBRL(row.revenue)}
                  </span>
                </li>
              ))}
            </ul>
            <h3>{t('byChannel')}</h3>
            <ul className="staff-figure-list">
              {report.by_channel.map((row) => (
                <li key={row.channel}>
                  <span>
                    {isOrderChannel(row.channel) ? ORDER_CHANNEL_LABELS[lang][row.channel] : row.channel}
                  </span>
                  <span>
                    {row.orders} · {formatBRL(row.revenue)}
                  </span>
                </li>
              ))}
            </ul>
            <h3>{t('topProducts')}</h3>
            <ol className="staff-figure-list">
              {report.top_products.map((row) => (
                <li key={row.produto}>
                  <span>{row.descricao}</span>
                  <span>
                    {row.qtd}× · {formatBRL(row.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="staff-muted">{t('loading')}</p>
        )}
      </section>
      <form className="staff-card" onSubmit={exportCsv} aria-labelledby="staff-export-title">
        <h2 id="staff-export-title">{t('exportTitle')}</h2>
        <div className="staff-date-range">
          <StaffDateField label={t('exportFrom')} value={from ?? ''} onChange={setFrom} />
          <StaffDateField label={t('exportTo')} value={to ?? ''} onChange={setTo} />
        </div>
        <button type="submit" className="button button-primary" disabled={!from || !to}>
          {t('exportCsv')}
        </button>
      </form>
      <LedgerCheckCard t={t} />
    </main>
  );
}
