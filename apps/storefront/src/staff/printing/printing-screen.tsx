import type { StationsReply } from '@comanda/contract';
import { useEffect, useState } from 'react';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { usePrintingT } from './printing-texts.ts';
import { PRINTING_SECTIONS } from './sections.ts';
import './printing.css';

/**
 * 'Impressão e estações' (managers and owners): the store's stations and routes, this device's
 * printer, and any other section of PRINTING_SECTIONS. Its own chunk, loaded when the tab opens.
 */
export default function PrintingScreen() {
  const t = usePrintingT();
  const [stations, setStations] = useState<StationsReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    staffFetch<StationsReply>('/staff/stations').then(setStations, (caught) =>
      setError(t('failed', { detail: caught instanceof StaffApiError ? caught.detail : String(caught) })),
    );
  }, [t]);
  return (
    <main className="staff-controls printing-screen">
      <h2 className="sr-only">{t('title')}</h2>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {stations === null && !error ? <p className="staff-muted">{t('loading')}</p> : null}
      {PRINTING_SECTIONS.map(({ id, Section }) => (
        <Section key={id} t={t} stations={stations} onChange={setStations} />
      ))}
    </main>
  );
}
