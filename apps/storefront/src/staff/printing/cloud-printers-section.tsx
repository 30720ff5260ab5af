import type {
  CloudPrinter,
  CloudPrinterCredentialsReply,
  CloudPrintersReply,
  Station,
} from '@comanda/contract';
import { CLOUD_PRINTER_NAME_MAX_LENGTH, storeDateTimeText } from '@comanda/domain';
import { useCallback, useEffect, useState } from 'react';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { type CloudPrinterT, type CloudPrinterTextKey, useCloudPrinterT } from './cloud-printer-texts.ts';
import { cloudPrintersApi } from './cloud-printers-api.ts';
import './cloud-printers.css';

/*
 * The store's cloud printers (docs/decisions/0054): Star CloudPRNT printers that poll the store for
 * its station's tickets. A manager adds one (its address, user name and password shown once, with
 * the printer's setup steps), sees when each last polled and what it reported, and removes one.
 */

const STATE_TEXT: Record<CloudPrinter['state'], CloudPrinterTextKey> = {
  ready: 'stateReady',
  never_polled: 'stateNeverPolled',
  silent: 'stateSilent',
  paper_low: 'statePaperLow',
  paper_out: 'statePaperOut',
  paper_jam: 'statePaperJam',
  cover_open: 'stateCoverOpen',
  printer_error: 'statePrinterError',
  client_error: 'stateClientError',
};

const STATE_TONE: Record<CloudPrinter['state'], 'ok' | 'warn' | 'bad' | 'idle'> = {
  ready: 'ok',
  never_polled: 'idle',
  silent: 'bad',
  paper_low: 'warn',
  paper_out: 'bad',
  paper_jam: 'bad',
  cover_open: 'bad',
  printer_error: 'bad',
  client_error: 'bad',
};

/** How often the list is read again while open: each printer polls every few seconds. */
const REFRESH_MS = 15_000;

const failureText = (caught: unknown) => (caught instanceof StaffApiError ? caught.detail : String(caught));

export function CloudPrintersSection() {
  const t = useCloudPrinterT();
  const [reply, setReply] = useState<CloudPrintersReply | null>(null);
  const [stations, setStations] = useState<Station[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<CloudPrinterCredentialsReply | null>(null);

  const load = useCallback(
    () =>
      cloudPrintersApi.list().then(
        (next) => {
          setReply(next);
          setError(null);
        },
        (caught) => setError(t('cloudLoadFailed', { detail: failureText(caught) })),
      ),
    [t],
  );
  useEffect(() => {
    void load();
    cloudPrintersApi.stations().then(
      (next) => setStations(next.stations),
      () => undefined,
    );
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const act = async (work: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try {
      await work();
      return true;
    } catch (caught) {
      setError(failureText(caught));
      return false;
    }
  };

  const printers = reply?.printers ?? null;
  return (
    <section
      className="staff-card cloud-printers"
      aria-labelledby="cloud-printers-title"
      data-testid="cloud-printers"
    >
      <h2 id="cloud-printers-title">{t('cloudTitle')}</h2>
      <p className="staff-muted">{t('cloudIntro')}</p>
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
      {credentials ? (
        <Credentials credentials={credentials} t={t} onDone={() => setCredentials(null)} />
      ) : null}
      {printers === null ? (
        error ? null : (
          <p className="staff-muted">{t('cloudLoading')}</p>
        )
      ) : printers.length === 0 ? (
        <p className="cloud-printers-empty">{t('cloudEmpty')}</p>
      ) : (
        <ul className="cloud-printers-list">
          {printers.map((printer) => (
            <PrinterRow
              key={printer.id}
              printer={printer}
              t={t}
              onNewSecret={() =>
                act(async () => {
                  const renewed = await cloudPrintersApi.newSecret(printer.id);
                  await load();
                  setCredentials(renewed);
                })
              }
              onRevoke={() =>
                act(async () => {
                  setReply(await cloudPrintersApi.revoke(printer.id));
                  if (credentials?.printer.id === printer.id) setCredentials(null);
                  setNotice(t('cloudRevoked', { name: printer.name }));
                })
              }
            />
          ))}
        </ul>
      )}
      <AddPrinter
        t={t}
        stations={stations}
        onAdd={(name, stationId) =>
          act(async () => {
            const created = await cloudPrintersApi.add({ name, station_id: stationId });
            await load();
            setCredentials(created);
          })
        }
      />
    </section>
  );
}

function PrinterRow({
  printer,
  t,
  onNewSecret,
  onRevoke,
}: {
  printer: CloudPrinter;
  t: CloudPrinterT;
  onNewSecret: () => Promise<boolean>;
  onRevoke: () => Promise<boolean>;
}) {
  const [confirming, setConfirming] = useState(false);
  const lastPoll = printer.last_poll_at
    ? t('cloudLastPoll', { when: storeDateTimeText(new Date(printer.last_poll_at), pageStoreTimeZone()) })
    : t('cloudNeverPolled');
  return (
    <li className="cloud-printer" aria-label={printer.name}>
      <div className="cloud-printer-head">
        <strong>{printer.name}</strong>
        <span className="cloud-printer-state" data-tone={STATE_TONE[printer.state]}>
          {t(STATE_TEXT[printer.state])}
        </span>
      </div>
      <p className="staff-muted">
        {t('cloudStation', { station: printer.station_name ?? t('cloudAllStations') })}
      </p>
      <p className="staff-muted">{lastPoll}</p>
      {printer.pending_jobs > 0 || printer.failed_jobs > 0 ? (
        <p className={printer.failed_jobs > 0 ? 'staff-error' : 'staff-muted'}>
          {[
            printer.pending_jobs > 0 ? t('cloudPending', { count: printer.pending_jobs }) : null,
            printer.failed_jobs > 0 ? t('cloudFailed', { count: printer.failed_jobs }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {confirming ? (
        <div className="cloud-printer-confirm">
          <p>{t('cloudConfirmRevoke', { name: printer.name })}</p>
          <div className="staff-segmented">
            <button type="button" className="button button-danger" onClick={() => void onRevoke()}>
              {t('cloudRevoke')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {t('cloudBack')}
            </button>
          </div>
        </div>
      ) : (
        <div className="staff-segmented">
          <button type="button" className="button button-secondary" onClick={() => void onNewSecret()}>
            {t('cloudNewSecret')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            {t('cloudRevoke')}
          </button>
        </div>
      )}
    </li>
  );
}

function Credentials({
  credentials,
  t,
  onDone,
}: {
  credentials: CloudPrinterCredentialsReply;
  t: CloudPrinterT;
  onDone: () => void;
}) {
  return (
    <section className="cloud-credentials" aria-labelledby="cloud-credentials-title">
      <h3 id="cloud-credentials-title">{t('cloudCredentialsTitle', { name: credentials.printer.name })}</h3>
      <p className="cloud-credentials-once">{t('cloudCredentialsOnce')}</p>
      <CopyField label={t('cloudUrl')} value={credentials.cloudprnt_url} t={t} />
      <CopyField label={t('cloudLogin')} value={credentials.login} t={t} />
      <CopyField label={t('cloudSecret')} value={credentials.secret} t={t} />
      <h4>{t('cloudSetupTitle')}</h4>
      <ol className="cloud-credentials-steps">
        <li>{t('cloudSetup1')}</li>
        <li>{t('cloudSetup2')}</li>
        <li>{t('cloudSetup3')}</li>
        <li>{t('cloudSetup4')}</li>
      </ol>
      <button type="button" className="button button-primary" onClick={onDone}>
        {t('cloudDone')}
      </button>
    </section>
  );
}

function CopyField({ label, value, t }: { label: string; value: string; t: CloudPrinterT }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => undefined,
    );
  return (
    <div className="cloud-copy">
      <span className="cloud-copy-label">{label}</span>
      <div className="cloud-copy-row">
        <code className="cloud-copy-value">{value}</code>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copy()}
          aria-label={`${t('cloudCopy')}: ${label}`}
        >
          {copied ? t('cloudCopied') : t('cloudCopy')}
        </button>
      </div>
    </div>
  );
}

function AddPrinter({
  t,
  stations,
  onAdd,
}: {
  t: CloudPrinterT;
  stations: Station[];
  onAdd: (name: string, stationId: number | null) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [station, setStation] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="cloud-printers-add"
      aria-labelledby="cloud-add-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const added = await onAdd(name.trim(), station === '' ? null : Number(station));
        setBusy(false);
        if (added) {
          setName('');
          setStation('');
        }
      }}
    >
      <h3 id="cloud-add-title">{t('cloudAddTitle')}</h3>
      <label className="staff-field">
        <span>{t('cloudName')}</span>
        <input
          value={name}
          maxLength={CLOUD_PRINTER_NAME_MAX_LENGTH}
          placeholder={t('cloudNamePlaceholder')}
          required
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      {stations.length > 0 ? (
        <label className="staff-field">
          <span>{t('cloudStationField')}</span>
          <select value={station} onChange={(event) => setStation(event.target.value)}>
            <option value="">{t('cloudAllStations')}</option>
            {stations.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('cloudAdding') : t('cloudAdd')}
      </button>
    </form>
  );
}
