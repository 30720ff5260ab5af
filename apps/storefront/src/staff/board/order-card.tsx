import type { StaffOrder } from '@comanda/contract';
import { formatBRL, isFinalStatus, isOrderEditable, orderPaymentName, storeClockText } from '@comanda/domain';
import { useLanguage } from '../../lib/preferences.ts';
import { scheduleText } from '../../lib/schedule-times.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { phoneText, tableRoundLabel } from '../lib/staff-words.ts';
import { groupedLines, minutesSince, nextStatus, onlinePaymentNote, wasRefused } from './board-model.ts';

export type OrderAction =
  | { kind: 'advance'; to: string }
  | { kind: 'refuse' }
  | { kind: 'cancel' }
  | { kind: 'print' }
  | { kind: 'edit' };

const ADVANCE_LABEL: Record<string, Parameters<StaffT>[0]> = {
  Preparo: 'accept',
  Concluido: 'toReady',
  Entregue: 'toDelivered',
};

/** Everything the counter needs to handle one order, and its actions. */
export function OrderCard({
  order,
  now,
  onAction,
  t,
  canEdit = false,
}: {
  order: StaffOrder;
  now: Date;
  onAction: (order: StaffOrder, action: OrderAction) => void;
  t: StaffT;
  /** The staff member may edit orders (orders.edit): 'Editar pedido' while the order allows it. */
  canEdit?: boolean;
}) {
  const language = useLanguage();
  const minutes = minutesSince(order.dh_iniciado, now);
  const next = nextStatus(order.status);
  const open = next !== null;
  const online = onlinePaymentNote(order);
  return (
    <article
      className="staff-order"
      aria-label={t('orderNumber', { id: order.numero ?? order.id })}
      data-status={order.status}
    >
      <header className="staff-order-head">
        <h3>{t('orderNumber', { id: order.numero ?? order.id })}</h3>
        <span className="staff-muted">
          {storeClockText(new Date(order.dh_iniciado), pageStoreTimeZone())} ·{' '}
          {minutes < 1 ? t('justNow') : t('minutesAgo', { minutes })}
        </span>
      </header>
      {isFinalStatus(order.status) ? (
        <p className="staff-order-status">
          {wasRefused(order) ? t('statusRecusado') : t(`status${order.status}`)}
        </p>
      ) : null}
      {order.agendado && order.hora_entrega ? (
        <p className="staff-order-scheduled">
          {t('scheduledFor', { when: scheduleText(order.hora_entrega, now, language, pageStoreTimeZone()) })}
        </p>
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
      <p className={order.mesa ? 'staff-order-table' : undefined}>
        {order.mesa
          ? tableRoundLabel(order.mesa, order.rodada, t)
          : order.tipo_entrega === 'Entregar'
            ? t('deliveryTo', { address: order.address_string ?? '' })
            : order.tipo_entrega === 'Retirada'
              ? t('pickup')
              : t('eatIn')}
      </p>
      <ul className="staff-order-lines">
        {groupedLines(order.produtos_pedidos).map((line, index) => (
          // Lines have no id of their own; their order in the order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <strong>
              {line.qtd}× {line.descricao_produto}
            </strong>
            {line.itens_pedidos.length > 0 ? (
              <ul>
                {line.itens_pedidos.map((item) => (
                  <li key={`${item.grupo}-${item.item_id}`}>
                    {item.quantidade_pedida === 0
                      ? t('without', { item: item.descricao })
                      : `${item.quantidade_pedida > 1 ? `${item.quantidade_pedida}× ` : ''}${item.descricao}`}
                  </li>
                ))}
              </ul>
            ) : null}
            {line.observacao ? (
              <p className="staff-order-note">{t('notes', { notes: line.observacao })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {order.observacoes ? (
        <p className="staff-order-note">{t('notes', { notes: order.observacoes })}</p>
      ) : null}
      {online ? (
        <p
          className={
            online.key === 'refundByHand' ? 'staff-order-paid staff-order-refund' : 'staff-order-paid'
          }
        >
          {t(online.key, { amount: formatBRL(online.amount) })}
        </p>
      ) : order.mesa ? (
        // A table's round is paid when its tab is closed.
        <p>{t('paymentWithTab')}</p>
      ) : order.forma_pagamento_nome ? (
        <p>
          {t('payment', {
            method: orderPaymentName(order.forma_pagamento_nome, order.tipo_entrega, language),
          })}
          {order.troco_para ? ` · ${t('changeFor', { amount: formatBRL(order.troco_para) })}` : ''}
        </p>
      ) : null}
      <p className="staff-order-total">{t('total', { amount: formatBRL(order.total) })}</p>
      {order.status === 'Cancelado' && order.motivo_cancelamento ? (
        <p className="staff-muted">{order.motivo_cancelamento}</p>
      ) : null}
      <div className="staff-order-actions">
        {next ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => onAction(order, { kind: 'advance', to: next })}
          >
            {t(ADVANCE_LABEL[next] ?? 'accept')}
          </button>
        ) : null}
        {order.status === 'Solicitado' ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onAction(order, { kind: 'refuse' })}
          >
            {t('refuse')}
          </button>
        ) : open ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onAction(order, { kind: 'cancel' })}
          >
            {t('cancel')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onAction(order, { kind: 'print' })}
        >
          {t('print')}
        </button>
        {canEdit && isOrderEditable({ status: order.status, paidOnline: order.pagamento_online !== null }) ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onAction(order, { kind: 'edit' })}
          >
            {t('editOrder')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
