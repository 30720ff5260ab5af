import { type StationRouting, stationOfProduct } from './stations.ts';

/**
 * The kitchen display (docs/decisions/0055): which orders a station still has to prepare, what is
 * done (bumped), how late an order is, and how a line's options read on a wall screen.
 */

/** The statuses of an order being prepared: the kitchen display shows these and bumps them. */
export const KITCHEN_STATUSES = ['Preparo', 'Finalização'] as const;

/** Where the last station's bump moves an order: the board's 'Pronto / saiu'. */
export const KITCHEN_READY_STATUS = 'Concluido';

/** Minutes since acceptance past which an order shows amber, then red. */
export const KITCHEN_LATE_MINUTES = 10;
export const KITCHEN_VERY_LATE_MINUTES = 20;

export type KitchenUrgency = 'normal' | 'late' | 'very_late';

export function isKitchenStatus(status: string): boolean {
  return (KITCHEN_STATUSES as readonly string[]).includes(status);
}

/** Whole minutes since `acceptedAt` (0 for a time in the future: clock skew). */
export function minutesSince(acceptedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - acceptedAt.getTime()) / 60_000));
}

export function kitchenUrgency(acceptedAt: Date, now: Date): KitchenUrgency {
  const minutes = minutesSince(acceptedAt, now);
  if (minutes >= KITCHEN_VERY_LATE_MINUTES) return 'very_late';
  if (minutes >= KITCHEN_LATE_MINUTES) return 'late';
  return 'normal';
}

/** A bump: one line (`lineSeq`), or every line of the station (`lineSeq` null). */
export interface KitchenBump {
  stationId: number | null;
  lineSeq: number | null;
}

export interface KitchenLineRef {
  seq: number;
  produto: number;
}

/** Whether a line is done: bumped itself, or with the whole order at its station. */
export function isLineBumped(
  routing: StationRouting,
  line: KitchenLineRef,
  bumps: readonly KitchenBump[],
): boolean {
  const station = stationOfProduct(routing, line.produto);
  return bumps.some(
    (bump) => bump.lineSeq === line.seq || (bump.lineSeq === null && bump.stationId === station),
  );
}

/** Whether every line of the order (or of one station, when given) is done. */
export function allBumped(
  routing: StationRouting,
  lines: readonly KitchenLineRef[],
  bumps: readonly KitchenBump[],
  stationId?: number | null,
): boolean {
  return lines
    .filter((line) => stationId === undefined || stationOfProduct(routing, line.produto) === stationId)
    .every((line) => isLineBumped(routing, line, bumps));
}

/**
 * What recalling a bump does to an order in `status`: in preparation, only the bump goes; once the
 * last bump made it ready (and nobody delivered it yet), it goes back to preparation; a delivered or
 * cancelled order is not recalled.
 */
export function recallOutcome(status: string): 'unbump' | 'back_to_preparation' | 'refused' {
  if (isKitchenStatus(status)) return 'unbump';
  if (status === KITCHEN_READY_STATUS) return 'back_to_preparation';
  return 'refused';
}

export interface KitchenItem {
  descricao: string;
  quantidade_pedida: number;
  quantidade_padrao: number;
  ingrediente: boolean;
  /** What one unit adds to the price: a paid option is an extra, a free one a choice. */
  valor: number;
}

export interface KitchenLineParts {
  /** Default ingredients taken out ('Cebola' for 'SEM Cebola'). */
  removed: string[];
  /** Ingredients added beyond the default and paid options, counted when more than one ('2x Bacon'). */
  extras: string[];
  /** The free options chosen (points, sizes, flavours). */
  choices: string[];
}

const counted = (quantity: number, name: string) => (quantity > 1 ? `${quantity}x ${name}` : name);

/** A line's options as a cook reads them: what to leave out, what to add, what was chosen. */
export function kitchenLineParts(items: readonly KitchenItem[]): KitchenLineParts {
  const parts: KitchenLineParts = { removed: [], extras: [], choices: [] };
  for (const item of items) {
    if (item.ingrediente) {
      if (item.quantidade_pedida < item.quantidade_padrao) parts.removed.push(item.descricao);
      else if (item.quantidade_pedida > item.quantidade_padrao) {
        parts.extras.push(counted(item.quantidade_pedida - item.quantidade_padrao, item.descricao));
      }
    } else if (item.quantidade_pedida > 0) {
      (item.valor > 0 ? parts.extras : parts.choices).push(counted(item.quantidade_pedida, item.descricao));
    }
  }
  return parts;
}
