import type {
  StaffTab,
  StaffTable,
  StaffTablesReply,
  TabCloseRequest,
  TableCall,
  TableQrSheetReply,
  TableSettings,
} from '@comanda/contract';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';

/* The tables' staff calls (packages/contract/src/tables.ts), one function each. */

export const loadTables = () => staffFetch<StaffTablesReply>('/staff/tables');

export const loadTab = (id: number) => staffFetch<StaffTab>(`/staff/tabs/${id}`);

export const openTable = (table: number) =>
  staffFetch<StaffTab>(`/staff/tables/${table}/open`, { method: 'POST' });

export const closeTab = (id: number, request: TabCloseRequest) =>
  staffFetch<StaffTab>(`/staff/tabs/${id}/close`, { method: 'POST', json: request });

export const markSharePaid = (tab: number, share: number, formaPagamento: string) =>
  staffFetch<StaffTab>(`/staff/tabs/${tab}/shares/${share}/paid`, {
    method: 'POST',
    json: { forma_pagamento: formaPagamento },
  });

export const answerCall = (id: number) =>
  staffFetch<TableCall>(`/staff/tables/calls/${id}/ack`, { method: 'POST' });

export const createTable = (description: string) =>
  staffFetch<StaffTable>('/staff/tables', { method: 'POST', json: { description } });

export const updateTable = (id: number, change: { description?: string; ativo?: boolean }) =>
  staffFetch<StaffTable>(`/staff/tables/${id}`, { method: 'PATCH', json: change });

export const rotateTableToken = (id: number) =>
  staffFetch<StaffTable>(`/staff/tables/${id}/rotate-token`, { method: 'POST' });

export const saveTableSettings = (change: { requires_code?: boolean; service_fee_percent?: number }) =>
  staffFetch<TableSettings>('/staff/tables/settings', { method: 'PATCH', json: change });

export const loadQrSheet = () => staffFetch<TableQrSheetReply>('/staff/tables/qr-sheet');

/** The server's words for a refusal, or the error as it is. */
export const refusalText = (caught: unknown) =>
  caught instanceof StaffApiError ? caught.detail : caught instanceof Error ? caught.message : String(caught);

/** Whether the tab changed under us (someone else closed it or took the payment). */
export const isConflict = (caught: unknown) => caught instanceof StaffApiError && caught.status === 409;
