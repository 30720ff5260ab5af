import { describe, expect, it } from 'vitest';
import {
  CASH_KEY,
  cashInDrawer,
  closingCount,
  differenceTone,
  expectedByMethod,
  isCashMethod,
  movementRefusal,
  type RegisterPaymentMethod,
  registerLineOf,
  unknownCountKeys,
} from './register.ts';
import { registerReportTicket } from './tickets/register-report.ts';

const METHODS: RegisterPaymentMethod[] = [
  { id: 1, tipo: 'dinheiro', descricao: 'Dinheiro', permite_troco: true },
  { id: 2, tipo: 'cartao', descricao: 'Cartão de crédito (na entrega)', permite_troco: false },
  { id: 4, tipo: 'pix', descricao: 'PIX (chave da loja)', permite_troco: false },
  { id: 5, tipo: 'cartao', descricao: 'Vale-refeição', permite_troco: false },
];

describe('which method is cash', () => {
  it('is the dinheiro type, or a method that gives change', () => {
    expect(isCashMethod({ tipo: 'dinheiro', permite_troco: false })).toBe(true);
    expect(isCashMethod({ tipo: 'Dinheiro ', permite_troco: false })).toBe(true);
    expect(isCashMethod({ tipo: 'outro', permite_troco: true })).toBe(true);
    expect(isCashMethod({ tipo: 'cartao', permite_troco: false })).toBe(false);
    expect(isCashMethod({ tipo: 'pix', permite_troco: false })).toBe(false);
  });

  it('puts a share paid by name on its method, cash on the drawer, an unknown name on its own line', () => {
    expect(registerLineOf({ paymentMethodId: null, paymentName: 'dinheiro' }, METHODS).key).toBe(CASH_KEY);
    expect(registerLineOf({ paymentMethodId: null, paymentName: 'Vale-Refeição' }, METHODS).key).toBe('m5');
    expect(registerLineOf({ paymentMethodId: 2, paymentName: 'x' }, METHODS).key).toBe('m2');
    expect(registerLineOf({ paymentMethodId: null, paymentName: ' Ticket ' }, METHODS)).toEqual({
      key: 'n:Ticket',
      name: 'Ticket',
      cash: false,
    });
    expect(registerLineOf({ paymentMethodId: null, paymentName: 'Dinheiro' }, []).cash).toBe(true);
  });
});

describe('expected amounts', () => {
  const figures = {
    openingFloat: 10_000,
    movements: [
      { kind: 'suprimento' as const, amount: 5_000 },
      { kind: 'sangria' as const, amount: 3_000 },
    ],
    takings: [
      { paymentMethodId: 1, paymentName: 'Dinheiro', amount: 4_590 },
      { paymentMethodId: 1, paymentName: 'Dinheiro', amount: -4_590 },
      { paymentMethodId: 1, paymentName: 'Dinheiro', amount: 2_000 },
      { paymentMethodId: null, paymentName: 'Dinheiro', amount: 6_055 },
      { paymentMethodId: 2, paymentName: 'Cartão', amount: 3_990 },
      { paymentMethodId: null, paymentName: 'PIX (chave da loja)', amount: 1_000 },
      { paymentMethodId: 999, paymentName: 'PIX online', amount: 9_999 },
    ],
    methods: METHODS,
  };

  it('cash = float + suprimentos − sangrias + cash takings; others their takings; online never', () => {
    const lines = expectedByMethod(figures);
    expect(lines.map((line) => [line.key, line.takings, line.expected])).toEqual([
      [CASH_KEY, 8_055, 10_000 + 5_000 - 3_000 + 8_055],
      ['m2', 3_990, 3_990],
      ['m4', 1_000, 1_000],
      ['m5', 0, 0],
    ]);
    expect(cashInDrawer(figures)).toBe(20_055);
  });

  it('refuses a sangria above the drawer, and amounts that are not positive', () => {
    expect(movementRefusal({ kind: 'sangria', amount: 20_056 }, 20_055)).toBe('SANGRIA_ABOVE_CASH');
    expect(movementRefusal({ kind: 'sangria', amount: 20_055 }, 20_055)).toBeNull();
    expect(movementRefusal({ kind: 'suprimento', amount: 99_999 }, 0)).toBeNull();
    expect(movementRefusal({ kind: 'suprimento', amount: 0 }, 0)).toBe('AMOUNT_NOT_POSITIVE');
  });

  it('closes with counted − expected per line and in total; a line left out counts 0', () => {
    const count = closingCount(expectedByMethod(figures), { [CASH_KEY]: 20_000, m2: 3_990, m4: 1_100 });
    expect(count.lines.map((line) => [line.key, line.counted, line.difference])).toEqual([
      [CASH_KEY, 20_000, -55],
      ['m2', 3_990, 0],
      ['m4', 1_100, 100],
      ['m5', 0, 0],
    ]);
    expect(count).toMatchObject({ expected: 25_045, counted: 25_090, difference: 45 });
    expect(unknownCountKeys(count.lines, { cash: 1, m9: 2 })).toEqual(['m9']);
    expect([differenceTone(-1), differenceTone(0), differenceTone(1)]).toEqual(['short', 'even', 'over']);
  });

  it('prints a closing report with the store time, the movements and every line', () => {
    const count = closingCount(expectedByMethod(figures), { [CASH_KEY]: 20_000 });
    const doc = registerReportTicket({
      sessionId: 7,
      storeName: 'Forno e Brasa',
      registerName: 'Caixa',
      timeZone: 'America/Sao_Paulo',
      openedAt: new Date('2026-11-27T12:00:00Z'),
      openedBy: 'Ana',
      closedAt: new Date('2026-11-28T01:30:00Z'),
      closedBy: 'Bruno',
      openingFloat: 10_000,
      movements: [
        {
          kind: 'sangria',
          amount: 3_000,
          reason: 'Depósito',
          at: new Date('2026-11-27T15:00:00Z'),
          by: 'Ana',
        },
      ],
      count,
    });
    const text = JSON.stringify(doc.blocks);
    expect(text).toContain('Aberto em 27/11/2026 09:00 por Ana');
    expect(text).toContain('Fechado em 27/11/2026 22:30 por Bruno');
    expect(text).toContain('12:00 Sangria');
    expect(text).toContain('Depósito');
    expect(doc.blocks.at(-1)).toEqual({
      type: 'totals',
      rows: [
        { label: 'Esperado', amount: 25_045 },
        { label: 'Contado', amount: 20_000 },
        { label: 'Diferença', amount: -5_045, strong: true },
      ],
    });
  });
});
