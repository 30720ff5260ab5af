import type { StaffTablesReply, TableCall } from '@comanda/contract';
import { useCallback, useRef, useState } from 'react';
import { loadTables } from './tables-api.ts';
import { type CallsState, hearCall, listCalls, NO_CALLS } from './tables-model.ts';

/**
 * The store's tables and the guests' waiting calls: read on every (re)open of the event stream and
 * when the tables view asks, with calls arriving live in between (`hear`). A slower older reply
 * never replaces a newer one.
 */
export function useTables() {
  const [reply, setReply] = useState<StaffTablesReply | null>(null);
  const [calls, setCalls] = useState<CallsState>(NO_CALLS);
  const [failed, setFailed] = useState<unknown>(null);
  const asked = useRef(0);
  const applied = useRef(0);

  const reload = useCallback(async () => {
    const ask = ++asked.current;
    const askedAt = Date.now();
    try {
      const next = await loadTables();
      if (ask < applied.current) return;
      applied.current = ask;
      setReply(next);
      setCalls((state) => listCalls(state, next.calls, askedAt));
      setFailed(null);
    } catch (caught) {
      if (ask >= applied.current) setFailed(caught);
    }
  }, []);

  const hear = useCallback((call: TableCall) => setCalls((state) => hearCall(state, call, Date.now())), []);

  return { reply, calls: calls.waiting, failed, reload, hear };
}
