import type { GuestTab, TableCall } from '@comanda/contract';
import { storeClockText, type TableCallKind } from '@comanda/domain';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';
import type { TableT } from '../table-texts.ts';

/** An ISO instant as 'HH:MM' in store time (the store's time zone); '' when it is not one. */
export function clockOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : storeClockText(at, pageStoreTimeZone());
}

const STATUS_TEXT = {
  Solicitado: 'statusSolicitado',
  Preparo: 'statusPreparo',
  Finalização: 'statusFinalização',
  Concluido: 'statusConcluido',
  Entregue: 'statusEntregue',
  Cancelado: 'statusCancelado',
} as const;

/** A round's status in the guest's words; a status this app does not know is shown as the server sent it. */
export function roundStatusText(status: string, t: TableT): string {
  const key = STATUS_TEXT[status as keyof typeof STATUS_TEXT];
  return key ? t(key) : status;
}

/** The tab's field that says a call of this kind waits for the staff. */
export const CALL_FIELD = {
  waiter: 'chamado_garcom_em',
  bill: 'conta_pedida_em',
} as const satisfies Record<TableCallKind, keyof GuestTab>;

/** The tab with the call just made marked as waiting (until the next refresh says otherwise). */
export function withCall<T extends { tab: GuestTab | null }>(reply: T | undefined, call: TableCall) {
  if (!reply?.tab) return reply;
  return { ...reply, tab: { ...reply.tab, [CALL_FIELD[call.kind]]: call.created_at } };
}
