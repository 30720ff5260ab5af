import type {
  Courier,
  CourierInput,
  DispatchBoard,
  OutsideDelivery,
  Route,
  Settlement,
  Stop,
} from '../../lib/dispatch-types.ts';
import { staffFetch, staffToken } from '../lib/staff-api.ts';

/* The dispatch and couriers staff calls (DISPATCH-CONTRACT), one function each. */

export const loadDispatch = () => staffFetch<DispatchBoard>('/staff/dispatch');

export const createRoute = (courierId: number, orders: readonly number[]) =>
  staffFetch<Route>('/staff/routes', { method: 'POST', json: { entregador_id: courierId, pedidos: orders } });

export const updateRoute = (id: number, change: { entregador_id?: number; pedidos?: number[] }) =>
  staffFetch<Route>(`/staff/routes/${id}`, { method: 'PUT', json: change });

export const departRoute = (id: number) =>
  staffFetch<Route>(`/staff/routes/${id}/depart`, { method: 'POST' });

/** The board ends a route whose stops are all marked (a courier without the page). */
export const routeBack = (id: number) => staffFetch<Route>(`/staff/routes/${id}/back`, { method: 'POST' });

export const deleteRoute = (id: number) => staffFetch<void>(`/staff/routes/${id}`, { method: 'DELETE' });

export const markStopDelivered = (route: number, stop: number) =>
  staffFetch<Stop>(`/staff/routes/${route}/stops/${stop}/delivered`, { method: 'POST' });

export const markStopNotDelivered = (route: number, stop: number, motivo: string) =>
  staffFetch<Stop>(`/staff/routes/${route}/stops/${stop}/not-delivered`, {
    method: 'POST',
    json: { motivo },
  });

export const requestOutside = (orderId: number) =>
  staffFetch<OutsideDelivery>('/staff/routes/outside', { method: 'POST', json: { pedido_id: orderId } });

export const loadCouriers = () => staffFetch<{ entregadores: Courier[] }>('/staff/couriers');

export const createCourier = (body: CourierInput) =>
  staffFetch<Courier>('/staff/couriers', { method: 'POST', json: body });

export const updateCourier = (id: number, body: CourierInput) =>
  staffFetch<Courier>(`/staff/couriers/${id}`, { method: 'PUT', json: body });

export const createCourierLink = (id: number) =>
  staffFetch<{ url: string; token: string }>(`/staff/couriers/${id}/link`, { method: 'POST' });

export const revokeCourierLink = (id: number) =>
  staffFetch<void>(`/staff/couriers/${id}/link`, { method: 'DELETE' });

export const loadSettlement = (day: string) =>
  staffFetch<Settlement>(`/staff/couriers/settlement?dia=${encodeURIComponent(day)}`);

export const recordSettlement = (courierId: number, day: string) =>
  staffFetch<unknown>(`/staff/couriers/${courierId}/settlement`, { method: 'POST', json: { dia: day } });

/** The day's settlement as the server's pt-BR CSV, saved as a file; the server's words when refused. */
export async function downloadSettlementCsv(day: string): Promise<string | null> {
  const response = await fetch(`/staff/couriers/settlement.csv?dia=${encodeURIComponent(day)}`, {
    headers: { Authorization: `Bearer ${staffToken.get() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    return body.detail ?? response.statusText;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `acerto-entregadores-${day}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
  return null;
}
