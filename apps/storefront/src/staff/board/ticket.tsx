import type { StaffOrder } from '@comanda/contract';
import { formatBRL, storeClockText } from '@comanda/domain';
import { createPortal } from 'react-dom';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { phoneText, tableRoundLabel } from '../lib/staff-words.ts';
import { groupedLines, onlinePaymentNote } from './board-model.ts';

/**
 * The kitchen ticket and, for delivery and pickup, the counter's copy below it, laid out for 80 mm
 * thermal paper (72 mm printable): only this prints (staff.css, @media print). A table's round
 * says its table and round ('Mesa 3 · Rodada 2'); each round is its own order, so only its items print.
 */
export function OrderTicket({ order, t }: { order: StaffOrder; t: StaffT }) {
  const online = onlinePaymentNote(order);
  const kind =
    order.tipo_entrega === 'Entregar'
      ? t('deliveryTicket')
      : order.tipo_entrega === 'Retirada'
        ? t('pickupTicket')
        : null;
  const lines = groupedLines(order.produtos_pedidos).map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is stable
    <li key={index}>
      <strong>
        {line.qtd}x {line.descricao_produto}
      </strong>
      {line.itens_pedidos.map((item) => (
        <div key={`${item.grupo}-${item.item_id}`} className="ticket-item">
          {item.quantidade_pedida === 0
            ? `- ${t('without', { item: item.descricao })}`
            : `+ ${item.quantidade_pedida > 1 ? `${item.quantidade_pedida}x ` : ''}${item.descricao}`}
        </div>
      ))}
      {line.observacao ? <div className="ticket-note">{t('notes', { notes: line.observacao })}</div> : null}
    </li>
  ));
  return createPortal(
    <div className="ticket-sheet" data-testid="ticket">
      <section className="ticket">
        <p className="ticket-kind">{t('kitchenTicket')}</p>
        <p className="ticket-number">#{order.id}</p>
        {order.mesa ? <p className="ticket-table">{tableRoundLabel(order.mesa, order.rodada, t)}</p> : null}
        <p>{t('placedAt', { time: storeClockText(new Date(order.dh_iniciado), pageStoreTimeZone()) })}</p>
        <ul className="ticket-lines">{lines}</ul>
        {order.observacoes ? <p className="ticket-note">{t('notes', { notes: order.observacoes })}</p> : null}
      </section>
      {kind ? (
        <section className="ticket">
          <p className="ticket-kind">{kind}</p>
          <p className="ticket-number">#{order.id}</p>
          <p>
            {t('customer', {
              name: order.cliente.nome,
              phone: phoneText(order.fone_para_mensagens ?? order.cliente.telefone),
            })}
          </p>
          {order.tipo_entrega === 'Entregar' && order.address_string ? <p>{order.address_string}</p> : null}
          {online ? (
            <p className="ticket-kind">{t(online.key, { amount: formatBRL(online.amount) })}</p>
          ) : (
            <p>{t('payment', { method: order.forma_pagamento_nome ?? '—' })}</p>
          )}
          {order.troco_para ? <p>{t('changeFor', { amount: formatBRL(order.troco_para) })}</p> : null}
          <p className="ticket-total">{t('total', { amount: formatBRL(order.total) })}</p>
        </section>
      ) : null}
    </div>,
    document.body,
  );
}
