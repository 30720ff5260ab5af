import type { RegisterLine, RegisterSessionReply } from '@comanda/contract';
import {
  type ClosingCount,
  closingCount,
  differenceTone,
  formatBRL,
  parseReais,
  type RegisterReport,
} from '@comanda/domain';

/* The register screen's rules: typed amounts, the closing preview and the report's data. */

/** An amount typed in reais ('150', '150,00', 'R$ 1.500,50') in centavos; null when it is not one. */
export function typedAmount(text: string): number | null {
  if (text.trim() === '') return null;
  const centavos = parseReais(text);
  return centavos === null || centavos < 0 ? null : centavos;
}

/**
 * The closing as it will be kept, from what was typed per line (an empty box counts 0); the
 * lines whose box is not an amount, which block the closing.
 */
export function closingPreview(
  lines: readonly RegisterLine[],
  typed: Readonly<Record<string, string>>,
): { count: ClosingCount; counted: Record<string, number>; invalid: string[] } {
  const counted: Record<string, number> = {};
  const invalid: string[] = [];
  for (const line of lines) {
    const text = typed[line.key] ?? '';
    if (text.trim() === '') continue;
    const amount = typedAmount(text);
    if (amount === null) invalid.push(line.key);
    else counted[line.key] = amount;
  }
  return { count: closingCount(lines, counted), counted, invalid };
}

/** A difference in words: 'Falta R$ 3,50', 'Sobra R$ 1,00', 'Confere'. */
export function differenceText(
  difference: number,
  r: (key: 'short' | 'over' | 'even', vars?: Record<string, string>) => string,
): string {
  const tone = differenceTone(difference);
  return tone === 'even' ? r('even') : r(tone, { amount: formatBRL(Math.abs(difference)) });
}

/** The report of a session for the 80 mm ticket and the A4 sheet. */
export function reportOf(session: RegisterSessionReply, timeZone: string): RegisterReport {
  const lines = session.lines.map((line) => ({
    ...line,
    counted: line.counted ?? 0,
    difference: line.difference ?? 0,
  }));
  return {
    sessionId: session.id,
    storeName: session.store_name,
    registerName: session.register_name,
    timeZone,
    openedAt: new Date(session.opened_at),
    openedBy: session.opened_by,
    closedAt: session.closed_at ? new Date(session.closed_at) : null,
    closedBy: session.closed_by,
    openingFloat: session.opening_float,
    movements: session.movements.map((movement) => ({
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason,
      at: new Date(movement.at),
      by: movement.by,
    })),
    count: {
      lines,
      expected: session.expected_total,
      counted: session.counted_total ?? 0,
      difference: session.difference_total ?? 0,
    },
  };
}
