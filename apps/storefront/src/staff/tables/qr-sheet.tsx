import type { TableQrSheetReply } from '@comanda/contract';
import { isHexColour, readableTextOn } from '@comanda/domain';
import { type CSSProperties, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { StaffT, StaffTextKey } from '../lib/staff-texts.ts';
import { tableLabel } from '../lib/staff-words.ts';
import { loadQrSheet, refusalText } from './tables-api.ts';
import { QR_FORMATS, type QrFormat, qrPages } from './tables-model.ts';

const FORMAT_LABEL: Record<QrFormat, StaffTextKey> = {
  a4: 'qrA4',
  'label-62x80': 'qrLabel62',
  'label-50x50': 'qrLabel50',
};

/**
 * 'Imprimir QR codes': one card per active table with the store's look (its colour, logo and
 * name), the table's name, its QR code and 'Aponte a câmera para pedir', on A4 (six a page) or
 * one label a page. On screen a preview; printing prints only the sheet (staff.css, @media print,
 * with a named @page per format).
 */
export function QrSheetView({ t, onBack }: { t: StaffT; onBack: () => void }) {
  const formatName = useId();
  const [sheet, setSheet] = useState<TableQrSheetReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [format, setFormat] = useState<QrFormat>('a4');

  useEffect(() => {
    loadQrSheet().then(setSheet, (caught) => setError(refusalText(caught)));
  }, []);

  return (
    <main className="staff-controls">
      <button type="button" className="button button-secondary staff-back" onClick={onBack}>
        {t('backToTables')}
      </button>
      <section className="staff-card" aria-labelledby="staff-qr-title">
        <h2 id="staff-qr-title">{t('qrTitle')}</h2>
        <fieldset className="staff-qr-formats">
          <legend>{t('qrFormat')}</legend>
          {QR_FORMATS.map((option) => (
            <label key={option} className="staff-switch">
              <input
                type="radio"
                name={formatName}
                value={option}
                checked={format === option}
                onChange={() => setFormat(option)}
              />
              {t(FORMAT_LABEL[option])}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        {sheet ? (
          <p className="staff-muted">
            {sheet.tables.length === 0 ? t('qrEmpty') : t('qrCount', { count: sheet.tables.length })}
          </p>
        ) : error ? null : (
          <p className="staff-muted">{t('loading')}</p>
        )}
        <button
          type="button"
          className="button button-primary"
          disabled={!sheet || sheet.tables.length === 0}
          onClick={() => window.print()}
        >
          {t('print')}
        </button>
      </section>
      {sheet && sheet.tables.length > 0 ? (
        <>
          <div className="qr-preview">
            <QrSheet sheet={sheet} format={format} t={t} />
          </div>
          {createPortal(
            <div className="qr-print" data-testid="qr-print">
              <QrSheet sheet={sheet} format={format} t={t} />
            </div>,
            document.body,
          )}
        </>
      ) : null}
    </main>
  );
}

function QrSheet({ sheet, format, t }: { sheet: TableQrSheetReply; format: QrFormat; t: StaffT }) {
  const primary = isHexColour(sheet.store.primary_color) ? sheet.store.primary_color : '#000000';
  const look = { '--qr-primary': primary, '--qr-on-primary': readableTextOn(primary) } as CSSProperties;
  return (
    <div className="qr-sheet" data-format={format} style={look}>
      {qrPages(sheet.tables, format).map((page) => (
        <div key={page[0]!.id} className="qr-page">
          {page.map((table) => {
            const name = tableLabel(table.description, t);
            return (
              <article key={table.id} className="qr-card" aria-label={name}>
                <header className="qr-band">
                  {sheet.store.logo && format !== 'label-50x50' ? (
                    <img className="qr-logo" src={sheet.store.logo} alt="" />
                  ) : null}
                  <span className="qr-store">{sheet.store.nome}</span>
                </header>
                <p className="qr-table">{name}</p>
                <img className="qr-code" src={table.qr} alt={t('qrImageAlt', { table: name })} />
                <p className="qr-instruction">{t('qrInstruction')}</p>
              </article>
            );
          })}
        </div>
      ))}
    </div>
  );
}
