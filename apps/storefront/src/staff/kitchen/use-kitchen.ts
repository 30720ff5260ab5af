import {
  KITCHEN_BUMP_EVENT,
  type KitchenReply,
  ORDER_EVENT,
  RESYNC_EVENT,
  type StreamTicketReply,
} from '@comanda/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';

/** After a dropped stream, the next try; and a re-read now and then in case an event was missed. */
const RECONNECT_MS = 3000;
const SAFETY_RELOAD_MS = 60_000;

export type KitchenLoad =
  | { state: 'loading' }
  | { state: 'failed'; code: string | null; detail: string }
  | { state: 'ready'; reply: KitchenReply };

export const kitchenPath = (station: number | null) =>
  `/staff/kitchen${station ? `?station=${station}` : ''}`;

/**
 * A station's kitchen view kept live: read at once, then again on each order or bump event of the
 * store's staff stream (coalesced: one read at a time, one more if events came meanwhile).
 */
export function useKitchen(station: number | null) {
  const [load, setLoad] = useState<KitchenLoad>({ state: 'loading' });
  const [connected, setConnected] = useState(true);
  const reading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });
  const current = useRef(station);
  current.current = station;

  const reload = useCallback(async () => {
    const gate = reading.current;
    if (gate.busy) {
      gate.again = true;
      return;
    }
    gate.busy = true;
    try {
      do {
        gate.again = false;
        const asked = current.current;
        try {
          const reply = await staffFetch<KitchenReply>(kitchenPath(asked));
          if (asked === current.current) setLoad({ state: 'ready', reply });
          else gate.again = true;
        } catch (error) {
          setLoad((before) =>
            before.state === 'ready' && asked === current.current
              ? before
              : {
                  state: 'failed',
                  code: error instanceof StaffApiError ? error.code : null,
                  detail: error instanceof Error ? error.message : String(error),
                },
          );
        }
      } while (gate.again);
    } finally {
      gate.busy = false;
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new station is read at once
  useEffect(() => {
    setLoad({ state: 'loading' });
    void reload();
  }, [station, reload]);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = async () => {
      try {
        const { ticket } = await staffFetch<StreamTicketReply>('/staff/orders/events/ticket', {
          method: 'POST',
        });
        if (stopped) return;
        source = new EventSource(`/staff/orders/events?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener('open', () => {
          setConnected(true);
          void reload();
        });
        for (const name of [ORDER_EVENT, KITCHEN_BUMP_EVENT, RESYNC_EVENT]) {
          source.addEventListener(name, () => void reload());
        }
        source.addEventListener('error', () => {
          setConnected(false);
          source?.close();
          if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
        });
      } catch {
        setConnected(false);
        if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
      }
    };
    void connect();
    const safety = setInterval(() => void reload(), SAFETY_RELOAD_MS);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(safety);
      source?.close();
    };
  }, [reload]);

  const show = useCallback((reply: KitchenReply) => {
    if ((reply.station_id ?? null) === current.current) setLoad({ state: 'ready', reply });
  }, []);

  return { load, connected, reload, show };
}
