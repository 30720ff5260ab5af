import type { TableCall } from '@comanda/contract';
import { storeClockText, storeLocalTime } from '@comanda/domain';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { tableLabel } from '../lib/staff-words.ts';
import { elapsed } from './tables-model.ts';

/* How the staff app words tables, rounds, calls and time, in the board's language. */

/** 'agora', 'há 25 min', 'há 1 h 5 min', 'há 2 d 3 h'. */
export function agoText(from: string, now: Date, t: StaffT): string {
  const { days, hours, minutes } = elapsed(from, now);
  if (days > 0) return t('daysAgo', { days, hours });
  if (hours > 0) return t('hoursAgo', { hours, minutes });
  return minutes < 1 ? t('justNow') : t('minutesAgo', { minutes });
}

export function roundsText(count: number, t: StaffT): string {
  return t('rounds', { count });
}

/** 'Mesa 3 chamou o garçom', 'Mesa 3 pediu a conta'. */
export function callText(call: Pick<TableCall, 'kind' | 'table_description'>, t: StaffT): string {
  const table = tableLabel(call.table_description, t);
  return t(call.kind === 'bill' ? 'callBill' : 'callWaiter', { table });
}

/** 'Aberta às 19:35 (há 25 min)'; a tab opened on another day says the day ('Aberta em 04/05 às 19:35'). */
export function openedText(at: string, now: Date, t: StaffT): string {
  const opened = new Date(at);
  const time = storeClockText(opened, pageStoreTimeZone());
  const ago = agoText(at, now, t);
  const day = storeLocalTime(opened, pageStoreTimeZone()).dateISO;
  if (day === storeLocalTime(now, pageStoreTimeZone()).dateISO) return t('tabOpenedAt', { time, ago });
  return t('tabOpenedOn', { date: `${day.slice(8, 10)}/${day.slice(5, 7)}`, time, ago });
}
