import { storeClockText } from '@comanda/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { notDeliveredReasons } from '../../lib/delivery-reasons.ts';
import type {
  Courier,
  DispatchBoard,
  OutsideDelivery,
  ReadyOrder,
  Route,
  Stop,
} from '../../lib/dispatch-types.ts';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { ReasonDialog } from '../lib/reason-dialog.tsx';
import { StaffApiError } from '../lib/staff-api.ts';
import { isNetworkFailure } from '../lib/staff-errors.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import {
  createRoute,
  deleteRoute,
  departRoute,
  loadCouriers,
  loadDispatch,
  markStopDelivered,
  markStopNotDelivered,
  requestOutside,
  routeBack,
  updateRoute,
} from './dispatch-api.ts';
import { moveStop, routesInOrder, suggestedGroups, toggleSelected, waitingOrders } from './dispatch-model.ts';
import { type DispatchT, useDispatchT } from './dispatch-texts.ts';
import { ReadyOrderCard } from './ready-order-card.tsx';
import { RouteCard, StopMover } from './route-card.tsx';
import './dispatch.css';

/** Read again at least this often, should the board's stream miss something. */
const REFRESH_MS = 30_000;
/** Several events in a burst (a route of five leaving) make one read. */
const SETTLE_MS = 250;

/**
 * 'Entregas' (issue 35, docs/decisions/0071): the ready delivery orders, the suggested groups, a
 * route built from chosen orders and a courier, the routes of the day with each stop's state, and
 * the outside couriers. `heard` changes whenever the board's stream brings an order: the screen
 * reads the dispatch again then, so a stop the courier marks shows here within a moment.
 */
export default function DispatchView({ t: staffT, heard }: { t: StaffT; heard: unknown }) {
  const t = useDispatchT();
  const language = useLanguage();
  const [board, setBoard] = useState<DispatchBoard | null>(null);
  const [couriers, setCouriers] = useState<Courier[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [courierId, setCourierId] = useState<number | null>(null);
  const [notDelivered, setNotDelivered] = useState<{ route: Route; stop: Stop } | null>(null);
  const courierField = useId();

  const reload = useCallback(async () => {
    try {
      setBoard(await loadDispatch());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void reload();
    loadCouriers().then(
      (reply) => setCouriers(reply.entregadores),
      () => setCouriers([]),
    );
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  // The board's stream heard an order (a stop marked, a route left elsewhere): read again.
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `heard` is the signal itself
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => void reload(), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [heard, reload]);

  const waiting = useMemo(() => (board ? waitingOrders(board) : []), [board]);
  const groups = useMemo(() => (board ? suggestedGroups(board) : []), [board]);
  const routes = useMemo(() => (board ? routesInOrder(board.rotas) : []), [board]);
  const byId = useMemo(() => new Map(waiting.map((order) => [order.id, order])), [waiting]);
  // Orders a route took since they were chosen drop out of the choice.
  const chosen = selected.flatMap((id) => byId.get(id) ?? []);
  const activeCouriers = (couriers ?? []).filter((courier) => courier.ativo_hoje);
  const outsideByOrder = new Map((board?.externos ?? []).map((each) => [each.pedido_id, each]));

  /** Runs a call, then reads the board again; a refusal or a lost connection says so in words. */
  const act = async (call: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setNotice(null);
    try {
      await call();
      after?.();
    } catch (error) {
      if (error instanceof StaffApiError && error.code === 'ROUTE_ALREADY_LEFT')
        setNotice(t('routeAlreadyLeft'));
      else if (error instanceof StaffApiError && error.status === 409) setNotice(t('changedMeanwhile'));
      else if (isNetworkFailure(error)) setNotice(t('offline'));
      else
        setNotice(
          t('actionFailed', { detail: error instanceof StaffApiError ? error.detail : String(error) }),
        );
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const build = () => {
    if (courierId === null || chosen.length === 0) return;
    void act(
      () =>
        createRoute(
          courierId,
          chosen.map((order) => order.id),
        ),
      () => setSelected([]),
    );
  };

  const routeActions = {
    depart: (route: Route) => void act(() => departRoute(route.id)),
    remove: (route: Route) => void act(() => deleteRoute(route.id)),
    back: (route: Route) => void act(() => routeBack(route.id)),
    reorder: (route: Route, orders: number[]) => void act(() => updateRoute(route.id, { pedidos: orders })),
    delivered: (route: Route, stop: Stop) => void act(() => markStopDelivered(route.id, stop.id)),
    notDelivered: (route: Route, stop: Stop) => setNotDelivered({ route, stop }),
  };

  if (!board) {
    return (
      <main className="staff-controls dispatch">
        {failed ? (
          <p className="staff-error" role="alert">
            {t('failed')}{' '}
            <button type="button" className="button button-secondary" onClick={() => void reload()}>
              {t('retry')}
            </button>
          </p>
        ) : (
          <p className="staff-muted">{t('loading')}</p>
        )}
      </main>
    );
  }

  return (
    <main className="staff-controls dispatch">
      {notice ? (
        <p className="staff-banner staff-banner-notice" role="status">
          {notice}
        </p>
      ) : null}
      {failed ? (
        <p className="staff-error" role="alert">
          {t('failed')}{' '}
          <button type="button" className="button button-secondary" onClick={() => void reload()}>
            {t('retry')}
          </button>
        </p>
      ) : null}

      <section className="staff-card" aria-labelledby="dispatch-ready">
        <h2 id="dispatch-ready">
          {t('readyTitle')} <span className="staff-count">{waiting.length}</span>
        </h2>
        {waiting.length === 0 ? <p className="staff-muted">{t('readyNone')}</p> : null}
        {waiting.map((order) => (
          <ReadyOrderCard
            key={order.id}
            order={order}
            t={t}
            selected={selected.includes(order.id)}
            onToggle={() => setSelected((ids) => toggleSelected(ids, order.id))}
            onOutside={outsideByOrder.has(order.id) ? null : () => void act(() => requestOutside(order.id))}
          />
        ))}
      </section>

      {groups.length > 0 ? (
        <section className="staff-card" aria-labelledby="dispatch-suggested">
          <h2 id="dispatch-suggested">{t('suggestionsTitle')}</h2>
          <p className="staff-muted">{t('suggestionHint')}</p>
          <ul className="dispatch-groups">
            {groups.map((group) => (
              <li key={group.orders.map((order) => order.id).join()}>
                <div>
                  <strong>{group.bairro ?? t('suggestionNoArea')}</strong>
                  <p className="staff-muted">
                    {group.orders.map((order) => `nº ${order.numero ?? order.id}`).join(' → ')}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setSelected(group.orders.map((order) => order.id))}
                >
                  {t('suggestionUse')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="staff-card" aria-labelledby="dispatch-build">
        <h2 id="dispatch-build">{t('buildTitle')}</h2>
        {chosen.length === 0 ? (
          <p className="staff-muted">{t('buildEmpty')}</p>
        ) : (
          <ol className="dispatch-stops">
            {chosen.map((order, index) => (
              <BuildStop
                key={order.id}
                order={order}
                index={index}
                count={chosen.length}
                t={t}
                onMove={(delta) =>
                  setSelected(
                    moveStop(
                      chosen.map((each) => each.id),
                      index,
                      delta,
                    ),
                  )
                }
                onRemove={() => setSelected((ids) => ids.filter((id) => id !== order.id))}
              />
            ))}
          </ol>
        )}
        <label className="staff-field" htmlFor={courierField}>
          <span>{t('courier')}</span>
          <select
            id={courierField}
            value={courierId ?? ''}
            onChange={(event) => setCourierId(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{t('courierChoose')}</option>
            {activeCouriers.map((courier) => (
              <option key={courier.id} value={courier.id}>
                {courier.nome}
              </option>
            ))}
          </select>
        </label>
        {couriers && activeCouriers.length === 0 ? <p className="staff-muted">{t('noCouriers')}</p> : null}
        <div className="dispatch-order-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy || chosen.length === 0 || courierId === null}
            onClick={build}
          >
            {t('createRoute')}
          </button>
          {chosen.length > 0 ? (
            <button type="button" className="button button-secondary" onClick={() => setSelected([])}>
              {t('clear')}
            </button>
          ) : null}
        </div>
      </section>

      <section className="staff-card" aria-labelledby="dispatch-routes">
        <h2 id="dispatch-routes">{t('routesTitle')}</h2>
        {routes.length === 0 ? <p className="staff-muted">{t('routesNone')}</p> : null}
        {routes.map((route) => (
          <RouteCard key={route.id} route={route} t={t} busy={busy} actions={routeActions} />
        ))}
      </section>

      {board.externos.length > 0 ? (
        <section className="staff-card" aria-labelledby="dispatch-outside">
          <h2 id="dispatch-outside">{t('outsideTitle')}</h2>
          <ul className="dispatch-outside">
            {board.externos.map((delivery) => (
              <OutsideLine key={delivery.id} delivery={delivery} t={t} />
            ))}
          </ul>
        </section>
      ) : null}

      {notDelivered ? (
        <ReasonDialog
          title={t('notDeliveredTitle', {
            id: notDelivered.stop.pedido.numero ?? notDelivered.stop.pedido.id,
          })}
          presets={notDeliveredReasons(language)}
          t={staffT}
          onCancel={() => setNotDelivered(null)}
          onConfirm={async (reason) => {
            const { route, stop } = notDelivered;
            await act(() => markStopNotDelivered(route.id, stop.id, reason));
            setNotDelivered(null);
          }}
        />
      ) : null}
    </main>
  );
}

function BuildStop({
  order,
  index,
  count,
  t,
  onMove,
  onRemove,
}: {
  order: ReadyOrder;
  index: number;
  count: number;
  t: DispatchT;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const number = order.numero ?? order.id;
  return (
    <li>
      <span className="dispatch-stop-number" aria-hidden="true">
        {index + 1}
      </span>
      <div className="dispatch-stop-body">
        <p>
          <strong>{t('orderNumber', { id: number })}</strong>
          {order.bairro ? ` · ${order.bairro}` : ''}
        </p>
        <p className="staff-muted">{order.endereco}</p>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={onRemove}
          aria-label={t('stopRemove', { id: number })}
        >
          {t('remove')}
        </button>
      </div>
      <StopMover index={index} count={count} t={t} onMove={onMove} />
    </li>
  );
}

function OutsideLine({ delivery, t }: { delivery: OutsideDelivery; t: DispatchT }) {
  const zone = pageStoreTimeZone();
  const last = delivery.eventos[delivery.eventos.length - 1];
  return (
    <li data-state={delivery.estado}>
      <p>
        <strong>{t('orderNumber', { id: delivery.numero ?? delivery.pedido_id })}</strong> ·{' '}
        {t(`outside_${delivery.estado}`)}
        {last ? ` · ${storeClockText(new Date(last.em), zone)}` : ''}
      </p>
      {delivery.entregador_nome ? (
        <p className="staff-muted">
          {t('outsideBy', { provider: delivery.provedor, name: delivery.entregador_nome })}
        </p>
      ) : (
        <p className="staff-muted">{delivery.provedor}</p>
      )}
    </li>
  );
}
