import { storeClockText, storeLocalTime } from '@comanda/domain';
import type { Language } from './preferences.ts';

/** One day of schedule periods, as the schedule dialog lists them. */
export interface ScheduleDay {
  /** Store-local date, 'YYYY-MM-DD'. */
  date: string;
  /** 'Hoje', 'Amanhã', or the weekday and date ('Quarta-feira, 26/11'). */
  label: string;
  times: { period: string; time: string }[];
}

const DAY_WORDS = {
  pt_br: { today: 'Hoje', tomorrow: 'Amanhã', at: 'às' },
  en: { today: 'Today', tomorrow: 'Tomorrow', at: 'at' },
} as const;

const MS_PER_DAY = 86_400_000;

/** Store-local 'YYYY-MM-DD' as a UTC midnight, so that Intl with timeZone UTC names that day. */
const asUtcDay = (date: string) => new Date(`${date}T00:00:00Z`);

function weekdayLabel(date: string, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'pt-BR', {
    timeZone: 'UTC',
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
  }).format(asUtcDay(date));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The day of a store-local date relative to `now`, on the store's clock (its time zone). */
export function dayLabel(date: string, now: Date, language: Language, timeZone: string): string {
  const today = storeLocalTime(now, timeZone).dateISO;
  const days = Math.round((asUtcDay(date).getTime() - asUtcDay(today).getTime()) / MS_PER_DAY);
  if (days === 0) return DAY_WORDS[language].today;
  if (days === 1) return DAY_WORDS[language].tomorrow;
  return weekdayLabel(date, language);
}

/** The free periods (ISO instants) grouped by store-local day, each day and its times in order. */
export function scheduleDays(
  periods: readonly string[],
  now: Date,
  language: Language,
  timeZone: string,
): ScheduleDay[] {
  const days = new Map<string, ScheduleDay>();
  const sorted = [...periods].sort((a, b) => Date.parse(a) - Date.parse(b));
  for (const period of sorted) {
    const at = new Date(period);
    // A period that is not an instant (a store's own text) is listed as it is, under no day.
    const date = Number.isNaN(at.getTime()) ? '' : storeLocalTime(at, timeZone).dateISO;
    let day = days.get(date);
    if (!day) {
      day = { date, label: date ? dayLabel(date, now, language, timeZone) : '', times: [] };
      days.set(date, day);
    }
    day.times.push({ period, time: date ? storeClockText(at, timeZone) : period });
  }
  return [...days.values()];
}

/**
 * A period inside a sentence ('Agendado para …'): 'hoje às 19:30', 'quarta-feira, 26/11 às 11:30',
 * 'tomorrow at 11:30', 'Wednesday, 11/26 at 11:30' (English keeps its capital weekdays).
 */
export function scheduleText(period: string, now: Date, language: Language, timeZone: string): string {
  const at = new Date(period);
  if (Number.isNaN(at.getTime())) return period;
  const day = dayLabel(storeLocalTime(at, timeZone).dateISO, now, language, timeZone);
  const relative = day === DAY_WORDS[language].today || day === DAY_WORDS[language].tomorrow;
  const inline = language === 'en' && !relative ? day : day.charAt(0).toLowerCase() + day.slice(1);
  return `${inline} ${DAY_WORDS[language].at} ${storeClockText(at, timeZone)}`;
}
