import type { StaffT } from './staff-texts.ts';

/* How every staff screen words a phone and a table, in the staff app's language. */

/** (11) 98765-4321 from Brazilian login digits; other numbers as they are. */
export function phoneText(digits: string): string {
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

/**
 * How a table is named on the board: its description as the store wrote it ('Mesa 3', 'Varanda'),
 * or with 'Mesa' before a bare number ('3'). Returns the number when the name needs the word.
 */
export function tableName(description: string): { number: string } | { name: string } {
  const trimmed = description.trim();
  return /^\d+$/.test(trimmed) ? { number: trimmed } : { name: trimmed };
}

/** 'Mesa 3' for a table named '3'; a name ('Mesa 3', 'Varanda') as the store wrote it. */
export function tableLabel(description: string, t: StaffT): string {
  const name = tableName(description);
  return 'number' in name ? t('table', { table: name.number }) : name.name;
}

/** 'Mesa 3 · Rodada 2' for a table's round; the table alone when the round is not known. */
export function tableRoundLabel(description: string, round: number | null | undefined, t: StaffT): string {
  const table = tableLabel(description, t);
  return round ? t('tableRound', { table, round }) : table;
}
