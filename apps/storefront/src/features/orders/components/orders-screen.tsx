import type { TrackedOrder } from '@comanda/contract';
import { formatBRL, type OrderTab, orderStepIndex } from '@comanda/domain';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ConnectionError } from '../../../components/connection-error.tsx';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';
import { useLiveOrders, useOrderList } from '../api/orders-api.ts';
import {
  DEFAULT_TAB,
  formatStoreDateTime,
  ORDER_TABS,
  ordersOfTab,
  statusTextKey,
  unitCount,
} from '../model/order-view.ts';
import { useOrdersT } from '../orders-texts.ts';
import { OrderDetailDialog } from './order-detail.tsx';
import '../orders.css';

const TAB_TEXT = { in_progress: 'tabInProgress', done: 'tabDone', canceled: 'tabCanceled' } as const;
const EMPTY_TEXT = { in_progress: 'emptyInProgress', done: 'emptyDone', canceled: 'emptyCanceled' } as const;

/** /mobile/orders and /mobile/orders/{id}: the list with its tabs, and the detail over it. */
export interface OrdersScreenProps {
  params: { id?: string | undefined };
}

export default function OrdersScreen({ params }: OrdersScreenProps) {
  const [, navigate] = useLocation();
  useLiveOrders();
  return (
    <>
      <OrderList />
      {params.id ? (
        <OrderDetailDialog key={params.id} id={params.id} onClose={() => navigate('/mobile/orders')} />
      ) : null}
    </>
  );
}

export function OrderList() {
  const t = useOrdersT();
  const baseId = useId();
  const { data, error, mutate } = useOrderList();
  const [tab, setTab] = useState<OrderTab>(DEFAULT_TAB);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + ORDER_TABS.length) % ORDER_TABS.length;
    setTab(ORDER_TABS[next]!);
    tabRefs.current[next]?.focus();
  };

  if (error && !data) return <ConnectionError onRetry={() => mutate()} />;
  const orders = data ? ordersOfTab(data.results, tab, new Date(), pageStoreTimeZone()) : [];

  return (
    <section className="orders-screen" aria-labelledby={`${baseId}-title`}>
      <h1 id={`${baseId}-title`} className="orders-title">
        {t('ordersTitle')}
      </h1>
      <div className="orders-tabs" role="tablist" aria-label={t('ordersTabs')}>
        {ORDER_TABS.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'orders-tab orders-tab-active' : 'orders-tab'}
            onClick={() => setTab(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(TAB_TEXT[name])}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="orders-panel"
        aria-busy={!data}
      >
        {!data ? (
          <p className="orders-empty">{t('loadingOrders')}</p>
        ) : orders.length === 0 ? (
          <p className="orders-empty">{t(EMPTY_TEXT[tab])}</p>
        ) : (
          <ul className="orders-list">
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OrderCard({ order }: { order: TrackedOrder }) {
  const t = useOrdersT();
  const units = unitCount(order);
  const step = orderStepIndex(order.status);
  return (
    <li className="order-card" data-testid="order-card" data-status={order.status}>
      <Link href={`/mobile/orders/${order.id}`} className="order-card-link">
        <span className="order-card-title">{t('orderNumber', { id: order.numero ?? order.id })}</span>
        <span className={`order-card-status${step === null ? ' order-card-status-canceled' : ''}`}>
          {t(statusTextKey(order) as 'statusSolicitado')}
        </span>
        <span className="order-card-meta">
          {formatStoreDateTime(order.dh_iniciado, pageStoreTimeZone())} · {t('itemsCount', { count: units })}
        </span>
        <span className="order-card-total">{formatBRL(order.total)}</span>
      </Link>
    </li>
  );
}
