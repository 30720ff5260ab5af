import { formatBRL, storeClockText } from '@comanda/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { notDeliveredReasons } from '../../../lib/delivery-reasons.ts';
import { complementBeside } from '../../../lib/dispatch-address.ts';
import type { CourierRouteReply, Stop, StopState } from '../../../lib/dispatch-types.ts';
import { useOnline } from '../../../lib/online.ts';
import { setLanguage, useLanguage } from '../../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import {
  backAtStore,
  CourierApiError,
  loadCourierRoute,
  markDelivered,
  markNotDelivered,
} from '../api/courier-api.ts';
import { type CourierT, useCourierT } from '../courier-texts.ts';
import {
  allMarked,
  backToStoreMapsUrl,
  backToStoreWazeUrl,
  currentStop,
  firstName,
  forgetRoute,
  markOutcome,
  readSavedRoute,
  saveRoute,
  stopsInOrder,
  withStop,
} from '../model/courier-route.ts';
import '../courier.css';

/** Read again this often while the page is open: the store may add, reorder or mark stops. */
const REFRESH_MS = 30_000;

type Load =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'shown'; reply: CourierRouteReply; savedAt: string | null }
  | { kind: 'offline' };

/** The stop a 409 carries, whatever its key in the reply. */
function conflictStop(body: unknown): Stop | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const candidate = record.current ?? record.parada ?? record.stop ?? record.atual;
  return candidate && typeof candidate === 'object' ? (candidate as Stop) : null;
}

/**
 * /entregador/<token> (issue 35 item 3): the courier's route on their phone, outside the menu's
 * shell and its own chunk. The last route read stays on the phone, so a dead zone shows the stops
 * still (with a notice); a revoked or unknown link shows only that it is not valid.
 */
export default function CourierScreen({ params }: { params: Record<string, string | undefined> }) {
  const t = useCourierT();
  const token = params.token ?? '';
  const online = useOnline();
  const [load, setLoad] = useState<Load>(() => {
    const saved = token ? readSavedRoute(token) : null;
    // Shown at once while the network is asked; flagged as saved only if the network fails.
    return saved ? { kind: 'shown', reply: saved.reply, savedAt: null } : { kind: 'loading' };
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | 'back' | null>(null);
  const [asking, setAsking] = useState<Stop | null>(null);

  const refresh = useCallback(async () => {
    if (!token) {
      setLoad({ kind: 'invalid' });
      return;
    }
    try {
      const reply = await loadCourierRoute(token);
      saveRoute(token, reply, new Date());
      setLoad({ kind: 'shown', reply, savedAt: null });
    } catch (error) {
      if (error instanceof CourierApiError && (error.status === 401 || error.status === 403)) {
        forgetRoute(token);
        setLoad({ kind: 'invalid' });
        return;
      }
      // No network (or the server is down): what was saved stays, flagged as such.
      const saved = readSavedRoute(token);
      setLoad(saved ? { kind: 'shown', reply: saved.reply, savedAt: saved.savedAt } : { kind: 'offline' });
    }
  }, [token]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  // The network is back: read at once.
  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);

  const shownReply = load.kind === 'shown' ? load.reply : null;
  const apply = (stop: Stop) => {
    if (!shownReply) return;
    const reply = withStop(shownReply, stop);
    saveRoute(token, reply, new Date());
    setLoad({ kind: 'shown', reply, savedAt: null });
  };

  const mark = async (stop: Stop, wanted: StopState, reason?: string) => {
    setBusy(stop.id);
    setNotice(null);
    try {
      const marked =
        wanted === 'entregue'
          ? await markDelivered(token, stop.id)
          : await markNotDelivered(token, stop.id, reason ?? '');
      apply(marked);
      return true;
    } catch (error) {
      if (error instanceof CourierApiError && error.status === 401) {
        forgetRoute(token);
        setLoad({ kind: 'invalid' });
        return true;
      }
      if (error instanceof CourierApiError && error.status === 409) {
        const outcome = markOutcome(wanted, conflictStop(error.body));
        if (outcome.kind !== 'unknown') apply(outcome.stop);
        if (outcome.kind === 'other') {
          const state = `state${outcome.stop.estado[0]?.toUpperCase()}${outcome.stop.estado.slice(1)}`;
          setNotice(t('markOther', { state: t(state as Parameters<CourierT>[0]) }));
        }
        if (outcome.kind === 'unknown') void refresh();
        return true;
      }
      setNotice(error instanceof CourierApiError ? t('failed') : t('markFailed'));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const comeBack = async () => {
    setBusy('back');
    setNotice(null);
    try {
      const route = await backAtStore(token);
      if (shownReply) {
        const reply = { ...shownReply, rota: route };
        saveRoute(token, reply, new Date());
        setLoad({ kind: 'shown', reply, savedAt: null });
      }
    } catch (error) {
      if (error instanceof CourierApiError && error.status === 409) void refresh();
      else setNotice(error instanceof CourierApiError ? t('failed') : t('markFailed'));
    } finally {
      setBusy(null);
    }
  };

  if (load.kind === 'invalid') {
    return (
      <main className="courier courier-invalid">
        <h1>{t('invalidTitle')}</h1>
        <p>{t('invalidText')}</p>
      </main>
    );
  }
  if (load.kind === 'loading') {
    return (
      <main className="courier" aria-busy="true">
        <p className="courier-muted">{t('loading')}</p>
      </main>
    );
  }
  if (load.kind === 'offline') {
    return (
      <main className="courier">
        <p className="courier-offline" role="alert">
          {t('offlineNoRoute')}
        </p>
        <button type="button" className="button button-primary courier-big" onClick={() => void refresh()}>
          {t('retry')}
        </button>
      </main>
    );
  }

  const { reply, savedAt } = load;
  const zone = pageStoreTimeZone();
  const route = reply.rota;
  const stops = stopsInOrder(reply);
  const current = currentStop(reply);
  const done = stops.filter((stop) => stop.estado !== 'pendente').length;
  return (
    <main className="courier">
      <header className="courier-head">
        <p className="courier-store">{reply.loja.nome}</p>
        <h1>{t('hello', { name: firstName(reply.entregador.nome) })}</h1>
        {route?.estado === 'em_rota' && route.saiu_em ? (
          <p className="courier-muted">
            {t('onRoute', { time: storeClockText(new Date(route.saiu_em), zone) })} ·{' '}
            {t('progress', { done, total: stops.length })}
          </p>
        ) : null}
      </header>
      {savedAt ? (
        <p className="courier-offline" role="status">
          {t('offline', { time: storeClockText(new Date(savedAt), zone) })}
        </p>
      ) : null}
      {notice ? (
        <p className="courier-notice" role="alert">
          {notice}
        </p>
      ) : null}

      {!route ? (
        <section className="courier-empty">
          <p>{t('noRoute')}</p>
          <p className="courier-muted">{t('noRouteHint')}</p>
          <button
            type="button"
            className="button button-secondary courier-big"
            onClick={() => void refresh()}
          >
            {t('refresh')}
          </button>
        </section>
      ) : (
        <>
          {route.estado === 'montando' ? <p className="courier-notice">{t('building')}</p> : null}
          {route.link_maps && route.estado !== 'encerrada' ? (
            <a
              className="button button-secondary courier-big courier-whole-route"
              href={route.link_maps}
              target="_blank"
              rel="noreferrer"
            >
              {t('wholeRoute')}
            </a>
          ) : null}
          <ol className="courier-stops" aria-label={t('stops', { count: stops.length })}>
            {stops.map((stop, index) => (
              <StopCard
                key={stop.id}
                stop={stop}
                n={index + 1}
                total={stops.length}
                isNext={current?.id === stop.id}
                canMark={route.estado === 'em_rota'}
                busy={busy === stop.id}
                zone={zone}
                t={t}
                onDelivered={() => void mark(stop, 'entregue')}
                onNotDelivered={() => setAsking(stop)}
              />
            ))}
          </ol>
          {route.estado === 'encerrada' && route.voltou_em ? (
            <p className="courier-done" role="status">
              {t('ended', { time: storeClockText(new Date(route.voltou_em), zone) })}
            </p>
          ) : route.estado === 'em_rota' && allMarked(reply) ? (
            <section className="courier-back" aria-label={t('backToStore')}>
              <p>{t('backToStoreHint')}</p>
              <div className="courier-links">
                <a
                  className="button button-secondary courier-big"
                  href={backToStoreMapsUrl(reply.loja)}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('openMaps')}
                </a>
                {backToStoreWazeUrl(reply.loja) ? (
                  <a
                    className="button button-secondary courier-big"
                    href={backToStoreWazeUrl(reply.loja) ?? ''}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t('openWaze')}
                  </a>
                ) : null}
              </div>
              <button
                type="button"
                className="button button-primary courier-big"
                disabled={busy === 'back'}
                onClick={() => void comeBack()}
              >
                {busy === 'back' ? t('sending') : t('backToStore')}
              </button>
            </section>
          ) : null}
        </>
      )}
      <LanguageSwitch />
      {asking ? (
        <NotDeliveredDialog
          stop={asking}
          t={t}
          onCancel={() => setAsking(null)}
          onConfirm={async (reason) => {
            if (await mark(asking, 'nao_entregue', reason)) setAsking(null);
          }}
        />
      ) : null}
    </main>
  );
}

function LanguageSwitch() {
  const language = useLanguage();
  return (
    <p className="courier-language">
      <button
        type="button"
        className="courier-language-button"
        lang={language === 'en' ? 'pt-BR' : 'en'}
        onClick={() => setLanguage(language === 'en' ? 'pt_br' : 'en')}
      >
        {language === 'en' ? 'Português' : 'English'}
      </button>
    </p>
  );
}

function StopCard({
  stop,
  n,
  total,
  isNext,
  canMark,
  busy,
  zone,
  t,
  onDelivered,
  onNotDelivered,
}: {
  stop: Stop;
  n: number;
  total: number;
  isNext: boolean;
  canMark: boolean;
  busy: boolean;
  zone: string;
  t: CourierT;
  onDelivered: () => void;
  onNotDelivered: () => void;
}) {
  const order = stop.pedido;
  const cash = order.cobrar;
  const links = stop.links;
  const time = stop.em ? storeClockText(new Date(stop.em), zone) : '';
  const complement = complementBeside(order.endereco, order.complemento);
  const pending = stop.estado === 'pendente';
  return (
    <li
      className="courier-stop"
      data-state={stop.estado}
      data-next={isNext || undefined}
      aria-label={t('stopOf', { n, total })}
      aria-current={isNext ? 'step' : undefined}
    >
      <p className="courier-stop-head">
        <span className="courier-stop-number">{n}</span>
        <span>{t('order', { id: order.numero ?? order.id })}</span>
        {isNext ? <span className="courier-next">{t('next')}</span> : null}
      </p>
      <p className="courier-address">{order.endereco}</p>
      {order.bairro ? <p className="courier-area">{order.bairro}</p> : null}
      {complement ? <p>{t('complement', { text: complement })}</p> : null}
      {order.referencia ? <p>{t('reference', { text: order.referencia })}</p> : null}
      <p>{t('customer', { name: firstName(order.cliente_nome) })}</p>
      {!pending ? null : cash ? (
        <div className="courier-cash">
          <p className="courier-cash-amount">{t('collect', { amount: formatBRL(cash.valor) })}</p>
          <p>{t('collectMethod', { method: cash.forma })}</p>
          {cash.troco !== null && cash.troco_para !== null ? (
            <p className="courier-change">
              {t('change', { change: formatBRL(cash.troco), paidWith: formatBRL(cash.troco_para) })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="courier-paid">{t('paidOnline')}</p>
      )}
      {stop.estado === 'pendente' ? (
        <>
          {links ? (
            <div className="courier-links">
              {links.telefone ? (
                <a className="button button-secondary courier-big" href={links.telefone}>
                  {t('call')}
                </a>
              ) : null}
              {links.whatsapp ? (
                <a
                  className="button button-secondary courier-big"
                  href={links.whatsapp}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('whatsapp')}
                </a>
              ) : null}
              {links.maps ? (
                <a
                  className="button button-secondary courier-big"
                  href={links.maps}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('openMaps')}
                </a>
              ) : null}
              {links.waze ? (
                <a
                  className="button button-secondary courier-big"
                  href={links.waze}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('openWaze')}
                </a>
              ) : null}
            </div>
          ) : null}
          {canMark ? (
            <div className="courier-marks">
              <button
                type="button"
                className="button button-primary courier-big"
                disabled={busy}
                onClick={onDelivered}
              >
                {busy ? t('sending') : t('delivered')}
              </button>
              <button
                type="button"
                className="button button-secondary courier-big"
                disabled={busy}
                onClick={onNotDelivered}
              >
                {t('notDelivered')}
              </button>
            </div>
          ) : null}
        </>
      ) : stop.estado === 'entregue' ? (
        <p className="courier-state courier-state-ok" role="status">
          ✓ {t('deliveredAt', { time })}
        </p>
      ) : (
        <p className="courier-state courier-state-warn" role="status">
          {t('notDeliveredAt', { time, reason: stop.motivo ?? '' })}
        </p>
      )}
    </li>
  );
}

function NotDeliveredDialog({
  stop,
  t,
  onCancel,
  onConfirm,
}: {
  stop: Stop;
  t: CourierT;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const titleId = useId();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog labelledBy={titleId} onClose={onCancel} className="courier-dialog">
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (reason.trim() === '') {
            setMissing(true);
            return;
          }
          setBusy(true);
          await onConfirm(reason.trim());
          setBusy(false);
        }}
      >
        <h2 id={titleId}>{t('reasonTitle')}</h2>
        <p className="courier-muted">{t('order', { id: stop.pedido.numero ?? stop.pedido.id })}</p>
        <fieldset className="courier-reasons">
          <legend className="sr-only">{t('reasonTitle')}</legend>
          {notDeliveredReasons(language).map((preset) => (
            <button
              key={preset}
              type="button"
              className="courier-reason"
              aria-pressed={reason.trim() === preset}
              onClick={() => {
                setReason(preset);
                setMissing(false);
              }}
            >
              {preset}
            </button>
          ))}
        </fieldset>
        <label className="field">
          <span className="field-label">{t('reasonLabel')}</span>
          <textarea
            className="field-input"
            value={reason}
            maxLength={200}
            rows={2}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
        </label>
        {missing ? (
          <p className="field-error" role="alert">
            {t('reasonRequired')}
          </p>
        ) : null}
        <div className="courier-marks">
          <button type="submit" className="button button-primary courier-big" disabled={busy}>
            {busy ? t('sending') : t('confirm')}
          </button>
          <button type="button" className="button button-secondary courier-big" onClick={onCancel}>
            {t('back')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
