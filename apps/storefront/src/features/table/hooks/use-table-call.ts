import type { GuestTableReply, TableCall } from '@comanda/contract';
import type { TableCallKind } from '@comanda/domain';
import { useState } from 'react';
import type { BoundMutate } from '../../../lib/data-cache.tsx';
import type { TableVisit } from '../../../lib/guest-table.ts';
import { callTableStaff } from '../api/table-calls.ts';
import { withCall } from '../model/tab-view.ts';
import type { TableT } from '../table-texts.ts';

export type CallResult = { call: TableCall } | { problem: string };

/**
 * The guest's calls to the staff: one at a time; a call made shows on the tab at once and the tab
 * is refreshed. A refusal (too many calls, no tab to bill) is the server's detail.
 */
export function useTableCall({
  visit,
  mutate,
  t,
}: {
  visit: TableVisit | null;
  mutate: BoundMutate<GuestTableReply>;
  t: TableT;
}) {
  const [sending, setSending] = useState<TableCallKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Calls made from this page, for a table with no tab yet (the tab cannot say they wait). */
  const [made, setMade] = useState<Partial<Record<TableCallKind, string>>>({});

  const call = async (kind: TableCallKind): Promise<CallResult | null> => {
    if (!visit || sending) return null;
    setSending(kind);
    setProblem(null);
    const outcome = await callTableStaff(visit, kind);
    setSending(null);
    if (outcome.status === 'called') {
      setMade((current) => ({ ...current, [kind]: outcome.call.created_at }));
      void mutate((current) => withCall(current, outcome.call), { revalidate: true });
      return { call: outcome.call };
    }
    const message = outcome.status === 'refused' ? outcome.message : t('callUnreachable');
    setProblem(message);
    return { problem: message };
  };

  return { call, sending, problem, clearProblem: () => setProblem(null), made };
}
