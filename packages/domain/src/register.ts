import type { Centavos } from './money.ts';
import { ONLINE_PAYMENT_IDS, samePaymentName } from './payment-methods.ts';

/*
 * The cash register (caixa, issue 33, docs/decisions/0060): a session is opened with a float, cash
 * is taken out (sangria) or put in (suprimento) with a reason, the store's in-person takings land
 * in it through the ledger (docs/decisions/0057), and it is closed with what the staff member
 * counted per payment method against what was expected. Every figure of it is computed here.
 */

export const REGISTER_NAME_MAX_LENGTH = 40;
export const REGISTERS_PER_STORE_MAX = 20;
/** The register a store starts with. */
export const DEFAULT_REGISTER_NAME = 'Caixa';
export const REGISTER_REASON_MAX_LENGTH = 140;
/** The largest float, movement or counted amount: R$ 1.000.000,00. */
export const REGISTER_AMOUNT_MAX: Centavos = 100_000_000;

export const REGISTER_MOVEMENT_KINDS = ['sangria', 'suprimento'] as const;
export type RegisterMovementKind = (typeof REGISTER_MOVEMENT_KINDS)[number];

/** A store's payment method as the register reads it (payment_methods). */
export interface RegisterPaymentMethod {
  id: number;
  tipo: string;
  descricao: string;
  permite_troco: boolean;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * Cash is the money in the drawer: a method whose type is `dinheiro`, or one that gives change
 * (only cash can). Card machines, PIX to the store's key and vouchers are counted from their own
 * slips and statements, never from the drawer.
 */
export function isCashMethod(method: Pick<RegisterPaymentMethod, 'tipo' | 'permite_troco'>): boolean {
  return fold(method.tipo) === 'dinheiro' || method.permite_troco;
}

/** One in-person entry of the ledger as the register reads it. */
export interface RegisterTaking {
  paymentMethodId: number | null;
  paymentName: string;
  amount: Centavos;
}

/** A line of the register: one payment method (or a name no method of the store has). */
export interface RegisterMethodLine {
  /** `m<id>` for a method of the store, `n:<name>` for a name typed at the counter. */
  key: string;
  name: string;
  cash: boolean;
}

/** The key cash takings without a method of their own fall under (the drawer is always there). */
export const CASH_KEY = 'cash';

/**
 * The line an entry belongs to: its method by id; else the store's method of that name (a table's
 * share paid at the counter carries the name only); else cash when the name says so; else the name.
 * Every cash method of the store shares one line: there is one drawer.
 */
export function registerLineOf(
  taking: Pick<RegisterTaking, 'paymentMethodId' | 'paymentName'>,
  methods: readonly RegisterPaymentMethod[],
): RegisterMethodLine {
  const method =
    methods.find((m) => taking.paymentMethodId !== null && m.id === taking.paymentMethodId) ??
    methods.find((m) => samePaymentName(m.descricao, taking.paymentName));
  if (method && isCashMethod(method)) return cashLine(methods);
  if (method) return { key: `m${method.id}`, name: method.descricao, cash: false };
  if (fold(taking.paymentName) === 'dinheiro') return cashLine(methods);
  return { key: `n:${taking.paymentName.trim()}`, name: taking.paymentName.trim(), cash: false };
}

function cashLine(methods: readonly RegisterPaymentMethod[]): RegisterMethodLine {
  return { key: CASH_KEY, name: methods.find(isCashMethod)?.descricao ?? 'Dinheiro', cash: true };
}

export interface RegisterMovement {
  kind: RegisterMovementKind;
  amount: Centavos;
}

export interface ExpectedLine extends RegisterMethodLine {
  /** What the session took in this method (the ledger's in-person entries, reversals included). */
  takings: Centavos;
  /** What should be there: takings, and for cash the float + suprimentos − sangrias too. */
  expected: Centavos;
}

export interface RegisterFigures {
  openingFloat: Centavos;
  movements: readonly RegisterMovement[];
  takings: readonly RegisterTaking[];
  methods: readonly RegisterPaymentMethod[];
}

/**
 * What each method should hold now: cash = float + suprimentos − sangrias + the cash takings; each
 * other in-person method = its takings. Cash comes first and is always there; then the store's
 * methods in their order, then names typed at the counter. Online ids never reach a drawer.
 */
export function expectedByMethod(figures: RegisterFigures): ExpectedLine[] {
  const lines = new Map<string, ExpectedLine>();
  const cash = cashLine(figures.methods);
  lines.set(CASH_KEY, { ...cash, takings: 0, expected: 0 });
  for (const method of figures.methods) {
    if (isCashMethod(method) || ONLINE_PAYMENT_IDS.includes(method.id) || fold(method.tipo) === 'online') {
      continue;
    }
    const key = `m${method.id}`;
    lines.set(key, { key, name: method.descricao, cash: false, takings: 0, expected: 0 });
  }
  for (const taking of figures.takings) {
    if (taking.paymentMethodId !== null && ONLINE_PAYMENT_IDS.includes(taking.paymentMethodId)) continue;
    const line = registerLineOf(taking, figures.methods);
    const held = lines.get(line.key) ?? { ...line, takings: 0, expected: 0 };
    held.takings += taking.amount;
    lines.set(line.key, held);
  }
  const drawer = cashMovementsTotal(figures.openingFloat, figures.movements);
  return [...lines.values()].map((line) => ({
    ...line,
    expected: line.cash ? drawer + line.takings : line.takings,
  }));
}

/** The float with the suprimentos added and the sangrias taken out. */
export function cashMovementsTotal(openingFloat: Centavos, movements: readonly RegisterMovement[]): Centavos {
  return movements.reduce(
    (total, movement) => total + (movement.kind === 'suprimento' ? movement.amount : -movement.amount),
    openingFloat,
  );
}

/** The cash the drawer should hold now. */
export function cashInDrawer(figures: RegisterFigures): Centavos {
  return expectedByMethod(figures).find((line) => line.cash)?.expected ?? 0;
}

/** Why a movement is refused: a sangria of more cash than the drawer holds now. */
export function movementRefusal(
  movement: RegisterMovement,
  drawer: Centavos,
): 'SANGRIA_ABOVE_CASH' | 'AMOUNT_NOT_POSITIVE' | null {
  if (movement.amount <= 0) return 'AMOUNT_NOT_POSITIVE';
  if (movement.kind === 'sangria' && movement.amount > drawer) return 'SANGRIA_ABOVE_CASH';
  return null;
}

export interface CountedLine extends ExpectedLine {
  counted: Centavos;
  /** counted − expected: negative when money is missing, positive when there is more. */
  difference: Centavos;
}

export interface ClosingCount {
  lines: CountedLine[];
  expected: Centavos;
  counted: Centavos;
  difference: Centavos;
}

/**
 * The closing: each expected line with what was counted (a line left out was counted 0). Keys the
 * session has no line for are the caller's refusal (`unknownCountKeys`).
 */
export function closingCount(
  expected: readonly ExpectedLine[],
  counted: Readonly<Record<string, Centavos>>,
): ClosingCount {
  const lines = expected.map((line) => {
    const amount = counted[line.key] ?? 0;
    return { ...line, counted: amount, difference: amount - line.expected };
  });
  const sum = (pick: (line: CountedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    expected: sum((line) => line.expected),
    counted: sum((line) => line.counted),
    difference: sum((line) => line.difference),
  };
}

/** Counted keys that are not lines of the session. */
export function unknownCountKeys(
  expected: readonly ExpectedLine[],
  counted: Readonly<Record<string, unknown>>,
): string[] {
  const known = new Set(expected.map((line) => line.key));
  return Object.keys(counted).filter((key) => !known.has(key));
}

/** How a difference reads: 'sobra' (more than expected), 'falta' (less) or 'confere'. */
export function differenceTone(difference: Centavos): 'over' | 'short' | 'even' {
  return difference > 0 ? 'over' : difference < 0 ? 'short' : 'even';
}
