import type { Centavos } from './money.ts';

/*
 * The rules of the store's reports (issue 33, docs/decisions/0061). Money is read from the ledger
 * (docs/decisions/0057); what was sold (products, categories, customers) from the orders.
 *
 * - A sale is an order, or a table's tab, with a 'venda' entry in the period. A tab is one sale
 *   however many shares paid it (a tab paid in cash and by PIX is one sale under each method).
 * - Revenue is the sum of the period's entries: sales, adjustments (edits) and reversals (cancels),
 *   each on the day the money moved.
 * - A cancel is a sale reversed ('estorno') in the period. A sale both made and reversed in the
 *   period is not counted as a sale; a sale reversed in a later period counts where it was made
 *   and its reversal lowers the later period's revenue.
 */

/** The longest period a report or an export covers, in days. */
export const REPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** Whether a 'YYYY-MM-DD' names a real calendar day (no 31 February). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** A calendar day moved by a number of days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export type ReportRangeProblem = 'not_a_date' | 'reversed' | 'too_long';

/** Why a period cannot be reported, or null when it can. */
export function reportRangeProblem(
  from: string,
  to: string,
  maxDays = REPORT_MAX_DAYS,
): ReportRangeProblem | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'not_a_date';
  const days = daysInRange(from, to);
  if (days < 1) return 'reversed';
  if (days > maxDays) return 'too_long';
  return null;
}

/** The period of equal length just before: 1–7 May → 24–30 April. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = daysInRange(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Every day of a period, in order. */
export function rangeDays(from: string, to: string): string[] {
  const days = daysInRange(from, to);
  return Array.from({ length: Math.max(0, days) }, (_, i) => addDays(from, i));
}

/** revenue / sales, rounded to the centavo (0 without sales). */
export const averageTicket = (revenue: Centavos, sales: number): Centavos =>
  sales === 0 ? 0 : Math.round(revenue / sales);

/** The change from the previous period in percent, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** The delivery types as a person reads them in a report or a spreadsheet. */
export const DELIVERY_TYPE_WORDS: Record<'pt_br' | 'en', Record<string, string>> = {
  pt_br: { Entregar: 'Entrega', Retirada: 'Retirada', 'Vem comer': 'Comer no local' },
  en: { Entregar: 'Delivery', Retirada: 'Pickup', 'Vem comer': 'Eat in' },
};

export const deliveryTypeWord = (type: string, lang: 'pt_br' | 'en' = 'pt_br'): string =>
  DELIVERY_TYPE_WORDS[lang][type] ?? type;

/** The ledger's kinds as the export names them. */
export const LEDGER_KIND_WORDS: Record<string, string> = {
  venda: 'Venda',
  ajuste: 'Ajuste',
  estorno: 'Estorno',
};

/** Money in a pt-BR spreadsheet cell: '-1234,50', no currency sign, no thousands separator. */
export function spreadsheetMoney(centavos: Centavos): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
