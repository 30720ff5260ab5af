import type { TabLine } from '@comanda/contract';

/** A tab's lines as people read them: identical lines of a round added up. */
export interface GroupedTabLine {
  /** The first line's id (a stable React key). */
  key: number;
  /** Every order line it adds up (what a split by items assigns one by one). */
  ids: number[];
  qtd: number;
  descricao_produto: string;
  detalhes: string;
  valor_total: number;
}

/**
 * The cart may send one line per unit: a round of two Guaranás reads '2× Guaraná · R$ 13,00', not
 * two lines of '1× Guaraná'. Lines are identical when their product, details and unit value match.
 */
export function groupedTabLines(lines: readonly TabLine[]): GroupedTabLine[] {
  const byKey = new Map<string, GroupedTabLine>();
  for (const line of lines) {
    const unit = line.qtd > 0 ? line.valor_total / line.qtd : line.valor_total;
    const key = JSON.stringify([line.descricao_produto, line.detalhes, unit]);
    const same = byKey.get(key);
    if (same) {
      same.ids.push(line.id);
      same.qtd += line.qtd;
      same.valor_total += line.valor_total;
    } else {
      byKey.set(key, {
        key: line.id,
        ids: [line.id],
        qtd: line.qtd,
        descricao_produto: line.descricao_produto,
        detalhes: line.detalhes,
        valor_total: line.valor_total,
      });
    }
  }
  return [...byKey.values()];
}
