import type { TrackedOrder } from '@comanda/contract';
import { formatBRL, paymentMethodName, storeClockText } from '@comanda/domain';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { ConnectionError } from '../../../components/connection-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import { useOrder } from '../api/orders-api.ts';
import {
  canReorder,
  deliveryOf,
  formatStoreDateTime,
  groupedLines,
  isOutForDelivery,
  statusTextKey,
  stepperOf,
} from '../model/order-view.ts';
import { useOrdersT } from '../orders-texts.ts';
import { OrderRating, showsRating } from './order-rating.tsx';
import { OrderStepper } from './order-stepper.tsx';
import { useReorder } from './use-reorder.ts';

/** /mobile/orders/{id}: the order detail as a full-screen dialog over the list. */
export function OrderDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useOrdersT();
  const titleId = useId();
  const { data, error, mutate } = useOrder(id);
  const notFound = error instanceof ApiError && error.status === 404;

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="order-detail-dialog">
      <header className="order-detail-header">
        <button type="button" className="button order-detail-close" onClick={onClose}>
          {t('close')}
        </button>
        <h2 id={titleId} className="order-detail-title">
          {data ? t('orderNumber', { id: data.numero ?? data.id }) : t('orderTitle')}
        </h2>
      </header>
      {data ? (
        <OrderDetail order={data} />
      ) : notFound ? (
        <p className="order-detail-message">{t('orderNotFound')}</p>
      ) : error ? (
        <ConnectionError onRetry={() => mutate()} />
      ) : (
        <p className="order-detail-message" aria-busy="true">
          {t('loadingOrders')}
        </p>
      )}
    </Dialog>
  );
}

/** 'Saiu para entrega' (issue 35): the courier's first name and the stops before this one. */
function DeliveryLine({ order }: { order: TrackedOrder }) {
  const t = useOrdersT();
  const delivery = deliveryOf(order);
  if (!delivery || order.status !== 'Concluido') return null;
  if (delivery.estado === 'nao_entregue')
    return (
      <p className="order-delivery order-delivery-failed" role="status">
        {t('notDeliveredYet')}
      </p>
    );
  if (delivery.estado !== 'saiu_para_entrega') return null;
  return (
    <div className="order-delivery" data-testid="order-delivery">
      <p className="order-delivery-courier">
        {delivery.entregador
          ? t('courierOnTheWay', { name: delivery.entregador })
          : t('statusOutForDelivery')}
      </p>
      <p>
        {t('stopsBefore', { count: delivery.paradas_antes })}
        {delivery.saiu_em
          ? ` · ${t('leftAt', { time: storeClockText(new Date(delivery.saiu_em), pageStoreTimeZone()) })}`
          : ''}
      </p>
    </div>
  );
}

export function OrderDetail({ order }: { order: TrackedOrder }) {
  const t = useOrdersT();
  const [, navigate] = useLocation();
  const reorder = useReorder();
  const [notice, setNotice] = useState<{ gone: string[]; added: number } | null>(null);
  const lines = groupedLines(order);
  const rows: [string, number][] = [
    // One subtotal, as the checkout showed it: the flavours and additions are in each line's price.
    [t('subtotal'), order.total_produtos + order.acrescimo],
    [t('delivery'), order.valor_entrega],
    [t('discounts'), -order.desconto_cupom],
    [t('loyalty'), -order.desconto_fidelidade],
  ];

  // A cancelled order is on nobody's way: no estimate (a scheduled one still says what was asked).
  const scheduleText =
    order.agendado && order.hora_entrega
      ? t('scheduledFor', { when: formatStoreDateTime(order.hora_entrega, pageStoreTimeZone()) })
      : stepperOf(order.status)
        ? t('estimated', { time: order.estimated_time })
        : null;

  const onReorder = async () => {
    const result = await reorder.run(order);
    if (result.gone.length === 0) navigate('/cart');
    else setNotice({ gone: result.gone, added: result.added });
  };

  return (
    <div className="order-detail">
      <p className="order-detail-status" aria-live="polite" data-testid="order-status">
        {t(statusTextKey(order) as 'statusSolicitado')}
      </p>
      <p className="order-detail-placed">
        {t('placedAt', { when: formatStoreDateTime(order.dh_iniciado, pageStoreTimeZone()) })}
      </p>
      <OrderStepper
        status={order.status}
        reason={order.motivo_cancelamento}
        outForDelivery={isOutForDelivery(order)}
      />
      <DeliveryLine order={order} />

      <section className="order-section" aria-labelledby={`order-items-${order.id}`}>
        <h3 id={`order-items-${order.id}`}>{t('items')}</h3>
        <ul className="order-lines">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never change order
            <li key={`${line.produto}-${index}`} className="order-line">
              <span className="order-line-name">
                {line.qtd}× {line.descricao_produto}
              </span>
              <span className="order-line-price">{formatBRL(line.valor_total)}</span>
              {line.itens_pedidos.some((item) => item.quantidade_pedida > 0) ? (
                <span className="order-line-items">
                  {line.itens_pedidos
                    .filter((item) => item.quantidade_pedida > 0)
                    .map((item) =>
                      item.quantidade_pedida > 1
                        ? `${item.quantidade_pedida}× ${item.descricao}`
                        : item.descricao,
                    )
                    .join(', ')}
                </span>
              ) : null}
              {line.observacao ? (
                <span className="order-line-note">{t('note', { note: line.observacao })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="order-section" aria-labelledby={`order-summary-${order.id}`}>
        <h3 id={`order-summary-${order.id}`}>{t('summary')}</h3>
        <dl className="order-totals">
          {rows
            .filter(([, value], index) => index === 0 || value !== 0)
            .map(([label, value]) => (
              <div key={label} className="order-total-row">
                <dt>{label}</dt>
                <dd>{value < 0 ? `− ${formatBRL(-value)}` : formatBRL(value)}</dd>
              </div>
            ))}
          <div className="order-total-row order-total-final">
            <dt>{t('total')}</dt>
            <dd data-testid="order-total">{formatBRL(order.total)}</dd>
          </div>
        </dl>
      </section>

      <section className="order-section" aria-labelledby={`order-address-${order.id}`}>
        <h3 id={`order-address-${order.id}`}>{t('address')}</h3>
        <p>
          {order.tipo_entrega === 'Entregar'
            ? (order.address_string ?? '')
            : order.tipo_entrega === 'Retirada'
              ? t('pickup')
              : order.mesa
                ? t('table', { table: order.mesa })
                : t('eatIn')}
        </p>
      </section>

      <section className="order-section" aria-labelledby={`order-payment-${order.id}`}>
        <h3 id={`order-payment-${order.id}`}>{t('payment')}</h3>
        <p>
          {order.forma_pagamento_nome
            ? paymentMethodName(order.forma_pagamento_nome, order.tipo_entrega)
            : '—'}
        </p>
        {order.troco_para ? <p>{t('changeFor', { amount: formatBRL(order.troco_para) })}</p> : null}
      </section>

      {scheduleText || order.observacoes ? (
        <section className="order-section" aria-labelledby={`order-schedule-${order.id}`}>
          <h3 id={`order-schedule-${order.id}`}>{t('schedule')}</h3>
          {scheduleText ? <p>{scheduleText}</p> : null}
          {order.observacoes ? <p>{t('note', { note: order.observacoes })}</p> : null}
        </section>
      ) : null}

      {showsRating(order, new Date()) ? <OrderRating order={order} /> : null}

      {canReorder(order, new Date(), pageStoreTimeZone()) ? (
        <button
          type="button"
          className="button button-primary order-reorder"
          disabled={reorder.busy}
          onClick={onReorder}
        >
          {reorder.busy ? t('reordering') : t('reorder')}
        </button>
      ) : null}

      {notice ? (
        notice.added > 0 ? (
          <AlertDialog
            title={t('reorderGoneTitle')}
            message={t('reorderGoneMessage', { items: notice.gone.join(', ') })}
            buttonLabel={t('seeCart')}
            onClose={() => {
              setNotice(null);
              navigate('/cart');
            }}
          />
        ) : (
          <AlertDialog
            title={t('reorderNoneTitle')}
            message={t('reorderNoneMessage', { items: notice.gone.join(', ') })}
            buttonLabel={t('gotIt')}
            onClose={() => setNotice(null)}
          />
        )
      ) : null}
    </div>
  );
}
