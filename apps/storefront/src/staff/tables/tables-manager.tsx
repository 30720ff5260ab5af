import type { StaffTable, StaffTablesReply, TableSettings } from '@comanda/contract';
import { SERVICE_FEE_PERCENT_MAX } from '@comanda/domain';
import { useId, useState } from 'react';
import type { StaffT } from '../lib/staff-texts.ts';
import { tableLabel } from '../lib/staff-words.ts';
import { createTable, refusalText, rotateTableToken, saveTableSettings, updateTable } from './tables-api.ts';
import { sortTables } from './tables-model.ts';

/**
 * Managers and owners: the tables' rules (the waiter's code, the service fee), add a table,
 * rename, deactivate or reactivate one, and replace its QR code. The server's refusals are shown
 * as it words them.
 */
export function TablesManager({
  t,
  reply,
  onChanged,
}: {
  t: StaffT;
  reply: StaffTablesReply;
  onChanged: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** Runs a change; says what happened (or why not) and re-reads the tables. */
  const act = async (work: () => Promise<unknown>, done: () => string): Promise<boolean> => {
    setError(null);
    setNotice(null);
    try {
      await work();
      setNotice(done());
      await onChanged();
      return true;
    } catch (caught) {
      setError(refusalText(caught));
      return false;
    }
  };

  return (
    <section className="staff-card" aria-labelledby="staff-manage-title">
      <h2 id="staff-manage-title">{t('manageTitle')}</h2>
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
      <SettingsForm
        settings={reply.settings}
        t={t}
        onSave={(change) =>
          act(
            () => saveTableSettings(change),
            () => t('saved'),
          )
        }
        onInvalid={() => setError(t('serviceFeeHint', { max: SERVICE_FEE_PERCENT_MAX }))}
      />
      <ul className="staff-team">
        {sortTables(reply.tables).map((table) => (
          <TableRow
            key={table.id}
            table={table}
            t={t}
            onRename={(description) =>
              act(
                () => updateTable(table.id, { description }),
                () => t('renamed', { table: tableLabel(description, t) }),
              )
            }
            onActive={(ativo) =>
              act(
                () => updateTable(table.id, { ativo }),
                () => t(ativo ? 'reactivated' : 'deactivated', { table: tableLabel(table.description, t) }),
              )
            }
            onRotate={() =>
              act(
                () => rotateTableToken(table.id),
                () => t('rotated', { table: tableLabel(table.description, t) }),
              )
            }
          />
        ))}
      </ul>
      <NewTable
        t={t}
        onAdd={(description) =>
          act(
            () => createTable(description),
            () => t('tableAdded', { table: tableLabel(description, t) }),
          )
        }
      />
    </section>
  );
}

function SettingsForm({
  settings,
  t,
  onSave,
  onInvalid,
}: {
  settings: TableSettings;
  t: StaffT;
  onSave: (change: { requires_code?: boolean; service_fee_percent?: number }) => Promise<boolean>;
  onInvalid: () => void;
}) {
  const feeId = useId();
  const [percent, setPercent] = useState(String(settings.service_fee_percent));
  const [busy, setBusy] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(percent);
    if (percent.trim() === '' || !Number.isInteger(value) || value < 0 || value > SERVICE_FEE_PERCENT_MAX) {
      onInvalid();
      return;
    }
    setBusy(true);
    await onSave({ service_fee_percent: value });
    setBusy(false);
  };
  return (
    <form className="staff-member-form" onSubmit={save} aria-label={t('settingsTitle')} noValidate>
      <h3>{t('settingsTitle')}</h3>
      <label className="staff-switch">
        <input
          type="checkbox"
          checked={settings.requires_code}
          onChange={(event) => void onSave({ requires_code: event.target.checked })}
        />
        {t('requiresCode')}
      </label>
      <div className="staff-field">
        <label htmlFor={feeId}>{t('serviceFeePercent')}</label>
        <div className="staff-inline">
          <input
            id={feeId}
            type="number"
            inputMode="numeric"
            min={0}
            max={SERVICE_FEE_PERCENT_MAX}
            step={1}
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('save')}
          </button>
        </div>
        <span className="staff-muted staff-hint">
          {t('serviceFeeHint', { max: SERVICE_FEE_PERCENT_MAX })}
        </span>
      </div>
      {settings.require_in_app_payment ? <p className="staff-muted">{t('requireInAppPayment')}</p> : null}
    </form>
  );
}

function TableRow({
  table,
  t,
  onRename,
  onActive,
  onRotate,
}: {
  table: StaffTable;
  t: StaffT;
  onRename: (description: string) => Promise<boolean>;
  onActive: (ativo: boolean) => Promise<boolean>;
  onRotate: () => Promise<boolean>;
}) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'rotate'>('idle');
  const [name, setName] = useState(table.description);
  const [busy, setBusy] = useState(false);
  const label = tableLabel(table.description, t);
  const run = async (work: () => Promise<boolean>) => {
    setBusy(true);
    if (await work()) setMode('idle');
    setBusy(false);
  };
  return (
    <li className="staff-member" aria-label={label} data-active={table.ativo}>
      <div className="staff-member-head">
        <strong>{label}</strong>
        {table.ativo ? null : <span className="staff-pill">{t('inactive')}</span>}
      </div>
      {mode === 'rename' ? (
        <form
          className="staff-member-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() !== '') void run(() => onRename(name.trim()));
          }}
        >
          <label className="staff-field">
            <span>{t('tableNameLabel')}</span>
            <input value={name} maxLength={120} required onChange={(event) => setName(event.target.value)} />
          </label>
          <div className="staff-segmented">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('save')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setMode('idle')}>
              {t('back')}
            </button>
          </div>
        </form>
      ) : mode === 'rotate' ? (
        <div className="staff-member-form">
          <p>{t('rotateWarning')}</p>
          <div className="staff-segmented">
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => void run(onRotate)}
            >
              {t('rotateQr')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setMode('idle')}>
              {t('back')}
            </button>
          </div>
        </div>
      ) : (
        <div className="staff-segmented">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setName(table.description);
              setMode('rename');
            }}
          >
            {t('rename')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void run(() => onActive(!table.ativo))}
          >
            {table.ativo ? t('deactivate') : t('reactivate')}
          </button>
          {table.ativo ? (
            <button type="button" className="button button-secondary" onClick={() => setMode('rotate')}>
              {t('rotateQr')}
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

function NewTable({ t, onAdd }: { t: StaffT; onAdd: (description: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="staff-member-form"
      aria-label={t('newTableTitle')}
      onSubmit={async (event) => {
        event.preventDefault();
        if (name.trim() === '') return;
        setBusy(true);
        if (await onAdd(name.trim())) setName('');
        setBusy(false);
      }}
    >
      <h3>{t('newTableTitle')}</h3>
      <label className="staff-field">
        <span>{t('tableNameLabel')}</span>
        <input value={name} maxLength={120} required onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('addTable')}
      </button>
    </form>
  );
}
