import { formatBRL, formatBrazilianPhone } from '@comanda/domain';
import { complementBeside } from '../../lib/dispatch-address.ts';
import type { ReadyOrder } from '../../lib/dispatch-types.ts';
import { useLanguage } from '../../lib/preferences.ts';
import { distanceText, isLate, waitingText } from './dispatch-model.ts';
import type { DispatchT } from './dispatch-texts.ts';

/** What to collect at the door: the amount and method, the change to bring; or 'paid online'. */
export function CashLine({ order, t }: { order: ReadyOrder; t: DispatchT }) {
  const cash = order.cobrar;
  if (!cash) return <p className="dispatch-cash dispatch-cash-paid">{t('paidOnline')}</p>;
  return (
    <p className="dispatch-cash">
      <strong>{t('collect', { amount: formatBRL(cash.valor), method: cash.forma })}</strong>
      {cash.troco_para !== null && cash.troco !== null ? (
        <span>
          {' '}
          · {t('changeFor', { amount: formatBRL(cash.troco_para), change: formatBRL(cash.troco) })}
        </span>
      ) : null}
    </p>
  );
}

/** The address block of an order: street, complement, neighbourhood, reference. */
export function AddressLines({ order }: { order: ReadyOrder }) {
  const complement = complementBeside(order.endereco, order.complemento);
  return (
    <p className="dispatch-address">
      {order.bairro ? <span className="dispatch-area">{order.bairro} · </span> : null}
      {order.endereco}
      {complement ? ` · ${complement}` : ''}
      {order.referencia ? <span className="dispatch-reference"> ({order.referencia})</span> : null}
    </p>
  );
}

/** A ready delivery order on the 'Entregas' screen, chosen for a route with one large tap. */
export function ReadyOrderCard({
  order,
  selected,
  t,
  onToggle,
  onOutside,
}: {
  order: ReadyOrder;
  selected: boolean;
  t: DispatchT;
  onToggle: () => void;
  onOutside: (() => void) | null;
}) {
  const language = useLanguage() === 'en' ? 'en' : 'pt_br';
  const km = distanceText(order.distancia_m, language);
  const waiting = waitingText(order.aguardando_min);
  const number = order.numero ?? order.id;
  return (
    <article
      className="staff-order dispatch-order"
      aria-label={t('orderNumber', { id: number })}
      data-selected={selected || undefined}
      data-flagged={order.nao_entregue ? true : undefined}
    >
      <div className="dispatch-order-head">
        <strong>{t('orderNumber', { id: number })}</strong>
        <span>{order.cliente_nome}</span>
        {order.cliente_telefone ? (
          <span className="staff-muted">{formatBrazilianPhone(order.cliente_telefone)}</span>
        ) : null}
      </div>
      <AddressLines order={order} />
      <p className="dispatch-facts">
        <span>{km ? t('distance', { km }) : t('distanceUnknown')}</span>
        {waiting ? (
          <span className={isLate(order) ? 'staff-pill staff-pill-warn' : undefined}>
            {t('waiting', { time: waiting })}
          </span>
        ) : null}
      </p>
      <CashLine order={order} t={t} />
      {order.nao_entregue ? (
        <p className="dispatch-flag" role="note">
          {t('notDelivered', { reason: order.nao_entregue.motivo })}
        </p>
      ) : null}
      <div className="dispatch-order-actions">
        <button
          type="button"
          className={
            selected ? 'button button-primary dispatch-select' : 'button button-secondary dispatch-select'
          }
          aria-pressed={selected}
          onClick={onToggle}
        >
          {selected ? `✓ ${t('selected')}` : t('select')}
        </button>
        {onOutside ? (
          <button type="button" className="button button-small dispatch-outside-button" onClick={onOutside}>
            {t('outsideRequest')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
