import type { StoreControlsReply } from '@comanda/contract';
import { storeClockText } from '@comanda/domain';
import type { Language } from '../../lib/preferences.ts';
import { scheduleText } from '../../lib/schedule-times.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import type { StaffT } from './staff-texts.ts';

export type StoreTone = 'open' | 'paused' | 'closed';

/**
 * One line for where the store stands, in the store's time zone: 'Loja aberta', 'Loja pausada até
 * 21:30' (with the pause's reason), 'Loja fechada (manualmente)' or 'Loja fechada · abre hoje, 18:00'.
 */
export function storeStatusLine(
  controls: StoreControlsReply,
  now: Date,
  t: StaffT,
  language: Language,
): { tone: StoreTone; text: string; reason: string | null } {
  const zone = pageStoreTimeZone();
  if (controls.open_now) return { tone: 'open', text: t('storeOpenLine'), reason: null };
  if (controls.closed_by === 'pause' && controls.paused_until) {
    return {
      tone: 'paused',
      text: t('storePausedLine', { time: storeClockText(new Date(controls.paused_until), zone) }),
      reason: controls.pause_reason,
    };
  }
  if (controls.closed_by === 'mode') return { tone: 'closed', text: t('storeClosedModeLine'), reason: null };
  if (controls.reopens_at) {
    return {
      tone: 'closed',
      text: t('storeClosedHoursLine', { when: scheduleText(controls.reopens_at, now, language, zone) }),
      reason: null,
    };
  }
  return { tone: 'closed', text: t('storeClosedLine'), reason: null };
}
