import type {
  CashRegister,
  RegisterSessionReply,
  RegisterSessionSummary,
  RegistersReply,
} from '@comanda/contract';
import { formatBRL, storeClockText, storeDateTimeText } from '@comanda/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { Dialog } from '../../shared/dialog.tsx';
import { StaffApiError } from '../lib/staff-api.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import {
  addRegister,
  changeRegister,
  closeSession,
  loadRegisters,
  loadSession,
  loadSessions,
  openRegister,
  recordMovement,
} from './register-api.ts';
import { closingPreview, differenceText, typedAmount } from './register-model.ts';
import { RegisterPrint, RegisterReportSheet } from './register-print.tsx';
import { type RegisterT, useRegisterT } from './register-texts.ts';
import './register.css';

const detailOf = (caught: unknown) => (caught instanceof StaffApiError ? caught.detail : String(caught));

type Printing = { session: RegisterSessionReply; paper: '80mm' | 'a4' } | null;

/** 'Caixa': open a register with a float, sangria and suprimento, close it with the count, past closings. */
export default function RegisterView({ t, canManage }: { t: StaffT; canManage: boolean }) {
  const r = useRegisterT();
  const zone = pageStoreTimeZone();
  const [reply, setReply] = useState<RegistersReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [session, setSession] = useState<RegisterSessionReply | null>(null);
  const [history, setHistory] = useState<{ sessions: RegisterSessionSummary[]; next: number | null } | null>(
    null,
  );
  const [report, setReport] = useState<RegisterSessionReply | null>(null);
  const [printing, setPrinting] = useState<Printing>(null);

  const reload = useCallback(async () => {
    setError(null);
    try {
      const registers = await loadRegisters();
      setReply(registers);
      const page = await loadSessions(null);
      setHistory({ sessions: page.sessions.filter((s) => s.closed_at !== null), next: page.next_before });
    } catch (caught) {
      setError(detailOf(caught));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const registers = reply?.registers ?? [];
  const current: CashRegister | undefined =
    registers.find((row) => row.id === selected) ?? registers.find((row) => row.ativo) ?? registers[0];
  const openId = current?.open_session?.id ?? null;

  useEffect(() => {
    if (openId === null) {
      setSession(null);
      return;
    }
    loadSession(openId).then(setSession, (caught) => setError(detailOf(caught)));
  }, [openId]);

  const showReport = async (id: number) => {
    try {
      setReport(await loadSession(id));
    } catch (caught) {
      setError(detailOf(caught));
    }
  };

  const more = async () => {
    if (!history?.next) return;
    const page = await loadSessions(history.next);
    setHistory({
      sessions: [...history.sessions, ...page.sessions.filter((s) => s.closed_at !== null)],
      next: page.next_before,
    });
  };

  if (printing) {
    return (
      <RegisterPrint
        session={printing.session}
        paper={printing.paper}
        timeZone={zone}
        r={r}
        onDone={() => setPrinting(null)}
      />
    );
  }

  if (report) {
    return (
      <main className="register-screen staff-pad">
        <div className="register-report-actions">
          <button type="button" className="button button-secondary" onClick={() => setReport(null)}>
            {r('back')}
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => setPrinting({ session: report, paper: '80mm' })}
          >
            {r('print80')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setPrinting({ session: report, paper: 'a4' })}
          >
            {r('printA4')}
          </button>
        </div>
        <section className="staff-card register-card">
          <RegisterReportSheet session={report} timeZone={zone} r={r} />
        </section>
      </main>
    );
  }

  if (!reply) {
    return (
      <main className="register-screen staff-pad">
        {error ? (
          <p className="staff-error" role="alert">
            {r('failed', { detail: error })}{' '}
            <button type="button" className="button button-secondary" onClick={() => void reload()}>
              {r('retry')}
            </button>
          </p>
        ) : (
          <p className="staff-muted">{r('loading')}</p>
        )}
      </main>
    );
  }

  return (
    <main className="register-screen staff-pad">
      {registers.length > 1 ? (
        <fieldset className="staff-segmented register-picker">
          <legend className="sr-only">{r('registers')}</legend>
          {registers
            .filter((row) => row.ativo || row.open_session)
            .map((row) => (
              <button
                key={row.id}
                type="button"
                aria-pressed={row.id === current?.id}
                onClick={() => setSelected(row.id)}
              >
                {row.name}
                {row.open_session ? <span className="register-open-dot" aria-hidden="true" /> : null}
              </button>
            ))}
        </fieldset>
      ) : null}
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {current && !current.open_session ? (
        <OpenCard
          register={current}
          r={r}
          onOpened={(opened) => {
            setSession(opened);
            void reload();
          }}
        />
      ) : null}
      {current && session && session.id === openId ? (
        <OpenSession
          session={session}
          zone={zone}
          r={r}
          onChanged={setSession}
          onClosed={(closed) => {
            setReport(closed);
            void reload();
          }}
          onPrint={() => setPrinting({ session, paper: '80mm' })}
        />
      ) : null}
      <section className="staff-card register-card">
        <h2>{r('history')}</h2>
        {history && history.sessions.length === 0 ? <p className="staff-muted">{r('noHistory')}</p> : null}
        <ul className="register-history">
          {history?.sessions.map((past) => (
            <li key={past.id}>
              <button
                type="button"
                className="register-history-item"
                onClick={() => void showReport(past.id)}
              >
                <span>
                  {r('sessionLine', {
                    register: past.register_name,
                    opened: storeDateTimeText(new Date(past.opened_at), zone),
                    closed: past.closed_at ? storeClockText(new Date(past.closed_at), zone) : '',
                  })}
                </span>
                <span className="register-diff" data-tone={toneOf(past.difference_total ?? 0)}>
                  {differenceText(past.difference_total ?? 0, r)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {history?.next ? (
          <button type="button" className="button button-secondary" onClick={() => void more()}>
            {r('more')}
          </button>
        ) : null}
      </section>
      {canManage ? <ManageRegisters registers={registers} r={r} t={t} onChanged={setReply} /> : null}
    </main>
  );
}

const toneOf = (difference: number) => (difference > 0 ? 'over' : difference < 0 ? 'short' : 'even');

function OpenCard({
  register,
  r,
  onOpened,
}: {
  register: CashRegister;
  r: RegisterT;
  onOpened: (session: RegisterSessionReply) => void;
}) {
  const [float, setFloat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = float.trim() === '' ? 0 : typedAmount(float);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (amount === null) return;
    setBusy(true);
    setError(null);
    try {
      onOpened(await openRegister(register.id, amount));
    } catch (caught) {
      setError(detailOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="staff-card register-card" onSubmit={submit}>
      <h2>{r('closedTitle', { name: register.name })}</h2>
      <p className="staff-muted">{register.ativo ? r('closedIntro') : r('inactive')}</p>
      <label className="staff-field">
        <span>{r('float')}</span>
        <input
          inputMode="decimal"
          value={float}
          placeholder="0,00"
          onChange={(e) => setFloat(e.target.value)}
        />
      </label>
      {amount === null ? <p className="staff-error">{r('badAmount')}</p> : null}
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary"
        disabled={busy || amount === null || !register.ativo}
      >
        {busy ? r('opening') : r('open')}
      </button>
    </form>
  );
}

function OpenSession({
  session,
  zone,
  r,
  onChanged,
  onClosed,
  onPrint,
}: {
  session: RegisterSessionReply;
  zone: string;
  r: RegisterT;
  onChanged: (session: RegisterSessionReply) => void;
  onClosed: (session: RegisterSessionReply) => void;
  onPrint: () => void;
}) {
  const [dialog, setDialog] = useState<'sangria' | 'suprimento' | 'close' | null>(null);
  return (
    <>
      <section className="staff-card register-card" aria-labelledby="register-open-title">
        <h2 id="register-open-title">{r('openTitle', { name: session.register_name })}</h2>
        <p className="staff-muted">
          {r('openedBy', {
            who: session.opened_by ?? r('someone'),
            when: storeDateTimeText(new Date(session.opened_at), zone),
          })}
          {' · '}
          {r('floatLine', { amount: formatBRL(session.opening_float) })}
        </p>
        <h3>{r('expectedTitle')}</h3>
        <table className="register-table">
          <thead>
            <tr>
              <th scope="col">{r('method')}</th>
              <th scope="col">{r('takings')}</th>
              <th scope="col">{r('expected')}</th>
            </tr>
          </thead>
          <tbody>
            {session.lines.map((line) => (
              <tr key={line.key}>
                <th scope="row">{line.name}</th>
                <td className="register-money">{formatBRL(line.takings)}</td>
                <td className="register-money">{formatBRL(line.expected)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{r('total')}</th>
              <td />
              <td className="register-money">{formatBRL(session.expected_total)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="staff-muted register-note">{r('cashNote')}</p>
        <div className="register-actions">
          <button type="button" className="button button-secondary" onClick={() => setDialog('sangria')}>
            {r('sangria')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setDialog('suprimento')}>
            {r('suprimento')}
          </button>
          <button type="button" className="button button-secondary" onClick={onPrint}>
            {r('print80')}
          </button>
          <button type="button" className="button button-primary" onClick={() => setDialog('close')}>
            {r('close')}
          </button>
        </div>
      </section>
      <section className="staff-card register-card">
        <h2>{r('movements')}</h2>
        {session.movements.length === 0 ? <p className="staff-muted">{r('noMovements')}</p> : null}
        <ul className="register-list">
          {session.movements.map((movement) => (
            <li key={movement.id}>
              <span>
                {r('movementLine', {
                  time: storeClockText(new Date(movement.at), zone),
                  kind: r(movement.kind),
                  who: movement.by ?? r('someone'),
                })}
                <span className="register-reason">{movement.reason}</span>
              </span>
              <span className="register-money">
                {formatBRL(movement.kind === 'sangria' ? -movement.amount : movement.amount)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="staff-card register-card">
        <h2>{r('takingsTitle')}</h2>
        {session.takings.length === 0 ? <p className="staff-muted">{r('noTakings')}</p> : null}
        <ul className="register-list">
          {session.takings.map((taking) => (
            <li key={taking.id}>
              <span>
                {storeClockText(new Date(taking.at), zone)} ·{' '}
                {taking.order_id ? r('order', { id: taking.numero ?? taking.order_id }) : r('tableShare')} ·{' '}
                {r(`kind_${taking.kind}` as 'kind_venda')}
                <span className="register-reason">{taking.payment_name}</span>
              </span>
              <span className="register-money">{formatBRL(taking.amount)}</span>
            </li>
          ))}
        </ul>
      </section>
      {dialog === 'sangria' || dialog === 'suprimento' ? (
        <MovementDialog
          kind={dialog}
          session={session}
          r={r}
          onCancel={() => setDialog(null)}
          onDone={(next) => {
            setDialog(null);
            onChanged(next);
          }}
        />
      ) : null}
      {dialog === 'close' ? (
        <CloseDialog
          session={session}
          r={r}
          onCancel={() => setDialog(null)}
          onDone={(closed) => {
            setDialog(null);
            onClosed(closed);
          }}
        />
      ) : null}
    </>
  );
}

function MovementDialog({
  kind,
  session,
  r,
  onCancel,
  onDone,
}: {
  kind: 'sangria' | 'suprimento';
  session: RegisterSessionReply;
  r: RegisterT;
  onCancel: () => void;
  onDone: (session: RegisterSessionReply) => void;
}) {
  const titleId = useId();
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = typedAmount(amountText);
  const problem =
    amountText.trim() !== '' && (amount === null || amount === 0)
      ? r('badAmount')
      : kind === 'sangria' && amount !== null && amount > session.cash_in_drawer
        ? r('aboveCash', { amount: formatBRL(session.cash_in_drawer) })
        : null;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!amount || problem) return;
    if (reason.trim() === '') {
      setError(r('needReason'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await recordMovement(session.id, { kind, amount, reason: reason.trim() }));
    } catch (caught) {
      setError(detailOf(caught));
      setBusy(false);
    }
  };
  return (
    <Dialog labelledBy={titleId} onClose={onCancel} className="staff-dialog">
      <form onSubmit={submit}>
        <h2 id={titleId}>{r(kind === 'sangria' ? 'sangriaTitle' : 'suprimentoTitle')}</h2>
        <p className="staff-muted">{r('inDrawer', { amount: formatBRL(session.cash_in_drawer) })}</p>
        <label className="staff-field">
          <span>{r('amount')}</span>
          <input
            inputMode="decimal"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            required
          />
        </label>
        <label className="staff-field">
          <span>{r('reason')}</span>
          <input
            value={reason}
            maxLength={140}
            placeholder={r('reasonPlaceholder')}
            onChange={(e) => setReason(e.target.value)}
            required
          />
        </label>
        {problem || error ? (
          <p className="staff-error" role="alert">
            {problem ?? error}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {r('cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={busy || !amount || problem !== null}
          >
            {busy ? r('saving') : r('save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function CloseDialog({
  session,
  r,
  onCancel,
  onDone,
}: {
  session: RegisterSessionReply;
  r: RegisterT;
  onCancel: () => void;
  onDone: (session: RegisterSessionReply) => void;
}) {
  const titleId = useId();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = closingPreview(session.lines, typed);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (preview.invalid.length > 0) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await closeSession(session.id, preview.counted));
    } catch (caught) {
      if (caught instanceof StaffApiError && caught.code === 'REGISTER_CLOSED') {
        setError(r('alreadyClosed'));
        onDone(await loadSession(session.id));
        return;
      }
      setError(detailOf(caught));
      setBusy(false);
    }
  };
  return (
    <Dialog labelledBy={titleId} onClose={onCancel} className="staff-dialog register-close-dialog">
      <form onSubmit={submit}>
        <h2 id={titleId}>{r('closeTitle', { name: session.register_name })}</h2>
        <p className="staff-muted">{r('closeIntro')}</p>
        <ul className="register-count">
          {preview.count.lines.map((line) => (
            <li key={line.key}>
              <label className="staff-field">
                <span>{r('countedFor', { method: line.name })}</span>
                <input
                  inputMode="decimal"
                  placeholder="0,00"
                  value={typed[line.key] ?? ''}
                  aria-invalid={preview.invalid.includes(line.key)}
                  onChange={(e) => setTyped((now) => ({ ...now, [line.key]: e.target.value }))}
                />
              </label>
              <p className="register-count-figures">
                <span>
                  {r('expected')}: {formatBRL(line.expected)}
                </span>
                <span className="register-diff" data-tone={toneOf(line.difference)}>
                  {differenceText(line.difference, r)}
                </span>
              </p>
              {preview.invalid.includes(line.key) ? (
                <p className="staff-error">{r('badCount', { method: line.name })}</p>
              ) : null}
            </li>
          ))}
        </ul>
        <dl className="staff-totals">
          <div>
            <dt>{r('expected')}</dt>
            <dd>{formatBRL(preview.count.expected)}</dd>
          </div>
          <div>
            <dt>{r('counted')}</dt>
            <dd>{formatBRL(preview.count.counted)}</dd>
          </div>
          <div className="staff-totals-total">
            <dt>{r('difference')}</dt>
            <dd
              className="register-diff"
              data-tone={toneOf(preview.count.difference)}
              data-testid="close-difference"
            >
              {differenceText(preview.count.difference, r)}
            </dd>
          </div>
        </dl>
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {r('cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={busy || preview.invalid.length > 0}
          >
            {busy ? r('closing') : r('confirmClose')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ManageRegisters({
  registers,
  r,
  t,
  onChanged,
}: {
  registers: CashRegister[];
  r: RegisterT;
  t: StaffT;
  onChanged: (reply: RegistersReply) => void;
}) {
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<RegistersReply>) => {
    setError(null);
    try {
      onChanged(await change());
      return true;
    } catch (caught) {
      setError(detailOf(caught));
      return false;
    }
  };
  return (
    <details className="staff-card register-card register-manage">
      <summary>{r('manage')}</summary>
      <ul className="register-list">
        {registers.map((row) => (
          <li key={row.id}>
            {renaming?.id === row.id ? (
              <form
                className="register-inline"
                onSubmit={async (event) => {
                  event.preventDefault();
                  if (await run(() => changeRegister(row.id, { name: renaming.name }))) setRenaming(null);
                }}
              >
                <input
                  aria-label={r('renameLabel', { name: row.name })}
                  value={renaming.name}
                  maxLength={40}
                  onChange={(e) => setRenaming({ id: row.id, name: e.target.value })}
                />
                <button type="submit" className="button button-primary">
                  {t('save')}
                </button>
              </form>
            ) : (
              <>
                <span>
                  {row.name}
                  {row.ativo ? null : <span className="staff-muted"> · {r('inactive')}</span>}
                </span>
                <span className="register-inline">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setRenaming({ id: row.id, name: row.name })}
                  >
                    {r('rename')}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void run(() => changeRegister(row.id, { ativo: !row.ativo }))}
                  >
                    {row.ativo ? r('deactivate') : r('activate')}
                  </button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      <form
        className="register-inline"
        onSubmit={async (event) => {
          event.preventDefault();
          if (name.trim() && (await run(() => addRegister(name.trim())))) setName('');
        }}
      >
        <input
          aria-label={r('newRegister')}
          placeholder={r('newRegister')}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={name.trim() === ''}>
          {r('add')}
        </button>
      </form>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}
