import type { RegisterSessionReply } from '@comanda/contract';
import { formatBRL, registerReportTicket, storeDateTimeText } from '@comanda/domain';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useLanguage } from '../../lib/preferences.ts';
import { OrderTicketsDialog } from '../lib/ticket-paper.tsx';
import { reportOf } from './register-model.ts';
import type { RegisterT } from './register-texts.ts';

/**
 * The closing report printed: on the 80 mm roll through the tickets' print path (the same blocks a
 * thermal printer would get), or on an A4 sheet laid out as a table.
 */
export function RegisterPrint({
  session,
  paper,
  timeZone,
  r,
  onDone,
}: {
  session: RegisterSessionReply;
  paper: '80mm' | 'a4';
  timeZone: string;
  r: RegisterT;
  onDone: () => void;
}) {
  const language = useLanguage();
  if (paper === '80mm') {
    const ticket = registerReportTicket(reportOf(session, timeZone), language === 'en' ? 'en' : 'pt_br');
    return <OrderTicketsDialog documents={[ticket]} onDone={onDone} />;
  }
  return <A4Dialog session={session} timeZone={timeZone} r={r} onDone={onDone} />;
}

function A4Dialog({
  session,
  timeZone,
  r,
  onDone,
}: {
  session: RegisterSessionReply;
  timeZone: string;
  r: RegisterT;
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
  return createPortal(
    <div className="ticket-sheet register-a4" data-testid="register-a4" aria-hidden="true">
      <style>{'@page register-a4 { size: A4; margin: 14mm; }'}</style>
      <RegisterReportSheet session={session} timeZone={timeZone} r={r} />
    </div>,
    window.document.body,
  );
}

/** The report as a sheet: the A4 print, and the screen's view of a past closing. */
export function RegisterReportSheet({
  session,
  timeZone,
  r,
}: {
  session: RegisterSessionReply;
  timeZone: string;
  r: RegisterT;
}) {
  const when = (at: string) => storeDateTimeText(new Date(at), timeZone);
  const closed = session.closed_at !== null;
  return (
    <article className="register-report">
      <header>
        <p className="register-report-store">{session.store_name}</p>
        <h3>
          {r('report')} · {session.register_name}
        </h3>
        <p>{r('openedBy', { who: session.opened_by ?? r('someone'), when: when(session.opened_at) })}</p>
        {session.closed_at ? (
          <p>{r('closedBy', { who: session.closed_by ?? r('someone'), when: when(session.closed_at) })}</p>
        ) : null}
        <p>{r('floatLine', { amount: formatBRL(session.opening_float) })}</p>
      </header>
      <h4>{r('movements')}</h4>
      {session.movements.length === 0 ? <p>{r('noMovements')}</p> : null}
      {session.movements.length > 0 ? (
        <table className="register-table">
          <tbody>
            {session.movements.map((movement) => (
              <tr key={movement.id}>
                <td>
                  {when(movement.at)} · {r(movement.kind)}
                  <span className="register-reason">
                    {movement.reason}
                    {movement.by ? ` · ${movement.by}` : ''}
                  </span>
                </td>
                <td className="register-money">
                  {formatBRL(movement.kind === 'sangria' ? -movement.amount : movement.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h4>{r('byMethod')}</h4>
      <table className="register-table">
        <thead>
          <tr>
            <th scope="col">{r('method')}</th>
            <th scope="col">{r('expected')}</th>
            {closed ? <th scope="col">{r('counted')}</th> : null}
            {closed ? <th scope="col">{r('difference')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {session.lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.name}</th>
              <td className="register-money">{formatBRL(line.expected)}</td>
              {closed ? <td className="register-money">{formatBRL(line.counted ?? 0)}</td> : null}
              {closed ? (
                <td className="register-money" data-tone={toneOf(line.difference ?? 0)}>
                  {formatBRL(line.difference ?? 0)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{r('total')}</th>
            <td className="register-money">{formatBRL(session.expected_total)}</td>
            {closed ? <td className="register-money">{formatBRL(session.counted_total ?? 0)}</td> : null}
            {closed ? (
              <td className="register-money" data-tone={toneOf(session.difference_total ?? 0)}>
                {formatBRL(session.difference_total ?? 0)}
              </td>
            ) : null}
          </tr>
        </tfoot>
      </table>
    </article>
  );
}

const toneOf = (difference: number) => (difference > 0 ? 'over' : difference < 0 ? 'short' : 'even');
