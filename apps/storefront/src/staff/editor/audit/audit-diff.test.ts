import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff.ts';

const margherita = { ref: 'margherita', descricao: 'Pizza Margherita', valor_venda: 4590, variants: [] };
const calabresa = { ref: 'calabresa', descricao: 'Pizza Calabresa', valor_venda: 4290, variants: [] };
const menu = (products: object[]) => ({
  categories: [{ ref: 'pizzas', descricao: 'Pizzas', products }],
  option_groups: [],
});

describe("what a saved section changed, from the audit log's before and after", () => {
  it('names the product whose price changed, with the old and the new', () => {
    const changes = auditChanges(
      menu([margherita, calabresa]),
      menu([{ ...margherita, valor_venda: 4990 }, calabresa]),
    );
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'changed',
        where: ['Pizzas', 'Pizza Margherita'],
        field: 'valor_venda',
        before: 4590,
        after: 4990,
      }),
    ]);
  });

  it('matches list items by their ref, so one added at the top is one change, not a shifted list', () => {
    const nova = { ref: 'nova', descricao: 'Pizza Nova', valor_venda: 5000, variants: [] };
    const changes = auditChanges(menu([margherita, calabresa]), menu([nova, margherita, calabresa]));
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'added', where: ['Pizzas'], field: 'products', item: 'Pizza Nova' }),
    ]);
  });

  it('tells a removed item and a new order apart', () => {
    expect(auditChanges(menu([margherita, calabresa]), menu([calabresa]))).toEqual([
      expect.objectContaining({ kind: 'removed', field: 'products', item: 'Pizza Margherita' }),
    ]);
    expect(auditChanges(menu([margherita, calabresa]), menu([calabresa, margherita]))).toEqual([
      expect.objectContaining({ kind: 'reordered', where: ['Pizzas'], field: 'products' }),
    ]);
  });

  it('matches coupons by code and gives a field the object it belongs to (a value read with perc)', () => {
    const before = { coupons: [{ code: 'FRETE', perc: false, valor: 500, local: 'Entrega' }] };
    const after = { coupons: [{ code: 'FRETE', perc: false, valor: 700, local: 'Entrega' }] };
    const [change] = auditChanges(before, after);
    expect(change).toMatchObject({ where: ['FRETE'], field: 'valor', before: 500, after: 700 });
    expect(change!.holder).toMatchObject({ perc: false });
  });

  it('reads settings and the look field by field, and a list of dates as one value', () => {
    const changes = auditChanges(
      { look: { primary_color: '#b3261e', logo: '/a.webp' }, settings: { holidays: ['2026-12-25'] } },
      {
        look: { primary_color: '#8a1c1c', logo: '/a.webp' },
        settings: { holidays: ['2026-12-25', '2027-01-01'] },
      },
    );
    expect(changes.map(({ field, before, after }) => [field, before, after])).toEqual([
      ['primary_color', '#b3261e', '#8a1c1c'],
      ['holidays', ['2026-12-25'], ['2026-12-25', '2027-01-01']],
    ]);
  });

  it("matches shifts by day and turn and names them with the caller's words", () => {
    const shift = (hr_fim: string) => ({ dia_semana: 5, turno: 1, hr_inicio: '18:00:00', hr_fim });
    const changes = auditChanges(
      { hours: [shift('23:00:00')] },
      { hours: [shift('23:30:00')] },
      {
        label: (item) => `dia ${item.dia_semana}`,
      },
    );
    expect(changes).toEqual([expect.objectContaining({ where: ['dia 5'], field: 'hr_fim' })]);
  });

  it('reads a loyalty program that appears as its fields set, and nothing when nothing changed', () => {
    const changes = auditChanges({ loyalty: null }, { loyalty: { ativo: true, pontos_recompensa: 100 } });
    expect(changes.map((change) => change.field)).toEqual(['ativo', 'pontos_recompensa']);
    expect(auditChanges(menu([margherita]), menu([margherita]))).toEqual([]);
  });
});
