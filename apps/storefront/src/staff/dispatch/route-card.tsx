import { formatBRL, storeClockText } from '@comanda/domain';
import { useEffect, useState } from 'react';
import type { Route, Stop } from '../../lib/dispatch-types.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { moveStop, routeCash, routeProgress, sortedStops } from './dispatch-model.ts';
import type { DispatchT } from './dispatch-texts.ts';
import { AddressLines, CashLine } from './ready-order-card.tsx';

const STATE_TEXT = { montando: 'routeBuilding', em_rota: 'routeOut', encerrada: 'routeEnded' } as const;

export interface RouteActions {
  depart: (route: Route) => void;
  remove: (route: Route) => void;
  back: (route: Route) => void;
  reorder: (route: Route, orders: number[]) => void;
  delivered: (route: Route, stop: Stop) => void;
  notDelivered: (route: Route, stop: Stop) => void;
}

/** Up and down buttons, large enough for a thumb, for one stop of a list. */
export function StopMover({
  index,
  count,
  t,
  onMove,
}: {
  index: number;
  count: number;
  t: DispatchT;
  onMove: (delta: -1 | 1) => void;
}) {
  return (
    <span className="dispatch-mover">
      <button
        type="button"
        className="button button-secondary"
        aria-label={t('stopUp', { n: index + 1 })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-label={t('stopDown', { n: index + 1 })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </span>
  );
}

function StopState({ stop, t }: { stop: Stop; t: DispatchT }) {
  const zone = pageStoreTimeZone();
  const time = stop.em ? storeClockText(new Date(stop.em), zone) : '';
  if (stop.estado === 'entregue')
    return <p className="staff-pill staff-pill-ok">{t('stopDelivered', { time })}</p>;
  if (stop.estado === 'nao_entregue')
    return (
      <p className="staff-pill staff-pill-warn">
        {t('stopNotDelivered', { time, reason: stop.motivo ?? '' })}
      </p>
    );
  return <p className="staff-pill">{t('stopPending')}</p>;
}

/**
 * A route: being built (reorder its stops, 'Saiu para entrega', undo), on the street (each stop's
 * state as the courier marks it, heard through the board's stream), or ended today.
 */
export function RouteCard({
  route,
  t,
  busy,
  actions,
}: {
  route: Route;
  t: DispatchT;
  busy: boolean;
  actions: RouteActions;
}) {
  const zone = pageStoreTimeZone();
  const stops = sortedStops(route);
  const [order, setOrder] = useState(() => stops.map((stop) => stop.pedido.id));
  const serverOrder = stops.map((stop) => stop.pedido.id).join();
  // The server's copy changed (a reload, another device): the shown order follows it.
  useEffect(() => setOrder(serverOrder.split(',').map(Number)), [serverOrder]);
  const reordered = order.join() !== serverOrder;
  const byOrder = new Map(stops.map((stop) => [stop.pedido.id, stop]));
  const shown = route.estado === 'montando' ? order.flatMap((id) => byOrder.get(id) ?? []) : stops;
  const progress = routeProgress(route);
  const cash = routeCash(route);
  return (
    <article
      className="staff-order dispatch-route"
      aria-label={t('routeOf', { name: route.entregador.nome })}
      data-state={route.estado}
    >
      <div className="dispatch-order-head">
        <strong>{t('routeOf', { name: route.entregador.nome })}</strong>
        <span className={route.estado === 'em_rota' ? 'staff-pill staff-pill-ok' : 'staff-pill'}>
          {t(STATE_TEXT[route.estado])}
        </span>
      </div>
      {route.saiu_em ? (
        <p className="staff-muted">
          {t('routeLeftAt', { time: storeClockText(new Date(route.saiu_em), zone) })}
          {route.voltou_em
            ? ` · ${t('routeBackAt', { time: storeClockText(new Date(route.voltou_em), zone) })}`
            : ''}
        </p>
      ) : null}
      {route.estado !== 'montando' ? (
        <p className="dispatch-progress">
          {t('routeProgress', { done: progress.delivered, total: progress.total })}
          {progress.notDelivered > 0 ? ` · ${t('routeNotDelivered', { count: progress.notDelivered })}` : ''}
        </p>
      ) : null}
      {route.estado !== 'encerrada' && cash.collect > 0 ? (
        <p className="staff-muted">
          {t('routeCash', { amount: formatBRL(cash.collect) })}
          {cash.change > 0 ? ` · ${t('routeChange', { amount: formatBRL(cash.change) })}` : ''}
        </p>
      ) : null}
      <ol className="dispatch-stops">
        {shown.map((stop, index) => (
          <li key={stop.id} data-state={stop.estado}>
            <span className="dispatch-stop-number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="dispatch-stop-body">
              <p>
                <strong>{t('orderNumber', { id: stop.pedido.numero ?? stop.pedido.id })}</strong> ·{' '}
                {stop.pedido.cliente_nome}
              </p>
              <AddressLines order={stop.pedido} />
              {route.estado === 'montando' ? null : <StopState stop={stop} t={t} />}
              {route.estado === 'em_rota' && stop.estado === 'pendente' ? (
                <>
                  <CashLine order={stop.pedido} t={t} />
                  <div className="dispatch-order-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      onClick={() => actions.delivered(route, stop)}
                    >
                      {t('markDelivered')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      onClick={() => actions.notDelivered(route, stop)}
                    >
                      {t('markNotDelivered')}
                    </button>
                  </div>
                </>
              ) : null}
            </div>
            {route.estado === 'montando' ? (
              <StopMover
                index={index}
                count={shown.length}
                t={t}
                onMove={(delta) => setOrder((ids) => moveStop(ids, index, delta))}
              />
            ) : null}
          </li>
        ))}
      </ol>
      {route.estado === 'em_rota' && progress.finished ? (
        <div className="dispatch-order-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => actions.back(route)}
          >
            {t('routeBack')}
          </button>
        </div>
      ) : null}
      {route.estado === 'montando' ? (
        <div className="dispatch-order-actions">
          {reordered ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => actions.reorder(route, order)}
            >
              {t('saveOrder')}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary dispatch-depart"
              disabled={busy}
              onClick={() => actions.depart(route)}
            >
              {t('depart')}
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => actions.remove(route)}
          >
            {t('deleteRoute')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
