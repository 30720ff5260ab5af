import type { TableCall } from '@comanda/contract';
import { useState } from 'react';
import type { StaffT } from '../lib/staff-texts.ts';
import { agoText, callText } from './table-words.ts';

/**
 * Guests' calls waiting for the staff ('Mesa 3 pediu a conta · há 2 min'), each with 'Atender':
 * above the board's columns and on the tables view.
 */
export function TableCalls({
  calls,
  now,
  t,
  onAnswer,
}: {
  calls: readonly TableCall[];
  now: Date;
  t: StaffT;
  onAnswer: (call: TableCall) => Promise<void>;
}) {
  const [answering, setAnswering] = useState<ReadonlySet<number>>(new Set());
  if (calls.length === 0) return null;
  const answer = async (call: TableCall) => {
    setAnswering((ids) => new Set(ids).add(call.id));
    try {
      await onAnswer(call);
    } finally {
      setAnswering((ids) => {
        const next = new Set(ids);
        next.delete(call.id);
        return next;
      });
    }
  };
  return (
    <section className="staff-calls" aria-label={t('callsTitle')}>
      <ul>
        {calls.map((call) => (
          <li key={call.id} className="staff-call" data-kind={call.kind}>
            <span className="staff-call-text">
              <strong>{callText(call, t)}</strong>
              <span className="staff-muted"> · {agoText(call.created_at, now, t)}</span>
            </span>
            <button
              type="button"
              className="button button-primary"
              aria-label={`${t('answerCall')}: ${callText(call, t)}`}
              disabled={answering.has(call.id)}
              onClick={() => void answer(call)}
            >
              {t('answerCall')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
