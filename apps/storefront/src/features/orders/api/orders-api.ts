import {
  ORDER_EVENT,
  type OrderEventData,
  type OrderListReply,
  type OrderRating,
  type RateOrderRequest,
  RESYNC_EVENT,
  type StreamTicketReply,
  type TrackedOrder,
} from '@comanda/contract';
import { useEffect } from 'react';
import { apiFetch, apiGet } from '../../../lib/api-client.ts';
import { type DataOptions, useData, useDataConfig } from '../../../lib/data-cache.tsx';
import { getToken, useSessionUser } from '../../../lib/session.ts';

/** Spec section 7: the orders are refreshed every 30 s and on focus, deduped for 10 s. */
export const ORDERS_SWR_OPTIONS = {
  refreshInterval: 30_000,
  dedupingInterval: 10_000,
  revalidateOnFocus: true,
} as const satisfies DataOptions;

/** GET /bar/atendimentos_list_app (spec section 7). */
export const orderListPath = (clientId: number) =>
  `/bar/atendimentos_list_app?format=json&client_id=${clientId}`;
/** GET /bar/atendimentos_app/{id}. */
export const orderPath = (id: number | string) => `/bar/atendimentos_app/${id}?format=json`;
/**
 * The live status stream. EventSource cannot send headers, so it opens with a one-minute ticket
 * asked for with the token (POST /bar/v2/orders/events/ticket): the token stays out of URLs.
 */
export const ORDER_EVENTS_TICKET_PATH = '/bar/v2/orders/events/ticket';
export const orderEventsPath = (ticket: string) =>
  `/bar/v2/orders/events?ticket=${encodeURIComponent(ticket)}`;

async function streamTicket(token: string): Promise<string | null> {
  try {
    const reply = await apiFetch<StreamTicketReply>(ORDER_EVENTS_TICKET_PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    return typeof reply?.ticket === 'string' ? reply.ticket : null;
  } catch {
    // No stream for now: asked again later, and the 30 s polling carries on.
    return null;
  }
}

/** POST /bar/v2/orders/{id}/rating: a delivered order's stars and comment (docs/decisions/0068). */
export const rateOrder = (id: number, body: RateOrderRequest) =>
  apiFetch<OrderRating>(`/bar/v2/orders/${id}/rating`, { method: 'POST', json: body });

export function useOrderList() {
  const user = useSessionUser();
  return useData<OrderListReply>(user ? orderListPath(user.userId) : null, apiGet, ORDERS_SWR_OPTIONS);
}

export function useOrder(id: string | undefined) {
  return useData<TrackedOrder>(id ? orderPath(id) : null, apiGet, ORDERS_SWR_OPTIONS);
}

/** The first wait before a dropped stream is opened again; doubled up to the polling interval. */
export const STREAM_REOPEN_MS = 1_000;

/**
 * One EventSource per signed-in orders page: each `order` event revalidates the list and that
 * order's detail, so the page changes within a moment of a status change; `resync` revalidates
 * everything of the orders, and so does every opening of the stream (a change made between the
 * page's last fetch and the subscription is not missed). A dropped stream is opened again with a
 * fresh ticket (the old one lasts a minute), after 1 s, 2 s, 4 s... up to 30 s; the 30 s polling
 * carries on meanwhile.
 */
export function useLiveOrders(): void {
  const user = useSessionUser();
  const { mutate } = useDataConfig();
  const userId = user?.userId ?? null;

  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | null = null;
    let wait = STREAM_REOPEN_MS;
    let cancelled = false;
    const refreshAll = () => {
      void mutate((key) => typeof key === 'string' && key.startsWith('/bar/atendimentos'));
    };
    const onOrder = (event: MessageEvent<string>) => {
      let data: OrderEventData | null = null;
      try {
        data = JSON.parse(event.data) as OrderEventData;
      } catch {
        data = null;
      }
      void mutate(orderListPath(userId));
      if (data && typeof data.id === 'number') void mutate(orderPath(data.id));
    };
    const onOpen = () => {
      wait = STREAM_REOPEN_MS;
      refreshAll();
    };
    const detach = () => {
      if (!source) return;
      source.removeEventListener('open', onOpen);
      source.removeEventListener(ORDER_EVENT, onOrder as EventListener);
      source.removeEventListener(RESYNC_EVENT, refreshAll);
      source.removeEventListener('error', onError);
      source.close();
      source = null;
    };
    const reopenLater = () => {
      if (cancelled || reopenTimer) return;
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        void connect();
      }, wait);
      wait = Math.min(wait * 2, ORDERS_SWR_OPTIONS.refreshInterval);
    };
    function onError() {
      detach();
      reopenLater();
    }
    async function connect() {
      const token = getToken();
      if (cancelled || !token) return;
      const ticket = await streamTicket(token);
      if (cancelled) return;
      if (!ticket) return reopenLater();
      source = new EventSource(orderEventsPath(ticket));
      source.addEventListener('open', onOpen);
      source.addEventListener(ORDER_EVENT, onOrder as EventListener);
      source.addEventListener(RESYNC_EVENT, refreshAll);
      source.addEventListener('error', onError);
    }
    void connect();
    return () => {
      cancelled = true;
      if (reopenTimer) clearTimeout(reopenTimer);
      detach();
    };
  }, [userId, mutate]);
}
