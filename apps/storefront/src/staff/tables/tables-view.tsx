import type { StaffTable, StaffTablesReply, TableCall } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { useEffect, useState } from 'react';
import type { StaffT } from '../lib/staff-texts.ts';
import { tableLabel } from '../lib/staff-words.ts';
import { QrSheetView } from './qr-sheet.tsx';
import { TabDetail } from './tab-detail.tsx';
import { TableCalls } from './table-calls.tsx';
import { agoText, roundsText } from './table-words.ts';
import { isConflict, openTable, refusalText } from './tables-api.ts';
import { TablesManager } from './tables-manager.tsx';
import { callsOfTable, sortTables } from './tables-model.ts';

/** How often the open tables view re-reads the tables (tabs change on other devices too). */
const REFRESH_MS = 30_000;

/**
 * 'Mesas': the guests' calls, every active table (free, open for how long, rounds, total, bill
 * asked, code), a table's tab, and for managers the tables' management and the QR sheet.
 */
export function TablesView({
  t,
  canManage,
  reply,
  failed,
  calls,
  now,
  onReload,
  onAnswer,
}: {
  t: StaffT;
  canManage: boolean;
  reply: StaffTablesReply | null;
  failed: unknown;
  calls: readonly TableCall[];
  now: Date;
  onReload: () => Promise<void>;
  onAnswer: (call: TableCall) => Promise<void>;
}) {
  const [selected, setSelected] = useState<{ tableId: number; tabId: number | null } | null>(null);
  const [printing, setPrinting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    void onReload();
    const timer = setInterval(() => void onReload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [onReload]);

  if (printing) return <QrSheetView t={t} onBack={() => setPrinting(false)} />;

  const noticeBanner = notice ? (
    <p className="staff-notice" role="status">
      {notice}
    </p>
  ) : null;
  const callsPanel = <TableCalls calls={calls} now={now} t={t} onAnswer={onAnswer} />;

  if (!reply) {
    return (
      <main className="staff-controls">
        {callsPanel}
        {failed ? (
          <p className="staff-error" role="alert">
            {refusalText(failed)}
          </p>
        ) : (
          <p className="staff-muted">{t('loading')}</p>
        )}
      </main>
    );
  }

  const table = selected ? reply.tables.find((candidate) => candidate.id === selected.tableId) : undefined;
  if (selected && table) {
    const tabId = selected.tabId ?? table.tab?.id ?? null;
    return (
      <main className="staff-controls">
        <button
          type="button"
          className="button button-secondary staff-back"
          onClick={() => {
            setSelected(null);
            setNotice(null);
          }}
        >
          {t('backToTables')}
        </button>
        {noticeBanner}
        {callsPanel}
        {tabId !== null ? (
          <TabDetail
            key={tabId}
            tabId={tabId}
            version={table.tab?.id === tabId ? JSON.stringify(table.tab) : 'gone'}
            now={now}
            t={t}
            onChanged={() => void onReload()}
            onNotice={setNotice}
          />
        ) : (
          <FreeTable
            table={table}
            requiresCode={reply.settings.requires_code}
            t={t}
            onOpened={(tab) => {
              setSelected({ tableId: table.id, tabId: tab });
              void onReload();
            }}
            onNotice={setNotice}
            onReload={onReload}
          />
        )}
      </main>
    );
  }

  const active = sortTables(reply.tables.filter((candidate) => candidate.ativo));
  return (
    <main className="staff-controls">
      {noticeBanner}
      {callsPanel}
      <section className="staff-card staff-tables" aria-labelledby="staff-tables-title">
        <div className="staff-tables-head">
          <h2 id="staff-tables-title">{t('tablesTitle')}</h2>
          {canManage && active.length > 0 ? (
            <button type="button" className="button button-secondary" onClick={() => setPrinting(true)}>
              {t('printQr')}
            </button>
          ) : null}
        </div>
        <p className="staff-muted">
          {reply.settings.requires_code ? t('tablesHintCode') : t('tablesHintAutoOpen')}
        </p>
        {active.length === 0 ? <p className="staff-muted">{t('noTables')}</p> : null}
        <ul className="staff-table-grid">
          {active.map((entry) => (
            <li key={entry.id}>
              <TableCard
                table={entry}
                calls={callsOfTable(calls, entry.id)}
                now={now}
                t={t}
                onOpen={() => {
                  setNotice(null);
                  setSelected({ tableId: entry.id, tabId: entry.tab?.id ?? null });
                }}
              />
            </li>
          ))}
        </ul>
      </section>
      {canManage ? (
        <TablesManager t={t} reply={reply} onChanged={onReload} />
      ) : (
        <p className="staff-muted">{t('viewOnlyTables')}</p>
      )}
    </main>
  );
}

/** One table on the grid: a button to its tab (or to open it). */
function TableCard({
  table,
  calls,
  now,
  t,
  onOpen,
}: {
  table: StaffTable;
  calls: readonly TableCall[];
  now: Date;
  t: StaffT;
  onOpen: () => void;
}) {
  const tab = table.tab;
  const billAsked = Boolean(tab?.conta_pedida_em) || calls.some((call) => call.kind === 'bill');
  const waiterCalled = calls.some((call) => call.kind === 'waiter');
  return (
    <button
      type="button"
      className="staff-table-card"
      data-state={tab ? tab.status : 'free'}
      data-calling={calls.length > 0 || undefined}
      onClick={onOpen}
    >
      <span className="staff-table-name">{tableLabel(table.description, t)}</span>
      {tab ? (
        <>
          <span>
            {tab.status === 'closing' ? t('tabStatusClosing') : t('tabStatusOpen')} ·{' '}
            {agoText(tab.aberta_em, now, t)}
          </span>
          <span>{roundsText(tab.rodadas, t)}</span>
          <strong>{formatBRL(tab.totais.total)}</strong>
        </>
      ) : (
        <span className="staff-muted">{t('tableFree')}</span>
      )}
      {billAsked || waiterCalled || tab?.codigo ? (
        <span className="staff-table-badges">
          {billAsked ? <span className="staff-pill staff-pill-warn">{t('billAsked')}</span> : null}
          {waiterCalled ? <span className="staff-pill staff-pill-warn">{t('waiterCalled')}</span> : null}
          {tab?.codigo ? <span className="staff-pill">{t('tableCode', { code: tab.codigo })}</span> : null}
        </span>
      ) : null}
    </button>
  );
}

/**
 * A table with no tab: it opens by itself with the first order, or, when the store requires the
 * waiter's code, here ('Abrir mesa'), and the code shows for the waiter to read out.
 */
function FreeTable({
  table,
  requiresCode,
  t,
  onOpened,
  onNotice,
  onReload,
}: {
  table: StaffTable;
  requiresCode: boolean;
  t: StaffT;
  onOpened: (tabId: number) => void;
  onNotice: (text: string) => void;
  onReload: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const tab = await openTable(table.id);
      onOpened(tab.id);
    } catch (caught) {
      // Opened meanwhile on another device: the list brings its tab.
      if (isConflict(caught)) {
        onNotice(refusalText(caught));
        await onReload();
      } else setError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-card" aria-labelledby="staff-free-title">
      <h2 id="staff-free-title">{tableLabel(table.description, t)}</h2>
      <p>{requiresCode ? t('freeTableNeedsCode') : t('freeTableAutoOpen')}</p>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {requiresCode ? (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void open()}>
          {t('openTable')}
        </button>
      ) : null}
    </section>
  );
}
