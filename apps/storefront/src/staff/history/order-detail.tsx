import { DELIVERY_LINE_PRODUCT_ID, type StaffOrder } from '@comanda/contract';
import { formatBRL, isOrderEditable, orderPaymentName, storeDateTimeText } from '@comanda/domain';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { phoneText, tableRoundLabel } from '../lib/staff-words.ts';
import type { HistoryT } from './history-texts.ts';

const when = (iso: string) => storeDateTimeText(new Date(iso), pageStoreTimeZone());

/** Where the order was eaten, in the board's words. */
export function channelText(order: StaffOrder, t: StaffT): string {
  if (order.mesa) return tableRoundLabel(order.mesa, order.rodada, t);
  if (order.tipo_entrega === 'Entregar') return t('deliveryTo', { address: order.address_string ?? '' });
  return order.tipo_entrega === 'Retirada' ? t('pickup') : t('eatIn');
}

/** Who made a change of the order's history, as people say it. */
function actorText(change: StaffOrder['status_changes'][number], h: HistoryT): string {
  if (change.actor === 'staff') return h('byStaff', { name: change.by_name ?? `#${change.by ?? ''}` });
  return change.actor === 'customer' ? h('byCustomer') : h('bySystem');
}

/** One order of the history in full, with who did what and when, and its reprint. */
export function OrderDetail({
  id,
  numero = null,
  t,
  h,
  onBack,
  onPrint,
  onEdit,
  version = 0,
}: {
  id: number;
  /** The order's number in the store, when the list already knows it (ADR 0065). */
  numero?: number | null | undefined;
  t: StaffT;
  h: HistoryT;
  onBack: () => void;
  onPrint: (order: StaffOrder) => void;
  /** 'Editar pedido' (orders.edit), shown while the order may be edited; absent: not offered. */
  onEdit?: ((order: StaffOrder) => void) | undefined;
  /** Read again when it changes (an edit was saved). */
  version?: number;
}) {
  const language = useLanguage();
  const [order, setOrder] = useState<StaffOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when an edit was saved (version)
  useEffect(() => {
    let current = true;
    setOrder(null);
    setError(null);
    staffFetch<StaffOrder>(`/staff/orders/${id}`).then(
      (loaded) => {
        if (current) setOrder(loaded);
      },
      (caught) => {
        if (current) setError(caught instanceof StaffApiError ? caught.detail : String(caught));
      },
    );
    return () => {
      current = false;
    };
  }, [id, version]);

  // The store's number people read (ADR 0065); the id only for an order that has none.
  const title = t('orderNumber', { id: order?.numero ?? numero ?? id });
  return (
    <section className="staff-card history-detail" aria-label={title}>
      <button type="button" className="button button-secondary history-back" onClick={onBack}>
        ← {h('back')}
      </button>
      <header className="history-detail-head">
        <h2>{title}</h2>
        {order ? (
          <span className="history-status" data-status={order.status}>
            {t(`status${order.status}` as never)}
          </span>
        ) : null}
      </header>
      {error ? (
        <p className="staff-error" role="alert">
          {h('orderFailed', { detail: error })}
        </p>
      ) : null}
      {!order && !error ? <p className="staff-muted">{h('loadingOrder')}</p> : null}
      {order ? (
        <>
          <p className="staff-muted">{h('placedAt', { when: when(order.dh_iniciado) })}</p>
          {order.agendado && order.hora_entrega ? (
            <p className="staff-order-scheduled">{h('scheduledFor', { when: when(order.hora_entrega) })}</p>
          ) : null}
          <p>
            {t('customer', {
              name: order.cliente.nome,
              phone: phoneText(order.fone_para_mensagens ?? order.cliente.telefone),
            })}
          </p>
          {order.pedidos_anteriores === 0 ? (
            <p className="staff-order-new-customer">{t('newCustomer')}</p>
          ) : (
            <p className="staff-muted">{t('previousOrders', { count: order.pedidos_anteriores })}</p>
          )}
          <p>{channelText(order, t)}</p>
          <h3>{h('items')}</h3>
          <ul className="history-lines">
            {order.produtos_pedidos
              .filter((line) => line.produto !== DELIVERY_LINE_PRODUCT_ID)
              .map((line, index) => (
                // Lines have no id of their own; their order in the order is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index}>
                  <span>
                    <strong>
                      {line.qtd}× {line.descricao_produto}
                    </strong>
                    {line.itens_pedidos.length > 0 ? (
                      <span className="history-line-items">
                        {line.itens_pedidos
                          .map((item) =>
                            item.quantidade_pedida === 0
                              ? t('without', { item: item.descricao })
                              : `${item.quantidade_pedida > 1 ? `${item.quantidade_pedida}× ` : ''}${item.descricao}`,
                          )
                          .join(', ')}
                      </span>
                    ) : null}
                    {line.observacao ? (
                      <span className="staff-order-note">{t('notes', { notes: line.observacao })}</span>
                    ) : null}
                  </span>
                  <span className="history-money">{formatBRL(line.valor_total)}</span>
                </li>
              ))}
          </ul>
          {order.observacoes ? (
            <p className="staff-order-note">{t('notes', { notes: order.observacoes })}</p>
          ) : null}
          <dl className="history-totals">
            <div>
              <dt>{h('subtotal')}</dt>
              <dd>{formatBRL(order.total_produtos)}</dd>
            </div>
            {order.acrescimo > 0 ? (
              <div>
                <dt>{h('extras')}</dt>
                <dd>{formatBRL(order.acrescimo)}</dd>
              </div>
            ) : null}
            {order.tipo_entrega === 'Entregar' ? (
              <div>
                <dt>{h('deliveryFee')}</dt>
                <dd>{formatBRL(order.valor_entrega)}</dd>
              </div>
            ) : null}
            {order.desconto > 0 ? (
              <div>
                <dt>{h('discount')}</dt>
                <dd>−{formatBRL(order.desconto)}</dd>
              </div>
            ) : null}
            <div className="history-total">
              <dt>{h('total')}</dt>
              <dd>{formatBRL(order.total)}</dd>
            </div>
          </dl>
          {order.forma_pagamento_nome ? (
            <p>
              {t('payment', {
                method: orderPaymentName(order.forma_pagamento_nome, order.tipo_entrega, language),
              })}
              {order.troco_para ? ` · ${t('changeFor', { amount: formatBRL(order.troco_para) })}` : ''}
            </p>
          ) : null}
          <h3>{h('timeline')}</h3>
          <ol className="history-timeline">
            {order.status_changes.map((change, index) => (
              // The history only grows, oldest first: a change's place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} data-status={change.status}>
                <time dateTime={change.at}>{when(change.at)}</time>
                <span>
                  <strong>{change.from === null ? h('placed') : t(`status${change.status}` as never)}</strong>
                  {' · '}
                  {actorText(change, h)}
                </span>
                {change.reason ? (
                  <span className="staff-muted">{h('reason', { reason: change.reason })}</span>
                ) : null}
              </li>
            ))}
          </ol>
          {order.avaliacao ? (
            <>
              <h3>{h('rating')}</h3>
              <p className="history-rating">
                <span
                  className="history-rating-stars"
                  role="img"
                  aria-label={h('ratingStars', { count: order.avaliacao.nota })}
                >
                  {'★'.repeat(order.avaliacao.nota)}
                  <span aria-hidden="true" className="staff-muted">
                    {'★'.repeat(5 - order.avaliacao.nota)}
                  </span>
                </span>
                {order.avaliacao.comentario ? <span>“{order.avaliacao.comentario}”</span> : null}
              </p>
            </>
          ) : null}
          <div className="staff-order-actions">
            <button type="button" className="button button-secondary" onClick={() => onPrint(order)}>
              {h('reprint')}
            </button>
            {onEdit &&
            isOrderEditable({ status: order.status, paidOnline: order.pagamento_online !== null }) ? (
              <button type="button" className="button button-secondary" onClick={() => onEdit(order)}>
                {t('editOrder')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
