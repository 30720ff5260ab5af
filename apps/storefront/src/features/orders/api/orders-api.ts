import {
  ORDER_EVENT,
  type OrderEventData,
  type OrderListReply,
  RESYNC_EVENT,
  type StreamTicketReply,
  type TrackedOrder,
} from '@comanda/contract';
import { useEffect } from 'react';
import useSWR, { type SWRConfiguration, useSWRConfig } from 'swr';
import { apiFetch, apiGet } from '../../../lib/api-client.ts';
import { getToken, useSessionUser } from '../../../lib/session.ts';

/** Spec section 7: the orders are refreshed every 30 s and on focus, deduped for 10 s. */
export const ORDERS_SWR_OPTIONS = {
  refreshInterval: 30_000,
  dedupingInterval: 10_000,
  revalidateOnFocus: true,
} as const satisfies SWRConfiguration;

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
    // No stream then: the 30 s polling carries on.
    return null;
  }
}

export function useOrderList() {
  const user = useSessionUser();
  return useSWR<OrderListReply>(user ? orderListPath(user.userId) : null, apiGet, ORDERS_SWR_OPTIONS);
}

export function useOrder(id: string | undefined) {
  return useSWR<TrackedOrder>(id ? orderPath(id) : null, apiGet, ORDERS_SWR_OPTIONS);
}

/**
 * One EventSource per signed-in orders page: each `order` event revalidates the list and that
 * order's detail, so the page changes within a moment of a status change; `resync` revalidates
 * everything of the orders. If the stream fails it is closed and the 30 s polling carries on.
 */
export function useLiveOrders(): void {
  const user = useSessionUser();
  const { mutate } = useSWRConfig();
  const userId = user?.userId ?? null;

  useEffect(() => {
    const token = getToken();
    if (userId === null || !token || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let cancelled = false;
    const refreshList = () => mutate(orderListPath(userId));
    const onOrder = (event: MessageEvent<string>) => {
      let data: OrderEventData | null = null;
      try {
        data = JSON.parse(event.data) as OrderEventData;
      } catch {
        data = null;
      }
      void refreshList();
      if (data && typeof data.id === 'number') void mutate(orderPath(data.id));
    };
    const onResync = () => {
      void mutate((key) => typeof key === 'string' && key.startsWith('/bar/atendimentos'));
    };
    const onError = () => source?.close();
    void streamTicket(token).then((ticket) => {
      if (cancelled || !ticket) return;
      source = new EventSource(orderEventsPath(ticket));
      source.addEventListener(ORDER_EVENT, onOrder as EventListener);
      source.addEventListener(RESYNC_EVENT, onResync);
      source.addEventListener('error', onError);
    });
    return () => {
      cancelled = true;
      source?.removeEventListener(ORDER_EVENT, onOrder as EventListener);
      source?.removeEventListener(RESYNC_EVENT, onResync);
      source?.removeEventListener('error', onError);
      source?.close();
    };
  }, [userId, mutate]);
}
