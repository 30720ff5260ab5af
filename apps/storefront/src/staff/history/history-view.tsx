import type { OrderHistoryEntry, PaymentMethod, StaffOrder, StaffOrderHistoryReply } from '@comanda/contract';
import { formatBRL, orderPaymentName, storeDateTimeText } from '@comanda/domain';
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { phoneText, tableRoundLabel } from '../lib/staff-words.ts';
import {
  appendPage,
  EMPTY_FILTERS,
  type FilterProblem,
  type HistoryFilters,
  historyQuery,
  maskTypedDate,
} from './history-model.ts';
import { type HistoryT, useHistoryT } from './history-texts.ts';
import { OrderDetail } from './order-detail.tsx';
import './history.css';

/** The status choices: the board's columns, Preparo and Finalização together as it shows them. */
const STATUS_CHOICES = [
  { value: 'Solicitado', key: 'statusSolicitado' },
  { value: 'Preparo,Finalização', key: 'statusPreparo' },
  { value: 'Concluido', key: 'statusConcluido' },
  { value: 'Entregue', key: 'statusEntregue' },
  { value: 'Cancelado', key: 'statusCancelado' },
] as const;

const CHANNELS = ['delivery', 'pickup', 'eat_in', 'table'] as const;

interface Results {
  query: string;
  orders: OrderHistoryEntry[];
  next: number | null;
}

function entryChannel(entry: OrderHistoryEntry, t: StaffT, h: HistoryT): string {
  return entry.mesa ? tableRoundLabel(entry.mesa, entry.rodada, t) : h(`channel_${entry.channel}`);
}

/** 'Histórico': the store's past orders, searched, and one of them in full. */
export default function HistoryView({
  t,
  onPrint,
  onEdit,
  version = 0,
}: {
  t: StaffT;
  onPrint: (order: StaffOrder) => void;
  /** 'Editar pedido' on an order's detail (orders.edit); absent: not offered. */
  onEdit?: ((order: StaffOrder) => void) | undefined;
  /** Bumped when an order was edited: the open detail reads it again. */
  version?: number;
}) {
  const h = useHistoryT();
  const language = useLanguage();
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_FILTERS);
  const [problem, setProblem] = useState<FilterProblem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'search' | 'more' | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const listTop = useRef<HTMLDivElement>(null);
  // On a phone the dates, status, type and payment fold away under 'Mais filtros' (the list
  // would start below the fold otherwise); a laptop has room for them open.
  const [moreOpen, setMoreOpen] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 900px)').matches === true,
  );

  const load = async (query: string, before: number | null) => {
    setBusy(before === null ? 'search' : 'more');
    setError(null);
    try {
      const params = [query, 'limit=20', before === null ? '' : `before=${before}`].filter(Boolean).join('&');
      const reply = await staffFetch<StaffOrderHistoryReply>(`/staff/orders/history?${params}`);
      setResults((shown) => ({
        query,
        orders: before === null || !shown ? reply.results : appendPage(shown.orders, reply.results),
        next: reply.next_before,
      }));
    } catch (caught) {
      setError(caught instanceof StaffApiError ? caught.detail : String(caught));
    } finally {
      setBusy(null);
    }
  };

  // The latest orders at once; the payment methods for their filter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the tab opens
  useEffect(() => {
    void load('', null);
    staffFetch<PaymentMethod[]>('/financeiro/formas_pagamento_app').then(setMethods, () => undefined);
  }, []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const built = historyQuery(filters);
    if ('problem' in built) {
      setProblem(built.problem);
      if (built.problem !== 'badNumber' && built.problem !== 'shortPhone') setMoreOpen(true);
      return;
    }
    setProblem(null);
    setOpenId(null);
    void load(built.query, null);
  };

  const clear = () => {
    setFilters(EMPTY_FILTERS);
    setProblem(null);
    setOpenId(null);
    void load('', null);
  };

  const set =
    (field: keyof HistoryFilters, mask?: (value: string) => string) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = mask ? mask(event.target.value) : event.target.value;
      setFilters((current) => ({ ...current, [field]: value }));
    };

  // On a phone the detail takes the list's place: each opens at its top, the list back at the
  // order that was opened.
  const narrow = () =>
    typeof window !== 'undefined' && window.matchMedia?.('(max-width: 899px)').matches === true;
  const open = (id: number) => {
    setOpenId(id);
    if (narrow()) requestAnimationFrame(() => window.scrollTo({ top: 0 }));
  };
  const back = () => {
    const opened = openId;
    setOpenId(null);
    requestAnimationFrame(() =>
      listTop.current?.querySelector(`[data-order="${opened}"]`)?.scrollIntoView?.({ block: 'center' }),
    );
  };

  const dateField = (field: 'from' | 'to') => (
    <label className="staff-field">
      <span>{h(field)}</span>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={h('datePlaceholder')}
        maxLength={10}
        value={filters[field]}
        onChange={set(field, maskTypedDate)}
        aria-invalid={problem === (field === 'from' ? 'badFrom' : 'badTo') || problem === 'fromAfterTo'}
      />
    </label>
  );

  return (
    <main className={openId === null ? 'staff-history' : 'staff-history history-has-detail'}>
      <h2 className="sr-only">{h('title')}</h2>
      <form className="staff-card history-filters" aria-label={h('filters')} onSubmit={submit} noValidate>
        <div className="history-grid">
          <label className="staff-field">
            <span>{h('number')}</span>
            <input type="text" inputMode="numeric" value={filters.number} onChange={set('number')} />
          </label>
          <label className="staff-field">
            <span>{h('phone')}</span>
            <input type="tel" inputMode="tel" value={filters.phone} onChange={set('phone')} />
          </label>
          <label className="staff-field history-wide">
            <span>{h('name')}</span>
            <input type="text" autoComplete="off" value={filters.name} onChange={set('name')} />
          </label>
        </div>
        <details
          className="history-more-filters"
          open={moreOpen}
          onToggle={(event) => setMoreOpen(event.currentTarget.open)}
        >
          <summary>{h('moreFilters')}</summary>
          <div className="history-grid">
            {dateField('from')}
            {dateField('to')}
            <label className="staff-field">
              <span>{h('status')}</span>
              <select value={filters.status} onChange={set('status')}>
                <option value="">{h('any')}</option>
                {STATUS_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {t(choice.key)}
                  </option>
                ))}
              </select>
            </label>
            <label className="staff-field">
              <span>{h('channel')}</span>
              <select value={filters.channel} onChange={set('channel')}>
                <option value="">{h('any')}</option>
                {CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {h(`channel_${channel}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="staff-field history-wide">
              <span>{h('payment')}</span>
              <select value={filters.payment} onChange={set('payment')}>
                <option value="">{h('any')}</option>
                {methods.map((method) => (
                  <option key={method.id} value={String(method.id)}>
                    {method.descricao}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </details>
        {problem ? (
          <p className="staff-error" role="alert">
            {h(problem)}
          </p>
        ) : null}
        <div className="history-buttons">
          <button type="submit" className="button button-primary" disabled={busy !== null}>
            {busy === 'search' ? h('searching') : h('search')}
          </button>
          <button type="button" className="button button-secondary" onClick={clear}>
            {h('clear')}
          </button>
        </div>
      </form>
      <div className="history-results" ref={listTop}>
        {error ? (
          <p className="staff-error" role="alert">
            {h('failed', { detail: error })}
          </p>
        ) : null}
        {results ? (
          <>
            <p className="staff-muted" role="status">
              {results.orders.length === 0
                ? h('noResults')
                : h(results.next === null ? 'shown' : 'shownMore', { count: results.orders.length })}
            </p>
            <ul className="history-list">
              {results.orders.map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    className="history-row"
                    aria-current={entry.id === openId ? 'true' : undefined}
                    aria-label={h('openOrder', { id: entry.numero ?? entry.id })}
                    data-order={entry.id}
                    onClick={() => open(entry.id)}
                  >
                    <span className="history-row-head">
                      <strong>{t('orderNumber', { id: entry.numero ?? entry.id })}</strong>
                      <span className="history-status" data-status={entry.status}>
                        {t(`status${entry.status}` as never)}
                      </span>
                    </span>
                    <span>
                      {storeDateTimeText(new Date(entry.dh_iniciado), pageStoreTimeZone())} ·{' '}
                      {entry.cliente.nome} · {phoneText(entry.cliente.telefone)}
                    </span>
                    <span className="history-row-foot">
                      <span>
                        {entryChannel(entry, t, h)}
                        {entry.forma_pagamento_nome
                          ? ` · ${orderPaymentName(entry.forma_pagamento_nome, entry.tipo_entrega, language)}`
                          : ''}
                      </span>
                      <strong className="history-money">{formatBRL(entry.total)}</strong>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {results.next !== null ? (
              <button
                type="button"
                className="button button-secondary history-more"
                disabled={busy !== null}
                onClick={() => void load(results.query, results.next)}
              >
                {busy === 'more' ? h('loadingMore') : h('more')}
              </button>
            ) : null}
          </>
        ) : busy ? (
          <p className="staff-muted">{h('searching')}</p>
        ) : null}
      </div>
      {openId !== null ? (
        <OrderDetail
          id={openId}
          numero={results?.orders.find((entry) => entry.id === openId)?.numero}
          t={t}
          h={h}
          onBack={back}
          onPrint={onPrint}
          onEdit={onEdit}
          version={version}
        />
      ) : null}
    </main>
  );
}
