import {
  KITCHEN_BUMP_EVENT,
  type KitchenBumpRequest,
  type KitchenOrder,
  type KitchenRecallRequest,
  type KitchenReply,
} from '@comanda/contract';
import {
  allBumped,
  isKitchenStatus,
  isLineBumped,
  KITCHEN_READY_STATUS,
  kitchenLineParts,
  recallOutcome,
  type StationRouting,
  stationOfProduct,
} from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { lockOrderOfStore, moveLockedOrder } from '../order-tracking/index.ts';
import { stationRoutingOf } from '../stations/index.ts';
import * as repo from './repository.ts';

/*
 * The kitchen display (docs/decisions/0055): each station's orders in preparation with only its
 * lines; a bump marks a line or a station's part of an order done, and the bump that leaves nothing
 * to prepare moves the order to ready (Concluido). Bumps and recalls of one order run under its row
 * lock, so two screens bumping at once move it once.
 */

export interface KitchenDeps {
  db: Database;
  now: () => Date;
  events: OrderEvents;
  /**
   * Another module's step in the bump's transaction when it moves the order to ready (the WhatsApp
   * module queues the customer's update).
   */
  readied?: (
    tx: DbExecutor,
    change: { storeId: number; orderId: number; from: string; to: string; at: Date },
  ) => Promise<void>;
}

/** Which lines a view or a bump covers: one station's, or every station's (undefined). */
type Scope = number | undefined;

const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Pedido não encontrado.');

const notInPreparation = (status: string) =>
  new AppError('conflict', 'ORDER_NOT_IN_PREPARATION', `O pedido está em '${status}', não em preparo.`, {
    currentStatus: status,
  });

type LineRow = Awaited<ReturnType<typeof repo.linesOf>>[number];

const lineRef = (line: LineRow) => ({ seq: line.seq, produto: line.productId });

function toKitchenOrder(
  order: repo.KitchenOrderRow,
  lines: readonly LineRow[],
  bumps: readonly repo.BumpRow[],
  routing: StationRouting,
  scope: Scope,
  acceptedAt: Date | undefined,
  edits: readonly repo.EditRow[],
): KitchenOrder {
  // Only an edit after the kitchen got the order changes what it is cooking; one before is simply
  // the order as it came in.
  const after = acceptedAt ? edits.filter((edit) => edit.at.getTime() >= acceptedAt.getTime()) : [];
  const added = new Set(after.flatMap((edit) => edit.linesAdded.map((line) => line.seq)));
  const inScope = (productId: number) =>
    scope === undefined || stationOfProduct(routing, productId) === scope;
  return {
    id: order.id,
    numero: order.numero,
    status: order.status,
    tipo_entrega: order.tipoEntrega,
    mesa: order.mesa,
    rodada: order.rodada,
    cliente_nome: order.customerName.trim().split(/\s+/)[0] ?? '',
    accepted_at: (acceptedAt ?? order.dhIniciado).toISOString(),
    hora_entrega: order.horaEntrega?.toISOString() ?? null,
    observacoes: order.observacoes,
    // Said only where the edit changed something: a station the edit left alone cooks as before.
    alterado_em:
      after
        .filter((edit) => [...edit.linesAdded, ...edit.linesRemoved].some((line) => inScope(line.product_id)))
        .at(-1)
        ?.at.toISOString() ?? null,
    removidas: after
      .flatMap((edit) => edit.linesRemoved)
      .filter((line) => inScope(line.product_id))
      .map((line) => ({
        qtd: line.qtd,
        descricao: line.descricao_produto,
        station_id: stationOfProduct(routing, line.product_id),
      })),
    lines: lines
      .filter((line) => inScope(line.productId))
      .map((line) => {
        const parts = kitchenLineParts(line.items);
        return {
          seq: line.seq,
          qtd: line.qtd,
          descricao: line.descricao,
          station_id: stationOfProduct(routing, line.productId),
          bumped: isLineBumped(routing, lineRef(line), bumps),
          sem: parts.removed,
          extras: parts.extras,
          opcoes: parts.choices,
          observacao: line.observacao,
          nova: added.has(line.seq),
        };
      }),
  };
}

export class KitchenService {
  constructor(private readonly deps: KitchenDeps) {}

  /** GET /staff/kitchen: the station's (or every station's) orders with something left to prepare. */
  async view(
    storeId: number,
    station: number | undefined,
    db: DbExecutor = this.deps.db,
  ): Promise<KitchenReply> {
    const stations = await repo.stationsOf(db, storeId);
    const scope = checkedScope(stations, station, 'station');
    const routing = await stationRoutingOf(db, storeId);
    const rows = await repo.ordersInPreparation(db, storeId);
    const ids = rows.map((row) => row.id);
    const lines = groupBy(await repo.linesOf(db, storeId, ids), (line) => line.orderId);
    const bumps = groupBy(await repo.bumpsOf(db, storeId, ids), (bump) => bump.orderId);
    const accepted = await repo.acceptedAtOf(db, storeId, ids);
    const edits = groupBy(await repo.editsOf(db, storeId, ids), (edit) => edit.orderId);
    const orders = rows
      .map((row) =>
        toKitchenOrder(
          row,
          lines.get(row.id) ?? [],
          bumps.get(row.id) ?? [],
          routing,
          scope,
          accepted.get(row.id),
          edits.get(row.id) ?? [],
        ),
      )
      .filter((order) => order.lines.some((line) => !line.bumped))
      .sort((a, b) => a.accepted_at.localeCompare(b.accepted_at) || a.id - b.id);
    const last = await repo.lastBump(db, storeId, scope);
    return {
      stations,
      station_id: scope ?? null,
      orders,
      last_bump: last
        ? {
            order_id: last.orderId,
            numero: last.numero,
            station_id: last.stationId,
            line_seq: last.lineSeq,
            at: last.at.toISOString(),
          }
        : null,
    };
  }

  /** POST /staff/kitchen/orders/:id/bump: answered with the view it was bumped from. */
  bump(staff: StaffPrincipal, orderId: number, body: KitchenBumpRequest): Promise<KitchenReply> {
    const { db, events } = this.deps;
    return db.transaction(async (tx) => {
      const order = await lockOrderOfStore(tx, staff.storeId, orderId);
      if (!order) throw orderNotFound();
      const scope = checkedScope(await repo.stationsOf(tx, staff.storeId), body.station_id, 'station_id');
      const routing = await stationRoutingOf(tx, staff.storeId);
      const lines = await repo.linesOf(tx, staff.storeId, [orderId]);
      const bumps = await repo.bumpsOf(tx, staff.storeId, [orderId]);
      const stationOf = (line: LineRow) => stationOfProduct(routing, line.productId);
      let targets: LineRow[];
      if (body.line !== undefined) {
        const line = lines.find((each) => each.seq === body.line);
        if (!line) throw invalid('UNKNOWN_LINE', 'Item não encontrado no pedido.', 'line');
        if (scope !== undefined && stationOf(line) !== scope) {
          throw invalid('LINE_NOT_AT_STATION', 'Este item é preparado em outra estação.', 'line');
        }
        targets = [line];
      } else {
        targets = lines.filter((line) => scope === undefined || stationOf(line) === scope);
        if (targets.length === 0) {
          throw invalid('NOTHING_AT_STATION', 'Este pedido não tem itens desta estação.', 'station_id');
        }
      }
      const left = targets.filter((line) => !isLineBumped(routing, lineRef(line), bumps));
      // Bumped already (another screen of the station got there first): nothing changes.
      if (left.length === 0) return this.view(staff.storeId, scope, tx);
      if (!isKitchenStatus(order.status)) throw notInPreparation(order.status);
      const at = this.deps.now();
      const made =
        body.line !== undefined
          ? [{ stationId: stationOf(left[0]!), lineSeq: body.line }]
          : [...new Set(left.map(stationOf))].map((stationId) => ({ stationId, lineSeq: null }));
      await repo.insertBumps(
        tx,
        made.map((bump) => ({ ...bump, storeId: staff.storeId, orderId, staffId: staff.staffId, at })),
      );
      if (allBumped(routing, lines.map(lineRef), [...bumps, ...made])) {
        await moveLockedOrder(tx, events, order, KITCHEN_READY_STATUS, staff.staffId, at);
        await this.deps.readied?.(tx, {
          storeId: staff.storeId,
          orderId,
          from: order.status,
          to: KITCHEN_READY_STATUS,
          at,
        });
      }
      await events.publishStaff(tx, {
        storeId: staff.storeId,
        name: KITCHEN_BUMP_EVENT,
        data: { order_id: orderId, station_id: scope ?? null },
      });
      return this.view(staff.storeId, scope, tx);
    });
  }

  /**
   * POST /staff/kitchen/orders/:id/recall: takes back the order's newest bump at the station (any
   * station when none is named). A ready order goes back to preparation; a delivered or cancelled
   * one is refused (409 ORDER_MOVED_ON).
   */
  recall(staff: StaffPrincipal, orderId: number, body: KitchenRecallRequest): Promise<KitchenReply> {
    const { db, events } = this.deps;
    return db.transaction(async (tx) => {
      const order = await lockOrderOfStore(tx, staff.storeId, orderId);
      if (!order) throw orderNotFound();
      const scope = checkedScope(await repo.stationsOf(tx, staff.storeId), body.station_id, 'station_id');
      const bumps = await repo.bumpsOf(tx, staff.storeId, [orderId]);
      const newest = bumps.findLast((bump) => scope === undefined || bump.stationId === scope);
      if (!newest) {
        throw new AppError('conflict', 'NOTHING_TO_RECALL', 'Não há nada deste pedido para desfazer aqui.');
      }
      const outcome = recallOutcome(order.status);
      if (outcome === 'refused') {
        throw new AppError(
          'conflict',
          'ORDER_MOVED_ON',
          `O pedido já está em '${order.status}': não volta para o preparo.`,
          { currentStatus: order.status },
        );
      }
      await repo.deleteBump(tx, staff.storeId, newest.id);
      if (outcome === 'back_to_preparation') {
        await moveLockedOrder(tx, events, order, 'Preparo', staff.staffId, this.deps.now());
      }
      await events.publishStaff(tx, {
        storeId: staff.storeId,
        name: KITCHEN_BUMP_EVENT,
        data: { order_id: orderId, station_id: scope ?? null },
      });
      return this.view(staff.storeId, scope, tx);
    });
  }
}

/** The station asked for, checked against the store's; undefined: every station. */
function checkedScope(
  stations: readonly { id: number }[],
  station: number | null | undefined,
  field: string,
): Scope {
  if (station === undefined || station === null) return undefined;
  if (!stations.some((each) => each.id === station)) {
    throw invalid('UNKNOWN_STATION', 'Estação não encontrada.', field);
  }
  return station;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}
