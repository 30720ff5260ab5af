import type { KitchenLine, KitchenOrder, KitchenReply } from '@comanda/contract';
import { type KitchenUrgency, kitchenUrgency, storeClockText } from '@comanda/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { type StaffT, useStaffT } from '../lib/staff-texts.ts';
import { tableRoundLabel } from '../lib/staff-words.ts';
import { type KitchenT, useKitchenT } from './kitchen-texts.ts';
import { useKitchen } from './use-kitchen.ts';
import './kitchen.css';

/*
 * The kitchen display (docs/decisions/0055): a wall screen of one station's orders in preparation,
 * each a ticket with its own lines. Tapping a line marks it ready; the ticket's button (or its number
 * key) marks the station's part ready; 'Desfazer' takes the last one back. The server keeps the bumps,
 * so every screen of the station agrees, and the last station's bump makes the order ready.
 */

const STATION_KEY = 'kitchen_station';

/** The station from the address (?estacao=ID), else the one this screen showed last; null: all. */
function initialStation(): number | null {
  const fromUrl = Number(new URLSearchParams(window.location.search).get('estacao'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  try {
    const saved = Number(localStorage.getItem(STATION_KEY));
    return Number.isInteger(saved) && saved > 0 ? saved : null;
  } catch {
    return null;
  }
}

function rememberStation(station: number | null) {
  const url = new URL(window.location.href);
  if (station) url.searchParams.set('estacao', String(station));
  else url.searchParams.delete('estacao');
  window.history.replaceState(null, '', url);
  try {
    if (station) localStorage.setItem(STATION_KEY, String(station));
    else localStorage.removeItem(STATION_KEY);
  } catch {
    // The choice lasts for this page only.
  }
}

/** Re-renders every second: the tickets' timers. */
function useSecondClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const two = (value: number) => String(value).padStart(2, '0');

/** 'm:ss' since acceptance (never negative). */
export function elapsedText(acceptedAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - acceptedAt.getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${two(seconds % 60)}`;
}

const dayOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit' }).format(at);

/** A scheduled time as the kitchen reads it: '20:30' today, '06/05 20:30' another day. */
function scheduledText(at: Date, now: Date, timeZone: string): string {
  const time = storeClockText(at, timeZone);
  return dayOf(at, timeZone) === dayOf(now, timeZone) ? time : `${dayOf(at, timeZone)} ${time}`;
}

function whoFor(order: KitchenOrder, t: KitchenT, staffT: StaffT): string {
  if (order.mesa) return tableRoundLabel(order.mesa, order.rodada, staffT);
  const name = order.cliente_nome;
  if (order.tipo_entrega === 'Entregar') return t('deliveryFor', { name });
  if (order.tipo_entrega === 'Retirada') return t('pickupFor', { name });
  return t('eatInFor', { name });
}

export default function KitchenScreen() {
  const t = useKitchenT();
  const staffT = useStaffT();
  const [station, setStation] = useState<number | null>(initialStation);
  const { load, connected, reload, show } = useKitchen(station);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const now = useSecondClock();
  const reply = load.state === 'ready' ? load.reply : null;
  // The station buttons stay while another station's orders load.
  const knownStations = useRef<KitchenReply['stations']>([]);
  if (reply) knownStations.current = reply.stations;
  const stations = knownStations.current;

  const choose = (next: number | null) => {
    rememberStation(next);
    setStation(next);
  };

  // A station that is no more (removed, or another store's): the screen shows every station.
  useEffect(() => {
    if (load.state === 'failed' && load.code === 'UNKNOWN_STATION') choose(null);
  });

  const act = useCallback(
    /** `shown` is the order's number as the screen names it (its numero, ADR 0065). */
    async (orderId: number, shown: number, path: 'bump' | 'recall', body: object) => {
      setBusy(orderId);
      setNotice(null);
      try {
        show(
          await staffFetch<KitchenReply>(`/staff/kitchen/orders/${orderId}/${path}`, {
            method: 'POST',
            json: body,
          }),
        );
      } catch (error) {
        if (error instanceof StaffApiError && error.status === 409) setNotice(t('movedOn', { id: shown }));
        else setNotice(t('bumpFailed', { detail: error instanceof Error ? error.message : String(error) }));
        await reload();
      } finally {
        setBusy(null);
      }
    },
    [show, reload, t],
  );

  const scope = station ? { station_id: station } : {};
  const bumpOrder = (order: KitchenOrder) => void act(order.id, order.numero ?? order.id, 'bump', scope);
  const bumpLine = (order: KitchenOrder, line: KitchenLine) =>
    void act(order.id, order.numero ?? order.id, 'bump', { ...scope, line: line.seq });
  const recall = () => {
    const last = reply?.last_bump;
    if (last) void act(last.order_id, last.numero ?? last.order_id, 'recall', scope);
  };

  // A bump bar (or a keyboard): 1–9 mark the ticket of that number ready, 0 undoes the last.
  const shownOrders = reply?.orders ?? [];
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || busy !== null) return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
      if (event.key === '0') {
        recall();
        return;
      }
      const order = /^[1-9]$/.test(event.key) ? shownOrders[Number(event.key) - 1] : undefined;
      if (order) bumpOrder(order);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stationName = reply?.stations.find((each) => each.id === reply.station_id)?.name ?? null;
  const timeZone = pageStoreTimeZone();

  return (
    <div className="kds">
      <header className="kds-bar">
        <h1>{stationName ?? t('kitchenTitle')}</h1>
        {stations.length > 0 ? (
          <nav className="kds-stations" aria-label={t('stationChoice')}>
            <button type="button" aria-pressed={station === null} onClick={() => choose(null)}>
              {t('allStations')}
            </button>
            {stations.map((each) => (
              <button
                key={each.id}
                type="button"
                aria-pressed={station === each.id}
                onClick={() => choose(each.id)}
              >
                {each.name}
              </button>
            ))}
          </nav>
        ) : null}
        {reply ? (
          <span className="kds-count" aria-live="polite">
            {t('ordersWaiting', { count: reply.orders.length })}
          </span>
        ) : null}
        {reply?.last_bump ? (
          <button
            type="button"
            className="kds-recall"
            aria-label={t('recallLabel', { id: reply.last_bump.numero ?? reply.last_bump.order_id })}
            disabled={busy !== null}
            onClick={recall}
          >
            ↶ {t('recall', { id: reply.last_bump.numero ?? reply.last_bump.order_id })}
          </button>
        ) : null}
        <a className="kds-back" href="/staff">
          {t('backToBoard')}
        </a>
      </header>
      {connected ? null : (
        <p className="kds-banner kds-banner-offline" role="status">
          {t('connectionLost')}
        </p>
      )}
      {notice ? (
        <p className="kds-banner" role="status">
          {notice}
        </p>
      ) : null}
      {load.state === 'loading' ? <p className="kds-empty">{t('loading')}</p> : null}
      {load.state === 'failed' ? (
        <p className="kds-empty" role="alert">
          {t('loadFailed', { detail: load.detail })}
        </p>
      ) : null}
      {reply && reply.orders.length === 0 ? (
        <p className="kds-empty">{stationName ? t('emptyAt', { station: stationName }) : t('empty')}</p>
      ) : null}
      {reply ? (
        <main className="kds-grid">
          {reply.orders.map((order, index) => (
            <Ticket
              key={order.id}
              order={order}
              keyNumber={index < 9 ? index + 1 : null}
              stations={reply.station_id === null && reply.stations.length > 1 ? reply.stations : null}
              now={now}
              timeZone={timeZone}
              busy={busy === order.id}
              t={t}
              staffT={staffT}
              onBumpLine={(line) => bumpLine(order, line)}
              onBumpOrder={() => bumpOrder(order)}
            />
          ))}
        </main>
      ) : null}
    </div>
  );
}

const URGENCY_CLASS: Record<KitchenUrgency, string> = {
  normal: 'kds-ticket',
  late: 'kds-ticket kds-late',
  very_late: 'kds-ticket kds-very-late',
};

function Ticket({
  order,
  keyNumber,
  stations,
  now,
  timeZone,
  busy,
  t,
  staffT,
  onBumpLine,
  onBumpOrder,
}: {
  order: KitchenOrder;
  keyNumber: number | null;
  /** The store's stations when the screen shows all of them: each line says its own. */
  stations: KitchenReply['stations'] | null;
  now: Date;
  timeZone: string;
  busy: boolean;
  t: KitchenT;
  staffT: StaffT;
  onBumpLine: (line: KitchenLine) => void;
  onBumpOrder: () => void;
}) {
  const accepted = new Date(order.accepted_at);
  const minutes = Math.max(0, Math.floor((now.getTime() - accepted.getTime()) / 60_000));
  const urgency = kitchenUrgency(accepted, now);
  return (
    <article
      className={URGENCY_CLASS[urgency]}
      data-urgency={urgency}
      aria-label={`#${order.numero ?? order.id}`}
    >
      <header className="kds-ticket-head">
        <span className="kds-number">#{order.numero ?? order.id}</span>
        <span className="kds-timer" role="timer" aria-label={t('acceptedAgo', { minutes })}>
          {elapsedText(accepted, now)}
        </span>
        <span className="kds-who">{whoFor(order, t, staffT)}</span>
        {keyNumber ? (
          <kbd className="kds-key" title={t('keyHint', { key: keyNumber })}>
            {keyNumber}
          </kbd>
        ) : null}
      </header>
      {order.alterado_em ? <p className="kds-changed">{t('changed')}</p> : null}
      {order.hora_entrega ? (
        <p className="kds-scheduled">
          {t('scheduledAt', { time: scheduledText(new Date(order.hora_entrega), now, timeZone) })}
        </p>
      ) : null}
      <ul className="kds-lines">
        {order.lines.map((line) => (
          <li key={line.seq}>
            <button
              type="button"
              className="kds-line"
              aria-pressed={line.bumped}
              aria-label={t(line.bumped ? 'lineDone' : 'bumpLine', { qtd: line.qtd, item: line.descricao })}
              disabled={line.bumped || busy}
              onClick={() => onBumpLine(line)}
            >
              <span className="kds-line-name">
                <span className="kds-qtd">{line.qtd}x</span> {line.descricao}
                {line.bumped ? <span aria-hidden="true"> ✓</span> : null}
                {line.nova ? (
                  <>
                    {' '}
                    <span className="kds-new">{t('newLine')}</span>
                  </>
                ) : null}
              </span>
              {stations ? (
                <span className="kds-line-station">
                  {stations.find((each) => each.id === line.station_id)?.name}
                </span>
              ) : null}
              {line.opcoes.length > 0 ? <span className="kds-choices">{line.opcoes.join(' · ')}</span> : null}
              {line.sem.map((item) => (
                <span key={`sem-${item}`} className="kds-without">
                  {t('without', { item })}
                </span>
              ))}
              {line.extras.map((item) => (
                <span key={`extra-${item}`} className="kds-extra">
                  + {item}
                </span>
              ))}
              {line.observacao ? (
                <span className="kds-note">{t('lineNote', { note: line.observacao })}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {order.removidas.length > 0 ? (
        <div className="kds-removed">
          <p className="kds-removed-title">{t('removedTitle')}</p>
          <ul>
            {order.removidas.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines taken out have no number of their own here
              <li key={index}>
                <s>
                  {line.qtd}x {line.descricao}
                </s>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {order.observacoes ? <p className="kds-note">{t('orderNote', { note: order.observacoes })}</p> : null}
      <button
        type="button"
        className="kds-bump"
        aria-label={t('bumpOrderLabel', { id: order.numero ?? order.id })}
        disabled={busy}
        onClick={onBumpOrder}
      >
        {t('bumpOrder')} ✓
      </button>
    </article>
  );
}
