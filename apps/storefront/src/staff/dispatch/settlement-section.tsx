import { formatBRL, storeClockText, storeLocalTime } from '@comanda/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CourierSettlementRow, Settlement } from '../../lib/dispatch-types.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { isNetworkFailure } from '../lib/staff-errors.ts';
import { OrderTicketsDialog } from '../lib/ticket-paper.tsx';
import { StaffDateField } from '../lib/typed-date-field.tsx';
import { netDirection, settlementTotals } from './courier-form-model.ts';
import { downloadSettlementCsv, loadSettlement, recordSettlement } from './dispatch-api.ts';
import type { DispatchT } from './dispatch-texts.ts';
import { bandText, dayText, settlementTicket } from './settlement-ticket.ts';

/**
 * The day's settlement per courier (issue 35 item 5): deliveries by distance band, daily rate,
 * what is owed, the cash they collected and who pays whom; printed on the roll or on A4, as CSV,
 * and 'Acertar' records it in the day's money (once per courier and day).
 */
export function SettlementSection({ t, storeName }: { t: DispatchT; storeName: string }) {
  const zone = pageStoreTimeZone();
  const [typed, setTyped] = useState<string | null>(() => storeLocalTime(new Date(), zone).dateISO);
  const [day, setDay] = useState<string>(() => storeLocalTime(new Date(), zone).dateISO);
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState<'80mm' | 'a4' | null>(null);

  const load = useCallback(
    async (which: string) => {
      setError(null);
      try {
        setSettlement(await loadSettlement(which));
      } catch (caught) {
        setSettlement(null);
        setError(
          isNetworkFailure(caught)
            ? t('offline')
            : t('actionFailed', { detail: caught instanceof StaffApiError ? caught.detail : String(caught) }),
        );
      }
    },
    [t],
  );
  useEffect(() => {
    void load(day);
  }, [day, load]);

  const settle = async (row: CourierSettlementRow) => {
    setBusy(true);
    setNotice(null);
    try {
      await recordSettlement(row.entregador.id, day);
      setNotice(t('settleDone', { name: row.entregador.nome }));
    } catch (caught) {
      setError(
        isNetworkFailure(caught)
          ? t('offline')
          : t('actionFailed', { detail: caught instanceof StaffApiError ? caught.detail : String(caught) }),
      );
    } finally {
      setBusy(false);
      await load(day);
    }
  };

  const rows = settlement?.entregadores ?? [];
  return (
    <section className="staff-card dispatch-settlement" aria-labelledby="settlement-title">
      <h2 id="settlement-title">{t('settlementTitle')}</h2>
      <form
        className="dispatch-settlement-day"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed) setDay(typed);
        }}
      >
        <StaffDateField label={t('settlementDay')} value={typed ?? ''} onChange={setTyped} />
        <button type="submit" className="button button-secondary" disabled={!typed}>
          {t('settlementShow')}
        </button>
      </form>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? <p className="staff-ok">{notice}</p> : null}
      {settlement && rows.length === 0 ? <p className="staff-muted">{t('settlementNone')}</p> : null}
      {rows.length > 0 && settlement ? (
        <>
          <ul className="dispatch-settlement-list">
            {rows.map((row) => (
              <SettlementRow
                key={row.entregador.id}
                row={row}
                t={t}
                zone={zone}
                busy={busy}
                onSettle={() => void settle(row)}
              />
            ))}
          </ul>
          <SettlementTotals settlement={settlement} t={t} />
          <div className="dispatch-order-actions">
            <button type="button" className="button button-secondary" onClick={() => setPrinting('80mm')}>
              {t('printRoll')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setPrinting('a4')}>
              {t('printA4')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={async () => setError(await downloadSettlementCsv(day))}
            >
              {t('csv')}
            </button>
          </div>
        </>
      ) : null}
      {printing === '80mm' && settlement ? (
        <OrderTicketsDialog
          documents={[settlementTicket(settlement, storeName, t)]}
          onDone={() => setPrinting(null)}
        />
      ) : null}
      {printing === 'a4' && settlement ? (
        <A4Print settlement={settlement} storeName={storeName} t={t} onDone={() => setPrinting(null)} />
      ) : null}
    </section>
  );
}

function NetLine({ liquido, t }: { liquido: number; t: DispatchT }) {
  const net = netDirection(liquido);
  return (
    <p className="dispatch-net" data-who={net.who}>
      {net.who === 'even' ? t('even') : t(net.who, { amount: formatBRL(net.amount) })}
    </p>
  );
}

function SettlementRow({
  row,
  t,
  zone,
  busy,
  onSettle,
}: {
  row: CourierSettlementRow;
  t: DispatchT;
  zone: string;
  busy: boolean;
  /** Null on paper: nothing to tap. */
  onSettle: (() => void) | null;
}) {
  return (
    <li aria-label={row.entregador.nome}>
      <div className="dispatch-order-head">
        <strong>{row.entregador.nome}</strong>
        <span className="staff-muted">{t('deliveries', { count: row.entregas })}</span>
      </div>
      <dl className="dispatch-figures">
        {row.por_faixa.map((band, index) =>
          band.entregas === 0 ? null : (
            <div key={band.ate_km ?? 'rest'}>
              <dt>
                {band.entregas}× {bandText(row.por_faixa, index, t)}
              </dt>
              <dd>{formatBRL(band.valor)}</dd>
            </div>
          ),
        )}
        {row.diaria > 0 ? (
          <div>
            <dt>{t('dailyRate')}</dt>
            <dd>{formatBRL(row.diaria)}</dd>
          </div>
        ) : null}
        <div className="dispatch-figure-strong">
          <dt>{t('owed')}</dt>
          <dd>{formatBRL(row.devido)}</dd>
        </div>
        <div>
          <dt>{t('cashCollected')}</dt>
          <dd>{formatBRL(row.dinheiro_coletado)}</dd>
        </div>
      </dl>
      <NetLine liquido={row.liquido} t={t} />
      {row.acertado ? (
        <>
          <p className="staff-pill staff-pill-ok">
            {row.acertado.por
              ? t('settled', { time: storeClockText(new Date(row.acertado.em), zone), who: row.acertado.por })
              : t('settledNoWho', { time: storeClockText(new Date(row.acertado.em), zone) })}
          </p>
          <p className="staff-muted">{t(row.acertado.caixa ? 'settledInRegister' : 'settledOutside')}</p>
        </>
      ) : onSettle ? (
        <button type="button" className="button button-primary" disabled={busy} onClick={onSettle}>
          {t('settle')}
        </button>
      ) : null}
    </li>
  );
}

function SettlementTotals({ settlement, t }: { settlement: Settlement; t: DispatchT }) {
  const totals = settlementTotals(settlement.entregadores);
  return (
    <dl className="dispatch-figures dispatch-totals">
      <div className="dispatch-figure-strong">
        <dt>{t('totals')}</dt>
        <dd>{t('deliveries', { count: totals.entregas })}</dd>
      </div>
      <div>
        <dt>{t('owed')}</dt>
        <dd>{formatBRL(totals.devido)}</dd>
      </div>
      <div>
        <dt>{t('cashCollected')}</dt>
        <dd>{formatBRL(totals.dinheiro_coletado)}</dd>
      </div>
    </dl>
  );
}

/** The settlement on an A4 sheet, through the tickets' print path (only the sheet prints). */
function A4Print({
  settlement,
  storeName,
  t,
  onDone,
}: {
  settlement: Settlement;
  storeName: string;
  t: DispatchT;
  onDone: () => void;
}) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const closed = () => done.current();
    window.addEventListener('afterprint', closed, { once: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', closed);
    };
  }, []);
  const zone = pageStoreTimeZone();
  return createPortal(
    <div className="ticket-sheet settlement-a4" data-testid="settlement-a4" aria-hidden="true">
      <style>{'@page settlement-a4 { size: A4; margin: 14mm; }'}</style>
      <h1>{storeName}</h1>
      <h2>{t('settlementPrintTitle', { day: dayText(settlement.dia) })}</h2>
      <ul className="dispatch-settlement-list">
        {settlement.entregadores.map((row) => (
          <SettlementRow key={row.entregador.id} row={row} t={t} zone={zone} busy onSettle={null} />
        ))}
      </ul>
      <SettlementTotals settlement={settlement} t={t} />
    </div>,
    window.document.body,
  );
}
