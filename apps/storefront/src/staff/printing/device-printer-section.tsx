import { TICKET_CODEPAGES, type TicketCodepage, type TicketDocument, testTicket } from '@comanda/domain';
import { useState } from 'react';
import { readBoot } from '../../lib/boot.ts';
import { useStore } from '../../lib/external-store.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import {
  type PrinterTransport,
  printerApis,
  printerSettings,
  printSilently,
  savePrinterSettings,
} from '../lib/device-printer.ts';
import { OrderTicketsDialog } from '../lib/ticket-paper.tsx';
import type { PrintingSectionProps } from './sections.ts';

/*
 * This device's printer: pair one over WebUSB or WebSerial (Chromium), the station it prints for,
 * its code page and paper, and a test print with the accents that go wrong first. Kept in this
 * browser only (lib/device-printer.ts).
 */

export function DevicePrinterSection({ t, stations }: PrintingSectionProps) {
  const settings = useStore(printerSettings);
  const apis = printerApis();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<TicketDocument[] | null>(null);

  const pair = async (transport: PrinterTransport) => {
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      const { pairPrinter } = await import('../lib/printer-connection.ts');
      const printer = await pairPrinter(transport);
      if (!printer) {
        setError(t('pairNone'));
        return;
      }
      savePrinterSettings({ printer });
      setNotice(t('paired', { name: printer.name ?? t('unnamedPrinter') }));
    } catch (caught) {
      setError(t('failed', { detail: String(caught) }));
    } finally {
      setBusy(false);
    }
  };

  const forget = async () => {
    const { dropConnection } = await import('../lib/printer-connection.ts');
    dropConnection();
    savePrinterSettings({ printer: null });
    setError(null);
    setNotice(t('forgotten'));
  };

  const test = async () => {
    setBusy(true);
    setNotice(null);
    setError(null);
    const station = stations?.stations.find((each) => each.id === settings.station) ?? null;
    const document = testTicket({
      store: { name: readBoot().company?.[0]?.nome ?? '', timeZone: pageStoreTimeZone() },
      station,
      at: new Date(),
    });
    try {
      if (await printSilently([document])) setNotice(t('testSent'));
      else {
        setDialog([document]);
        setNotice(t('testDialog'));
      }
    } catch (caught) {
      setError(t('failed', { detail: String(caught) }));
    } finally {
      setBusy(false);
    }
  };

  const printer = settings.printer;
  return (
    <section className="staff-card printing-section" aria-labelledby="printing-device-title">
      <h2 id="printing-device-title">{t('deviceTitle')}</h2>
      <p className="staff-muted">{t('deviceIntro')}</p>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="staff-notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="printing-printer" data-testid="device-printer">
        {printer
          ? t('pairedPrinter', {
              name: printer.name ?? t('unnamedPrinter'),
              transport: t(printer.transport === 'usb' ? 'transportUsb' : 'transportSerial'),
            })
          : t('noPrinter')}
      </p>
      {apis.usb || apis.serial ? (
        <div className="printing-buttons">
          {apis.usb ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void pair('usb')}
            >
              {busy ? t('pairing') : t('pairUsb')}
            </button>
          ) : null}
          {apis.serial ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void pair('serial')}
            >
              {t('pairSerial')}
            </button>
          ) : null}
          {printer ? (
            <button type="button" className="button button-secondary" onClick={() => void forget()}>
              {t('forget')}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="staff-muted">{t('noPrinterApi')}</p>
      )}
      <label className="staff-field">
        <span>{t('printsFor')}</span>
        <select
          value={settings.station ?? ''}
          onChange={(event) =>
            savePrinterSettings({ station: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">{t('allStations')}</option>
          {(stations?.stations ?? []).map((station) => (
            <option key={station.id} value={station.id}>
              {t('onlyStation', { name: station.name })}
            </option>
          ))}
        </select>
      </label>
      <label className="staff-field">
        <span>{t('codepage')}</span>
        <select
          aria-describedby="printing-codepage-hint"
          value={settings.codepage}
          onChange={(event) => savePrinterSettings({ codepage: event.target.value as TicketCodepage })}
        >
          {TICKET_CODEPAGES.map((codepage) => (
            <option key={codepage} value={codepage}>
              {t(codepage)}
            </option>
          ))}
        </select>
      </label>
      <small id="printing-codepage-hint" className="staff-muted printing-hint">
        {t('codepageHint')}
      </small>
      <fieldset className="printing-paper">
        <legend>{t('paper')}</legend>
        {([80, 58] as const).map((paper) => (
          <label key={paper}>
            <input
              type="radio"
              name="printing-paper"
              checked={settings.paper === paper}
              onChange={() => savePrinterSettings({ paper })}
            />
            {t(paper === 80 ? 'paper80' : 'paper58')}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button button-primary" disabled={busy} onClick={() => void test()}>
        {t('testPrint')}
      </button>
      {dialog ? <OrderTicketsDialog documents={dialog} onDone={() => setDialog(null)} /> : null}
    </section>
  );
}
