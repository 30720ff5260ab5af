import type { RegisterSessionReply, RegisterSessionsReply, RegistersReply } from '@comanda/contract';
import { staffFetch } from '../lib/staff-api.ts';

/* The register's calls (docs/decisions/0060). */

export const loadRegisters = () => staffFetch<RegistersReply>('/staff/registers');
export const loadSession = (id: number) => staffFetch<RegisterSessionReply>(`/staff/register-sessions/${id}`);
export const loadSessions = (before: number | null) =>
  staffFetch<RegisterSessionsReply>(`/staff/register-sessions?limit=10${before ? `&before=${before}` : ''}`);

export const openRegister = (id: number, openingFloat: number) =>
  staffFetch<RegisterSessionReply>(`/staff/registers/${id}/open`, {
    method: 'POST',
    json: { opening_float: openingFloat },
  });

export const recordMovement = (
  sessionId: number,
  movement: { kind: 'sangria' | 'suprimento'; amount: number; reason: string },
) =>
  staffFetch<RegisterSessionReply>(`/staff/register-sessions/${sessionId}/movements`, {
    method: 'POST',
    json: movement,
  });

export const closeSession = (sessionId: number, counted: Record<string, number>) =>
  staffFetch<RegisterSessionReply>(`/staff/register-sessions/${sessionId}/close`, {
    method: 'POST',
    json: { counted },
  });

export const addRegister = (name: string) =>
  staffFetch<RegistersReply>('/staff/registers', { method: 'POST', json: { name } });

export const changeRegister = (id: number, change: { name?: string; ativo?: boolean }) =>
  staffFetch<RegistersReply>(`/staff/registers/${id}`, { method: 'PATCH', json: change });
