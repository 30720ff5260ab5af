import type { PeriodReport, PeriodTotals } from '@comanda/contract';
import {
  addDays,
  deliveryTypeWord,
  formatBRL,
  isOrderChannel,
  ORDER_CHANNEL_LABELS,
  storeLocalTime,
} from '@comanda/domain';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch, staffToken } from '../lib/staff-api.ts';
import { StaffDateField } from '../lib/typed-date-field.tsx';
import { type ReportsT, useReportsT } from './reports-texts.ts';
import './period-report.css';

/*
 * The period report (issue 33, docs/decisions/0061): a period picked from presets or typed, its
 * figures against the previous period of equal length, charts by day and by hour (uPlot, loaded
 * with import() only here), the tables by channel, type, method, product and category, and the
 * period's two spreadsheets.
 */

type Preset = 'today' | '7' | '30' | 'month' | 'custom';
type Range = { from: string; to: string };
type ChartModule = typeof import('./period-charts.tsx');

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function presetRange(preset: Exclude<Preset, 'custom'>, today: string): Range {
  if (preset === 'today') return { from: today, to: today };
  if (preset === '7') return { from: addDays(today, -6), to: today };
  if (preset === '30') return { from: addDays(today, -29), to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}

async function download(path: string, name: string): Promise<string | null> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${staffToken.get() ?? ''}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    return body.detail ?? response.statusText;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
  return null;
}

function Change({
  value,
  t,
  lowerIsBetter = false,
}: {
  value: number | null | undefined;
  t: ReportsT;
  lowerIsBetter?: boolean;
}) {
  if (value === undefined) return null;
  if (value === null) return <span className="reports-change">{t('noChange')}</span>;
  const good = value === 0 ? '' : value > 0 !== lowerIsBetter ? ' reports-up' : ' reports-down';
  const text = `${value > 0 ? '+' : ''}${value.toLocaleString('pt-BR')}%`;
  return <span className={`reports-change${good}`}>{text}</span>;
}

const FIGURES: {
  key: keyof PeriodTotals;
  label: Parameters<ReportsT>[0];
  money: boolean;
  lower?: boolean;
}[] = [
  { key: 'revenue', label: 'revenue', money: true },
  { key: 'sales', label: 'sales', money: false },
  { key: 'average_ticket', label: 'average', money: true },
  { key: 'service_fees', label: 'serviceFees', money: true },
  { key: 'delivery_fees', label: 'deliveryFees', money: true },
  { key: 'discounts', label: 'discounts', money: true, lower: true },
  { key: 'cancels', label: 'cancels', money: false, lower: true },
  { key: 'new_customers', label: 'newCustomers', money: false },
  { key: 'returning_customers', label: 'returningCustomers', money: false },
];

function FigureList({
  rows,
  t,
  units = false,
}: {
  rows: { name: string; sales: number; revenue: number }[];
  t: ReportsT;
  units?: boolean;
}) {
  if (rows.length === 0) return <p className="staff-muted">{t('nothing')}</p>;
  return (
    <ul className="staff-figure-list">
      {rows.map((row) => (
        <li key={row.name}>
          <span>{row.name}</span>
          <span>
            {t('salesOf', {
              n: units ? t('units', { n: row.sales }) : row.sales,
              money: formatBRL(row.revenue),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function PeriodReportScreen() {
  const t = useReportsT();
  const language = useLanguage();
  const lang = language === 'en' ? 'en' : 'pt_br';
  const today = storeLocalTime(new Date(), pageStoreTimeZone()).dateISO;
  const [preset, setPreset] = useState<Preset>('7');
  const [range, setRange] = useState<Range>(() => presetRange('7', today));
  const [typedFrom, setTypedFrom] = useState<string | null>(range.from);
  const [typedTo, setTypedTo] = useState<string | null>(range.to);
  const [report, setReport] = useState<PeriodReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [charts, setCharts] = useState<ChartModule | null>(null);

  useEffect(() => {
    let live = true;
    import('./period-charts.tsx').then((module) => live && setCharts(module));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setError(null);
    staffFetch<PeriodReport>(`/staff/reports/period?from=${range.from}&to=${range.to}`).then(
      (reply) => live && setReport(reply),
      (caught) => live && setError(caught instanceof StaffApiError ? caught.detail : String(caught)),
    );
    return () => {
      live = false;
    };
  }, [range]);

  const choose = (next: Preset) => {
    setPreset(next);
    if (next !== 'custom') setRange(presetRange(next, today));
  };
  const showCustom = (event: React.FormEvent) => {
    event.preventDefault();
    if (!typedFrom || !typedTo) return;
    if (typedFrom > typedTo) return setError(t('rangeBackwards'));
    setRange({ from: typedFrom, to: typedTo });
  };
  const formatMoney = useCallback((value: number) => formatBRL(Math.round(value)), []);
  const formatCount = useCallback((value: number) => String(Math.round(value)), []);
  const channel = (key: string) => (isOrderChannel(key) ? ORDER_CHANNEL_LABELS[lang][key] : key);
  const csv = async (kind: 'orders' | 'ledger') => {
    const name = `${kind === 'orders' ? 'pedidos' : 'lancamentos'}-${range.from}-a-${range.to}.csv`;
    setError(await download(`/staff/reports/${kind}.csv?from=${range.from}&to=${range.to}`, name));
  };

  const presets: [Preset, Parameters<ReportsT>[0]][] = [
    ['today', 'presetToday'],
    ['7', 'preset7'],
    ['30', 'preset30'],
    ['month', 'presetMonth'],
    ['custom', 'presetCustom'],
  ];
  const Chart: ComponentType<Parameters<ChartModule['BarChart']>[0]> | null = charts?.BarChart ?? null;

  return (
    <main className="staff-controls reports">
      <section className="staff-card" aria-labelledby="reports-title">
        <h2 id="reports-title">{t('reportsTitle')}</h2>
        <fieldset className="reports-presets staff-chips" aria-label={t('reportsTitle')}>
          {presets.map(([key, label]) => (
            <button key={key} type="button" aria-pressed={preset === key} onClick={() => choose(key)}>
              {t(label)}
            </button>
          ))}
        </fieldset>
        {preset === 'custom' ? (
          <form className="reports-custom" onSubmit={showCustom}>
            <div className="staff-date-range">
              <StaffDateField label={t('from')} value={typedFrom ?? ''} onChange={setTypedFrom} />
              <StaffDateField label={t('to')} value={typedTo ?? ''} onChange={setTypedTo} />
            </div>
            <button type="submit" className="button button-primary" disabled={!typedFrom || !typedTo}>
              {t('show')}
            </button>
          </form>
        ) : null}
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        {report ? (
          <>
            <p className="reports-period">
              <strong>
                {t('period', { from: brDate(report.current.from), to: brDate(report.current.to) })}
              </strong>
              <br />
              <span className="staff-muted">
                {t('comparedWith', { from: brDate(report.previous.from), to: brDate(report.previous.to) })}
              </span>
            </p>
            <dl className="staff-figures reports-figures">
              {FIGURES.map((figure) => (
                <div key={figure.key} data-figure={figure.key}>
                  <dt>{t(figure.label)}</dt>
                  <dd>
                    {figure.money
                      ? formatBRL(report.current[figure.key] as number)
                      : String(report.current[figure.key])}
                  </dd>
                  <Change value={report.change[figure.key]} t={t} lowerIsBetter={figure.lower ?? false} />
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="staff-muted">{t('loading')}</p>
        )}
      </section>
      {report ? (
        <>
          <section className="staff-card" aria-labelledby="reports-day">
            <h3 id="reports-day">{t('byDay')}</h3>
            {Chart ? (
              <Chart
                label={t('byDay')}
                labels={report.by_day.map((d) => brDate(d.date).slice(0, 5))}
                values={report.by_day.map((d) => d.revenue)}
                format={formatMoney}
              />
            ) : (
              <p className="staff-muted">{t('chartLoading')}</p>
            )}
          </section>
          <section className="staff-card" aria-labelledby="reports-hour">
            <h3 id="reports-hour">{t('byHour')}</h3>
            {Chart ? (
              <Chart
                label={t('byHour')}
                labels={report.by_hour.map((h) => t('hour', { h: h.hour }))}
                values={report.by_hour.map((h) => h.sales)}
                format={formatCount}
                whole
              />
            ) : (
              <p className="staff-muted">{t('chartLoading')}</p>
            )}
          </section>
          <div className="reports-tables">
            <section className="staff-card" aria-labelledby="reports-channel">
              <h3 id="reports-channel">{t('byChannel')}</h3>
              <FigureList t={t} rows={report.by_channel.map((r) => ({ name: channel(r.channel), ...r }))} />
            </section>
            <section className="staff-card" aria-labelledby="reports-type">
              <h3 id="reports-type">{t('byType')}</h3>
              <FigureList
                t={t}
                rows={report.by_delivery_type.map((r) => ({
                  name: deliveryTypeWord(r.tipo_entrega, lang),
                  ...r,
                }))}
              />
            </section>
            <section className="staff-card" aria-labelledby="reports-payment">
              <h3 id="reports-payment">{t('byPayment')}</h3>
              <FigureList t={t} rows={report.by_payment.map((r) => ({ name: r.method, ...r }))} />
            </section>
            <section className="staff-card" aria-labelledby="reports-category">
              <h3 id="reports-category">{t('byCategory')}</h3>
              <FigureList
                t={t}
                units
                rows={report.by_category.map((r) => ({
                  name: r.categoria,
                  sales: r.qtd,
                  revenue: r.revenue,
                }))}
              />
            </section>
            <section className="staff-card reports-wide" aria-labelledby="reports-product">
              <h3 id="reports-product">{t('byProduct')}</h3>
              <FigureList
                t={t}
                units
                rows={report.by_product.map((r) => ({ name: r.descricao, sales: r.qtd, revenue: r.revenue }))}
              />
            </section>
          </div>
          <section className="staff-card" aria-labelledby="reports-csv">
            <h3 id="reports-csv">{t('csvTitle')}</h3>
            <div className="reports-downloads">
              <button type="button" className="button" onClick={() => csv('orders')}>
                {t('csvOrders')}
              </button>
              <button type="button" className="button" onClick={() => csv('ledger')}>
                {t('csvLedger')}
              </button>
            </div>
          </section>
        </>
      ) : null}
    </main>
  );
}
