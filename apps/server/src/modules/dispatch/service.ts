import { createHash, randomBytes } from 'node:crypto';
import {
  type CourierLinkReply,
  type Courier as CourierReply,
  type CourierRequest,
  type CourierRouteReply,
  type CouriersReply,
  type CreateRouteRequest,
  DISPATCH_EVENT,
  type DispatchBoardReply,
  type DispatchRoute,
  type DispatchStop,
  type OutsideDelivery,
  type OutsideProviderReply,
  type OutsideProviderRequest,
  type ReadyOrder,
  type SettlementReply,
  type UpdateRouteRequest,
} from '@comanda/contract';
import {
  type CourierPayRule,
  type CourierVehicle,
  collectAtDoor,
  courierDayPay,
  firstName,
  haversineMetres,
  isOnlinePaymentId,
  type LatLng,
  nearestNextOrder,
  payBandsRefusal,
  routeMapsLink,
  staffMay,
  stopLinks,
  storeDateTimeText,
  storeDayBounds,
  storeIsoText,
  suggestRoutes,
} from '@comanda/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import {
  courierSettlements,
  couriers,
  dispatchRoutes,
  dispatchStops,
  orders,
  outsideDeliveries,
  staffAccounts,
  stores,
} from '../../db/schema.ts';
import { sqlStateOf } from '../../lib/database-errors.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { storeTimeZone } from '../../lib/store-time-zone.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { openSessionOf } from '../ledger/index.ts';
import type { OrderTrackingService } from '../order-tracking/index.ts';
import type { RegistersService } from '../registers/index.ts';
import { type CsvCell, csvMoney, spreadsheetCsv } from '../reports/index.ts';
import {
  type CourierProvider,
  CourierProviderError,
  OUTSIDE_STEP,
  type OutsideState,
} from './courier-provider.ts';
import type { OutsideSettings } from './outside-settings.ts';
import * as repo from './repository.ts';

/*
 * Delivery dispatch (issue 35, docs/decisions/0070): the store's couriers and their personal links,
 * the board's ready orders and routes, the moves of a route (every one takes the route's row lock
 * first, so two taps at once are one move and a 409), the courier's page and the day's settlement.
 */

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

const courierNotFound = () => notFound('COURIER_NOT_FOUND', 'Entregador não encontrado.');
const routeNotFound = () => notFound('ROUTE_NOT_FOUND', 'Rota não encontrada.');
const stopNotFound = () => notFound('STOP_NOT_FOUND', 'Parada não encontrada.');
const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Pedido não encontrado.');
const courierInactive = () =>
  new AppError(
    'conflict',
    'COURIER_INACTIVE',
    'Este entregador não está ativo hoje. Ative-o no cadastro de entregadores.',
  );
export const courierLinkInvalid = () =>
  new AppError(
    'unauthorized',
    'COURIER_LINK_INVALID',
    'Este link de entregador não vale mais. Peça um novo à loja.',
  );

/** A refusal that shows the route or the stop as it is now (read after the refused transaction). */
class DispatchConflict extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly current: { routeId: number } | { stopId: number } | null,
  ) {
    super(detail);
  }
}

/** The external id of a delivery whose company has not answered yet. */
const PENDING_PREFIX = 'pendente:';

/** An outside delivery can be cancelled until the courier picks it up (and once the company has it). */
const outsideCancellable = (row: { estado: string; externalId: string }) =>
  (row.estado === 'solicitado' || row.estado === 'atribuido') && !row.externalId.startsWith(PENDING_PREFIX);

const conflict = (code: string, detail: string) => new AppError('conflict', code, detail);

/** A courier's personal link token: 192 random bits, base64url; only its SHA-256 is kept. */
export const hashCourierToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface CourierPrincipal {
  storeId: number;
  courierId: number;
}

export interface DispatchDeps {
  db: Database;
  now: () => Date;
  events: OrderEvents;
  tracking: OrderTrackingService;
  /** The store's public origin (the courier's link). */
  publicOrigin: (slug: string) => string;
  /** The cash register: a settlement's pay leaves an open register's drawer as a sangria. */
  registers: RegistersService;
  /** The outside courier company and the store's account there; null when none is set up. */
  outside: { provider: CourierProvider; merchantId: (slug: string) => string } | null;
  /** Each store's own outside company (its settings win over the deployment's `outside`). */
  outsideSettings?: OutsideSettings;
}

/** A step of another module when orders leave the store with a courier (WhatsApp's "saiu para entrega"). */
export type DepartureStep = (
  tx: DbExecutor,
  departure: { storeId: number; orderIds: readonly number[]; at: Date },
) => Promise<void>;

/**
 * Whether the store's delivery orders leave through dispatch today (an own courier active today):
 * then "out for delivery" is their departure, not their being ready.
 */
export async function deliveriesLeaveByDispatch(db: DbExecutor, storeId: number): Promise<boolean> {
  const [courier] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(and(eq(couriers.storeId, storeId), eq(couriers.ativoHoje, true)))
    .limit(1);
  return courier !== undefined;
}

type Actor = { staffId: number } | { courierId: number };

function isCash(row: {
  paymentType: string | null;
  paymentGivesChange: boolean | null;
  paymentName: string | null;
}) {
  const fold = (text: string | null) =>
    (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return (
    fold(row.paymentType) === 'dinheiro' ||
    row.paymentGivesChange === true ||
    fold(row.paymentName) === 'dinheiro'
  );
}

const placeOf = (row: { lat: number | null; lng: number | null }): LatLng | null =>
  row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;

const payOf = (column: repo.CourierRow['pagamento']): CourierPayRule => column as CourierPayRule;

function toCourier(row: repo.CourierRow): CourierReply {
  return {
    id: row.id,
    nome: row.nome,
    telefone: row.telefone,
    veiculo: row.veiculo as CourierVehicle,
    ativo_hoje: row.ativoHoje,
    pagamento: payOf(row.pagamento) as CourierReply['pagamento'],
    link_ativo: row.linkHash !== null,
  };
}

function payRefused(pay: CourierPayRule) {
  if (payBandsRefusal(pay)) {
    throw invalid(
      'INVALID_PAY_BANDS',
      'As faixas de km devem estar em ordem crescente, sem repetir.',
      'pagamento.faixas',
    );
  }
}

export class DispatchService {
  constructor(private readonly deps: DispatchDeps) {}

  // -------------------------------------------------------------------------------------------
  // Couriers

  async listCouriers(staff: StaffPrincipal): Promise<CouriersReply> {
    // Pay rules are couriers.manage's (not movable, so no store override to read).
    const seesPay = staffMay(staff.role, 'couriers.manage');
    return {
      entregadores: (await repo.listCouriers(this.deps.db, staff.storeId))
        .map(toCourier)
        .map((listed) => (seesPay ? listed : { ...listed, pagamento: null })),
    };
  }

  async createCourier(
    staff: StaffPrincipal,
    body: CourierRequest & { telefone: string },
  ): Promise<CourierReply> {
    payRefused(body.pagamento);
    const at = this.deps.now();
    const [row] = await this.deps.db
      .insert(couriers)
      .values({
        storeId: staff.storeId,
        nome: body.nome,
        telefone: body.telefone,
        veiculo: body.veiculo,
        ativoHoje: body.ativo_hoje,
        pagamento: body.pagamento,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return toCourier(row!);
  }

  async updateCourier(
    staff: StaffPrincipal,
    id: number,
    body: CourierRequest & { telefone: string },
  ): Promise<CourierReply> {
    payRefused(body.pagamento);
    const [row] = await this.deps.db
      .update(couriers)
      .set({
        nome: body.nome,
        telefone: body.telefone,
        veiculo: body.veiculo,
        ativoHoje: body.ativo_hoje,
        pagamento: body.pagamento,
        updatedAt: this.deps.now(),
      })
      .where(and(eq(couriers.storeId, staff.storeId), eq(couriers.id, id)))
      .returning();
    if (!row) throw courierNotFound();
    return toCourier(row);
  }

  /** A new personal link: the previous one stops working; the token is shown this once. */
  async newLink(staff: StaffPrincipal, id: number, slug: string): Promise<CourierLinkReply> {
    const token = randomBytes(24).toString('base64url');
    const [row] = await this.deps.db
      .update(couriers)
      .set({ linkHash: hashCourierToken(token), linkCreatedAt: this.deps.now() })
      .where(and(eq(couriers.storeId, staff.storeId), eq(couriers.id, id)))
      .returning({ id: couriers.id });
    if (!row) throw courierNotFound();
    return { url: `${this.deps.publicOrigin(slug)}/entregador/${token}`, token };
  }

  async revokeLink(staff: StaffPrincipal, id: number): Promise<void> {
    const [row] = await this.deps.db
      .update(couriers)
      .set({ linkHash: null, linkCreatedAt: null })
      .where(and(eq(couriers.storeId, staff.storeId), eq(couriers.id, id)))
      .returning({ id: couriers.id });
    if (!row) throw courierNotFound();
  }

  /** The courier of a personal link at this store; 401 COURIER_LINK_INVALID for anything else. */
  async courierOfToken(storeId: number, token: string | null): Promise<CourierPrincipal> {
    if (!token || token.length > 100) throw courierLinkInvalid();
    const row = await repo.courierByLink(this.deps.db, storeId, hashCourierToken(token));
    if (!row) throw courierLinkInvalid();
    return { storeId, courierId: row.id };
  }

  /**
   * A step of the order's status change (registered with the order tracking module): a cancelled
   * order leaves a route being put together, and its stop on a route that left is marked not
   * delivered ('Pedido cancelado'), so the route can end. A stop a courier is marking right now is
   * skipped (its mark then fails on the cancelled order and leaves it to this rule's next reader).
   */
  private readonly departureSteps: DepartureStep[] = [];

  /** Another module's step, run in the transaction in which orders leave the store with a courier. */
  onDeparted(step: DepartureStep): void {
    this.departureSteps.push(step);
  }

  private async departed(tx: DbExecutor, storeId: number, orderIds: readonly number[], at: Date) {
    for (const step of this.departureSteps) await step(tx, { storeId, orderIds, at });
  }

  readonly onOrderStatusChange = async (
    tx: DbExecutor,
    change: { storeId: number; orderId: number; to: string; at: Date },
  ): Promise<void> => {
    if (change.to !== 'Cancelado') return;
    const stops = await tx
      .select({ id: dispatchStops.id, routeId: dispatchStops.routeId, routeState: dispatchRoutes.estado })
      .from(dispatchStops)
      .innerJoin(dispatchRoutes, eq(dispatchRoutes.id, dispatchStops.routeId))
      .where(
        and(
          eq(dispatchStops.storeId, change.storeId),
          eq(dispatchStops.orderId, change.orderId),
          eq(dispatchStops.estado, 'pendente'),
        ),
      )
      .for('update', { of: dispatchStops, skipLocked: true });
    for (const stop of stops) {
      if (stop.routeState === 'montando') {
        await tx.delete(dispatchStops).where(eq(dispatchStops.id, stop.id));
      } else {
        await tx
          .update(dispatchStops)
          .set({ estado: 'nao_entregue', reason: 'Pedido cancelado', markedAt: change.at })
          .where(and(eq(dispatchStops.id, stop.id), eq(dispatchStops.estado, 'pendente')));
      }
      await this.announce(tx, change.storeId, stop.routeId, stop.routeState);
    }
  };

  // -------------------------------------------------------------------------------------------
  // The board

  private toReadyOrder(row: repo.DispatchOrderRow, store: LatLng | null, at: Date): ReadyOrder {
    const place = placeOf(row);
    const readySince = row.readySince ?? row.startedAt;
    const address =
      row.addressString?.trim() || [row.street, row.streetNumber].filter((part) => part).join(', ');
    const district = row.district?.trim();
    return {
      id: row.id,
      numero: row.numero,
      cliente_nome: row.customerName,
      cliente_telefone: row.messagesPhone?.trim() || row.customerPhone,
      endereco: address,
      complemento: row.complement ?? '',
      referencia: '',
      bairro: district && district !== 'Sem bairro' ? district : null,
      distancia_m: store && place ? Math.round(haversineMetres(store, place)) : null,
      pronto_desde: iso(readySince),
      aguardando_min: Math.max(0, Math.floor((at.getTime() - readySince.getTime()) / 60_000)),
      total: row.total,
      valor_entrega: row.deliveryFee,
      cobrar: isOnlinePaymentId(row.paymentMethodId)
        ? null
        : {
            ...collectAtDoor(row.total, row.changeFor),
            forma: row.paymentName ?? 'Não informado',
            dinheiro: isCash(row),
          },
      nao_entregue: row.lastFailure
        ? { motivo: row.lastFailure.motivo, em: iso(new Date(row.lastFailure.em)) }
        : null,
    };
  }

  /** Routes as the board and the courier see them: stops in order, each with its order and links. */
  private async toRoutes(
    db: DbExecutor,
    storeId: number,
    routes: readonly repo.RouteRow[],
  ): Promise<DispatchRoute[]> {
    if (routes.length === 0) return [];
    const stops = await repo.stopsOf(
      db,
      storeId,
      routes.map((route) => route.id),
    );
    const [orderRows, courierRows, storeRow] = await readTogether(db, [
      () => repo.ordersByIds(db, storeId, [...new Set(stops.map((stop) => stop.orderId))]),
      () => repo.couriersByIds(db, storeId, [...new Set(routes.map((route) => route.courierId))]),
      () => repo.storePlace(db, storeId),
    ]);
    const store = placeOf(storeRow);
    const at = this.deps.now();
    const ordersById = new Map(orderRows.map((row) => [row.id, row]));
    const couriersById = new Map(courierRows.map((row) => [row.id, row]));
    return routes.map((route) => {
      const courierRow = couriersById.get(route.courierId);
      const vehicle = (courierRow?.veiculo ?? 'moto') as CourierVehicle;
      const routeStops = stops.filter((stop) => stop.routeId === route.id);
      const paradas: DispatchStop[] = [];
      const places: (LatLng | null)[] = [];
      for (const stop of routeStops) {
        const order = ordersById.get(stop.orderId);
        if (!order) continue;
        const pedido = this.toReadyOrder(order, store, at);
        places.push(placeOf(order));
        paradas.push(toStop(stop, pedido, placeOf(order), vehicle));
      }
      return {
        id: route.id,
        entregador: { id: route.courierId, nome: courierRow?.nome ?? '' },
        estado: route.estado as DispatchRoute['estado'],
        criada_em: iso(route.createdAt),
        saiu_em: isoOrNull(route.leftAt),
        voltou_em: isoOrNull(route.backAt),
        paradas,
        link_maps: routeMapsLink(store, places, vehicle),
      };
    });
  }

  private async routeNow(storeId: number, id: number): Promise<DispatchRoute | undefined> {
    const route = await repo.findRoute(this.deps.db, storeId, id);
    if (!route) return undefined;
    return (await this.toRoutes(this.deps.db, storeId, [route]))[0];
  }

  private async stopNow(storeId: number, stopId: number): Promise<DispatchStop | undefined> {
    const stop = await repo.findStop(this.deps.db, storeId, stopId);
    if (!stop) return undefined;
    const route = await this.routeNow(storeId, stop.routeId);
    return route?.paradas.find((parada) => parada.id === stopId);
  }

  /** Runs a move; a DispatchConflict becomes a 409 carrying the route or stop as it is now. */
  private async move<T>(storeId: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (sqlStateOf(error) === '23505') {
        throw conflict('ORDER_ALREADY_DISPATCHED', 'Um dos pedidos já está em outra rota.');
      }
      if (!(error instanceof DispatchConflict)) throw error;
      const body: Record<string, unknown> = {};
      if (error.current && 'routeId' in error.current) {
        const rota = await this.routeNow(storeId, error.current.routeId);
        if (rota) body.rota = rota;
      } else if (error.current && 'stopId' in error.current) {
        const parada = await this.stopNow(storeId, error.current.stopId);
        if (parada) body.parada = parada;
      }
      throw new AppError('conflict', error.code, error.detail, { body });
    }
  }

  async board(staff: StaffPrincipal): Promise<DispatchBoardReply> {
    const { db } = this.deps;
    const storeId = staff.storeId;
    const at = this.deps.now();
    const timeZone = await storeTimeZone(db, storeId);
    const today = storeIsoText(at, timeZone).slice(0, 10);
    const { from } = storeDayBounds(today, timeZone);
    const [ready, storeRow, routes, outside] = await Promise.all([
      repo.readyOrders(db, storeId),
      repo.storePlace(db, storeId),
      repo.boardRoutes(db, storeId, from),
      repo.boardOutside(db, storeId, from),
    ]);
    const store = placeOf(storeRow);
    const prontos = ready.map((row) => this.toReadyOrder(row, store, at));
    const sugestao = suggestRoutes(
      store,
      ready.map((row) => ({
        id: row.id,
        at: placeOf(row),
        neighbourhood: row.district && row.district !== 'Sem bairro' ? row.district : null,
      })),
    ).map((route) => ({ bairro: route.neighbourhood, pedidos: route.ids }));
    return {
      prontos,
      sugestao,
      rotas: await this.toRoutes(db, storeId, routes),
      externos: outside.map(({ delivery, numero }) => toOutside(delivery, numero)),
    };
  }

  /** Checks the orders may join a route now (locked, in the caller's transaction); their ids in stop order. */
  private async checkOrders(tx: DbExecutor, storeId: number, ids: readonly number[], routeId?: number) {
    if (new Set(ids).size !== ids.length) {
      throw invalid('ORDER_REPEATED', 'Um pedido aparece duas vezes na rota.', 'pedidos');
    }
    const locked = await repo.lockOrders(tx, storeId, ids);
    const byId = new Map(locked.map((row) => [row.id, row]));
    for (const id of ids) {
      const order = byId.get(id);
      if (!order || order.awaitingPayment) throw orderNotFound();
      if (order.tipoEntrega !== 'Entregar') {
        throw conflict('ORDER_NOT_DELIVERY', `O pedido ${id} não é de entrega.`);
      }
      if (order.status !== 'Concluido') {
        throw conflict(
          'ORDER_NOT_READY',
          `O pedido ${id} não está pronto para sair (está em '${order.status}').`,
        );
      }
    }
    const taken = await repo.ordersTaken(tx, storeId, ids, routeId);
    if (taken.size > 0) {
      throw conflict(
        'ORDER_ALREADY_DISPATCHED',
        `O pedido ${[...taken][0]} já está em outra rota ou entrega.`,
      );
    }
  }

  private async orderedIds(db: DbExecutor, storeId: number, ids: readonly number[]) {
    const [rows, storeRow] = await readTogether(db, [
      () => repo.ordersByIds(db, storeId, ids),
      () => repo.storePlace(db, storeId),
    ]);
    return nearestNextOrder(
      placeOf(storeRow),
      ids.map((id) => {
        const row = rows.find((candidate) => candidate.id === id);
        return { id, at: row ? placeOf(row) : null };
      }),
    ).map((point) => point.id);
  }

  async createRoute(staff: StaffPrincipal, body: CreateRouteRequest): Promise<DispatchRoute> {
    const { db } = this.deps;
    const storeId = staff.storeId;
    const routeId = await this.move(storeId, () =>
      db.transaction(async (tx) => {
        const courier = await repo.findCourier(tx, storeId, body.entregador_id);
        if (!courier) throw courierNotFound();
        if (!courier.ativoHoje) throw courierInactive();
        await this.checkOrders(tx, storeId, body.pedidos);
        const ids = body.ordenar ? await this.orderedIds(tx, storeId, body.pedidos) : body.pedidos;
        const [route] = await tx
          .insert(dispatchRoutes)
          .values({
            storeId,
            courierId: courier.id,
            estado: 'montando',
            createdAt: this.deps.now(),
            createdBy: staff.staffId,
          })
          .returning({ id: dispatchRoutes.id });
        await repo.replaceStops(tx, storeId, route!.id, ids);
        await this.announce(tx, storeId, route!.id, 'montando');
        return route!.id;
      }),
    );
    return (await this.routeNow(storeId, routeId))!;
  }

  async updateRoute(staff: StaffPrincipal, id: number, body: UpdateRouteRequest): Promise<DispatchRoute> {
    const { db } = this.deps;
    const storeId = staff.storeId;
    await this.move(storeId, () =>
      db.transaction(async (tx) => {
        const route = await repo.lockRoute(tx, storeId, id);
        if (!route) throw routeNotFound();
        if (route.estado !== 'montando') {
          throw new DispatchConflict('ROUTE_ALREADY_LEFT', 'Esta rota já saiu: não dá mais para mudar.', {
            routeId: id,
          });
        }
        if (body.entregador_id !== undefined && body.entregador_id !== route.courierId) {
          const courier = await repo.findCourier(tx, storeId, body.entregador_id);
          if (!courier) throw courierNotFound();
          if (!courier.ativoHoje) throw courierInactive();
          await tx.update(dispatchRoutes).set({ courierId: courier.id }).where(eq(dispatchRoutes.id, id));
        }
        if (body.pedidos) {
          await this.checkOrders(tx, storeId, body.pedidos, id);
          await repo.replaceStops(tx, storeId, id, body.pedidos);
        }
        await this.announce(tx, storeId, id, 'montando');
      }),
    );
    return (await this.routeNow(storeId, id))!;
  }

  async deleteRoute(staff: StaffPrincipal, id: number): Promise<void> {
    const { db } = this.deps;
    const storeId = staff.storeId;
    await this.move(storeId, () =>
      db.transaction(async (tx) => {
        const route = await repo.lockRoute(tx, storeId, id);
        if (!route) throw routeNotFound();
        if (route.estado !== 'montando') {
          throw new DispatchConflict('ROUTE_ALREADY_LEFT', 'Esta rota já saiu: não dá para desfazer.', {
            routeId: id,
          });
        }
        await tx
          .delete(dispatchRoutes)
          .where(and(eq(dispatchRoutes.storeId, storeId), eq(dispatchRoutes.id, id)));
        await this.announce(tx, storeId, id, 'removida');
      }),
    );
  }

  /** The route leaves: its orders are 'saiu para entrega' (the customer's tracking and the board hear it). */
  async depart(staff: StaffPrincipal, id: number): Promise<DispatchRoute> {
    const { db } = this.deps;
    const storeId = staff.storeId;
    await this.move(storeId, () =>
      db.transaction(async (tx) => {
        const route = await repo.lockRoute(tx, storeId, id);
        if (!route) throw routeNotFound();
        if (route.estado !== 'montando') {
          throw new DispatchConflict('ROUTE_ALREADY_LEFT', 'Esta rota já saiu.', { routeId: id });
        }
        // The courier's row: two of their routes leaving at once wait for each other.
        await tx
          .select({ id: couriers.id })
          .from(couriers)
          .where(eq(couriers.id, route.courierId))
          .for('update');
        const [busy] = await tx
          .select({ id: dispatchRoutes.id })
          .from(dispatchRoutes)
          .where(and(eq(dispatchRoutes.courierId, route.courierId), eq(dispatchRoutes.estado, 'em_rota')));
        if (busy) {
          throw new DispatchConflict('COURIER_BUSY', 'Este entregador ainda está em outra rota.', {
            routeId: id,
          });
        }
        const stops = await repo.stopsOf(tx, storeId, [id]);
        if (stops.length === 0)
          throw new DispatchConflict('ROUTE_EMPTY', 'A rota não tem pedidos.', { routeId: id });
        const locked = await repo.lockOrders(
          tx,
          storeId,
          stops.map((stop) => stop.orderId),
        );
        const notReady = locked.find((order) => order.status !== 'Concluido');
        if (notReady || locked.length !== stops.length) {
          throw new DispatchConflict(
            'ORDER_NOT_READY',
            `O pedido ${notReady?.id ?? ''} não está mais pronto para sair: tire-o da rota.`.replace(
              '  ',
              ' ',
            ),
            { routeId: id },
          );
        }
        const at = this.deps.now();
        const [rows, storeRow] = await readTogether(tx, [
          () =>
            repo.ordersByIds(
              tx,
              storeId,
              stops.map((stop) => stop.orderId),
            ),
          () => repo.storePlace(tx, storeId),
        ]);
        const store = placeOf(storeRow);
        for (const stop of stops) {
          const row = rows.find((candidate) => candidate.id === stop.orderId);
          const place = row ? placeOf(row) : null;
          await tx
            .update(dispatchStops)
            .set({ distanceMetres: store && place ? Math.round(haversineMetres(store, place)) : null })
            .where(eq(dispatchStops.id, stop.id));
        }
        await tx
          .update(dispatchRoutes)
          .set({ estado: 'em_rota', leftAt: at })
          .where(and(eq(dispatchRoutes.id, id), eq(dispatchRoutes.estado, 'montando')));
        for (const row of rows) await this.touchOrder(tx, storeId, row.id, at);
        await this.departed(
          tx,
          storeId,
          rows.map((row) => row.id),
          at,
        );
        await this.announce(tx, storeId, id, 'em_rota');
      }),
    );
    return (await this.routeNow(storeId, id))!;
  }

  /**
   * The order's dispatch moved (status unchanged): its `updated_at` is bumped and the customer's
   * stream hears it, when the transaction commits.
   */
  private async touchOrder(tx: DbExecutor, storeId: number, orderId: number, at: Date): Promise<void> {
    const [order] = await tx
      .update(orders)
      .set({ updatedAt: at })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
      .returning({ customerId: orders.customerId, status: orders.status });
    if (order) {
      await this.deps.events.publish(tx, {
        storeId,
        customerId: order.customerId,
        id: orderId,
        status: order.status,
        updatedAt: iso(at),
      });
    }
  }

  private announce(tx: DbExecutor, storeId: number, routeId: number | null, estado: string) {
    return this.deps.events.publishStaff(tx, {
      storeId,
      name: DISPATCH_EVENT,
      data: { rota_id: routeId, estado },
    });
  }

  /**
   * A stop marked delivered or not: only a pendente stop of a route on its way, once (the route's
   * lock serialises two taps). Delivered moves the order to Entregue through the order's own move.
   */
  async markStop(
    storeId: number,
    actor: Actor,
    stopId: number,
    outcome: { delivered: true } | { delivered: false; reason: string },
    routeId?: number,
  ): Promise<DispatchStop> {
    const { db } = this.deps;
    await this.move(storeId, () =>
      db.transaction(async (tx) => {
        const found = await repo.findStop(tx, storeId, stopId);
        if (!found || (routeId !== undefined && found.routeId !== routeId)) throw stopNotFound();
        const route = await repo.lockRoute(tx, storeId, found.routeId);
        if (!route || ('courierId' in actor && route.courierId !== actor.courierId)) throw stopNotFound();
        const stop = (await repo.findStop(tx, storeId, stopId))!;
        if (stop.estado !== 'pendente') {
          throw new DispatchConflict('STOP_ALREADY_MARKED', 'Esta parada já foi marcada.', { stopId });
        }
        if (route.estado !== 'em_rota') {
          throw new DispatchConflict(
            route.estado === 'montando' ? 'ROUTE_NOT_LEFT' : 'ROUTE_ENDED',
            route.estado === 'montando' ? 'A rota ainda não saiu.' : 'A rota já terminou.',
            { stopId },
          );
        }
        const at = this.deps.now();
        const staffId = 'staffId' in actor ? actor.staffId : null;
        const [marked] = await tx
          .update(dispatchStops)
          .set({
            estado: outcome.delivered ? 'entregue' : 'nao_entregue',
            reason: outcome.delivered ? null : outcome.reason,
            markedAt: at,
            markedBy: staffId,
          })
          .where(and(eq(dispatchStops.id, stopId), eq(dispatchStops.estado, 'pendente')))
          .returning({ id: dispatchStops.id });
        if (!marked)
          throw new DispatchConflict('STOP_ALREADY_MARKED', 'Esta parada já foi marcada.', { stopId });
        if (outcome.delivered) {
          try {
            await this.deps.tracking.deliverInTransaction(tx, storeId, stop.orderId, staffId, at);
          } catch (error) {
            if (error instanceof AppError && error.code === 'INVALID_TRANSITION') {
              throw new DispatchConflict(
                'ORDER_NOT_READY',
                `O pedido não pode ser entregue: ${error.detail}`,
                { stopId },
              );
            }
            throw error;
          }
        } else {
          await this.touchOrder(tx, storeId, stop.orderId, at);
        }
        await this.announce(tx, storeId, route.id, route.estado);
      }),
    );
    return (await this.stopNow(storeId, stopId))!;
  }

  /** The courier is back at the store: the route ends once every stop is marked. */
  async back(storeId: number, actor: Actor, routeId: number): Promise<DispatchRoute> {
    const { db } = this.deps;
    await this.move(storeId, () =>
      db.transaction(async (tx) => {
        const route = await repo.lockRoute(tx, storeId, routeId);
        if (!route || ('courierId' in actor && route.courierId !== actor.courierId)) throw routeNotFound();
        if (route.estado !== 'em_rota') {
          throw new DispatchConflict(
            route.estado === 'montando' ? 'ROUTE_NOT_LEFT' : 'ROUTE_ENDED',
            route.estado === 'montando' ? 'A rota ainda não saiu.' : 'A rota já terminou.',
            { routeId },
          );
        }
        const stops = await repo.stopsOf(tx, storeId, [routeId]);
        if (stops.some((stop) => stop.estado === 'pendente')) {
          throw new DispatchConflict(
            'ROUTE_STOPS_PENDING',
            'Marque cada parada como entregue ou não entregue antes de voltar.',
            { routeId },
          );
        }
        await tx
          .update(dispatchRoutes)
          .set({ estado: 'encerrada', backAt: this.deps.now() })
          .where(eq(dispatchRoutes.id, routeId));
        await this.announce(tx, storeId, routeId, 'encerrada');
      }),
    );
    return (await this.routeNow(storeId, routeId))!;
  }

  // -------------------------------------------------------------------------------------------
  // The courier's page

  async courierRoute(courier: CourierPrincipal): Promise<CourierRouteReply> {
    const { db } = this.deps;
    const [row, storeRow, route] = await Promise.all([
      repo.findCourier(db, courier.storeId, courier.courierId),
      repo.storePlace(db, courier.storeId),
      repo.currentRouteOf(db, courier.storeId, courier.courierId),
    ]);
    if (!row) throw courierLinkInvalid();
    return {
      entregador: { nome: row.nome },
      loja: { nome: storeRow.nome, endereco: storeRow.endereco, lat: storeRow.lat, lng: storeRow.lng },
      rota: route ? ((await this.toRoutes(db, courier.storeId, [route]))[0] ?? null) : null,
    };
  }

  async courierBack(courier: CourierPrincipal): Promise<DispatchRoute> {
    const route = await repo.currentRouteOf(this.deps.db, courier.storeId, courier.courierId);
    if (!route) throw routeNotFound();
    return this.back(courier.storeId, courier, route.id);
  }

  // -------------------------------------------------------------------------------------------
  // Settlement

  private async dayOf(storeId: number, day: string | undefined) {
    const timeZone = await storeTimeZone(this.deps.db, storeId);
    const today = storeIsoText(this.deps.now(), timeZone).slice(0, 10);
    const dia = day ?? today;
    if (dia > today) throw invalid('INVALID_DAY', 'Escolha hoje ou um dia que já passou.', 'dia');
    return { dia, timeZone, ...storeDayBounds(dia, timeZone) };
  }

  async settlement(storeId: number, day: string | undefined): Promise<SettlementReply> {
    const { db } = this.deps;
    const { dia, from, to } = await this.dayOf(storeId, day);
    const [stops, left, courierRows, settled] = await Promise.all([
      repo.markedStopsBetween(db, storeId, from, to),
      repo.routesLeftBetween(db, storeId, from, to),
      repo.listCouriers(db, storeId),
      db
        .select()
        .from(courierSettlements)
        .where(and(eq(courierSettlements.storeId, storeId), eq(courierSettlements.day, dia))),
    ]);
    const worked = new Set(left.map((row) => row.courierId));
    const settledBy = new Map(settled.map((row) => [row.courierId, row]));
    const entregadores: SettlementReply['entregadores'] = [];
    for (const courier of courierRows) {
      const mine = stops.filter((stop) => stop.courierId === courier.id);
      if (mine.length === 0 && !worked.has(courier.id) && !settledBy.has(courier.id)) continue;
      const delivered = mine.filter((stop) => stop.estado === 'entregue');
      const pay = courierDayPay(
        payOf(courier.pagamento),
        delivered.map((stop) => ({ distanceMetres: stop.distanceMetres })),
        worked.has(courier.id) || delivered.length > 0,
      );
      const cash = delivered
        .filter((stop) => !isOnlinePaymentId(stop.paymentMethodId) && isCash(stop))
        .reduce((sum, stop) => sum + stop.total, 0);
      const record = settledBy.get(courier.id);
      entregadores.push({
        entregador: { id: courier.id, nome: courier.nome },
        pagamento: payOf(courier.pagamento) as SettlementReply['entregadores'][number]['pagamento'],
        entregas: delivered.length,
        nao_entregues: mine.length - delivered.length,
        por_faixa: pay.bands.map((band) => ({
          ate_km: band.upToKm,
          entregas: band.deliveries,
          valor: band.amount,
        })),
        distancia_m: pay.distanceMetres,
        diaria: pay.dailyRate,
        devido: pay.owed,
        dinheiro_coletado: cash,
        liquido: pay.owed - cash,
        acertado: record
          ? { em: iso(record.at), por: record.staffName, caixa: record.registerMovementId !== null }
          : null,
      });
    }
    return { dia, entregadores };
  }

  async settlementCsv(storeId: number, day: string | undefined): Promise<{ dia: string; csv: string }> {
    const reply = await this.settlement(storeId, day);
    const timeZone = await storeTimeZone(this.deps.db, storeId);
    const rows: CsvCell[][] = reply.entregadores.map((line) => [
      reply.dia.split('-').reverse().join('/'),
      line.entregador.nome,
      line.entregas,
      line.nao_entregues,
      line.por_faixa
        .map((band) =>
          band.ate_km === null
            ? `${band.entregas} × entrega`
            : `${band.entregas} até ${String(band.ate_km).replace('.', ',')} km`,
        )
        .join(' | '),
      (line.distancia_m / 1000).toFixed(1).replace('.', ','),
      csvMoney(line.diaria),
      csvMoney(line.devido),
      csvMoney(line.dinheiro_coletado),
      csvMoney(line.liquido),
      line.acertado
        ? `${storeDateTimeText(new Date(line.acertado.em), timeZone)} por ${line.acertado.por}`
        : '',
    ]);
    const csv = spreadsheetCsv(
      [
        'Dia',
        'Entregador',
        'Entregas',
        'Não entregues',
        'Faixas',
        'Distância (km)',
        'Diária',
        'Devido',
        'Dinheiro coletado',
        'Líquido (+ loja paga, − entregador entrega)',
        'Acertado',
      ],
      rows,
    );
    return { dia: reply.dia, csv };
  }

  /**
   * Records a courier's day once (409 the second time). With a register open, the courier's pay
   * (devido) leaves the drawer as a sangria: the cash they collected was counted in the takings when
   * its orders were placed (docs/decisions/0057, 0060, 0070).
   */
  async recordSettlement(staff: StaffPrincipal, courierId: number, day: string): Promise<SettlementReply> {
    const { db } = this.deps;
    const storeId = staff.storeId;
    const courier = await repo.findCourier(db, storeId, courierId);
    if (!courier) throw courierNotFound();
    const reply = await this.settlement(storeId, day);
    const line = reply.entregadores.find((entry) => entry.entregador.id === courierId);
    const figures = line ?? {
      entregas: 0,
      devido: 0,
      dinheiro_coletado: 0,
      liquido: 0,
      por_faixa: [],
      diaria: 0,
    };
    const alreadyRecorded = () =>
      conflict('SETTLEMENT_ALREADY_RECORDED', `O acerto de ${courier.nome} deste dia já foi registrado.`);
    await db.transaction(async (tx) => {
      const [member] = await tx
        .select({ nome: staffAccounts.nome })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, staff.staffId));
      const at = this.deps.now();
      const [inserted] = await tx
        .insert(courierSettlements)
        .values({
          storeId,
          courierId,
          day: reply.dia,
          deliveries: figures.entregas,
          owed: figures.devido,
          cashCollected: figures.dinheiro_coletado,
          net: figures.liquido,
          detail: { por_faixa: figures.por_faixa, diaria: figures.diaria, pagamento: courier.pagamento },
          at,
          staffId: staff.staffId,
          staffName: member?.nome ?? '',
        })
        .onConflictDoNothing()
        .returning({ courierId: courierSettlements.courierId });
      if (!inserted) throw alreadyRecorded();
      if (figures.devido > 0) {
        const [open] = await tx
          .select({ id: openSessionOf(storeId) })
          .from(stores)
          .where(eq(stores.id, storeId));
        if (open?.id) {
          // The register's own rules: a sangria above the drawer's cash is refused there, and then
          // the settlement is recorded without a movement (paid from elsewhere; `caixa` false).
          const movementId = await tx
            .transaction((inner) =>
              this.deps.registers.moveInTransaction(inner, staff, open.id!, {
                kind: 'sangria',
                amount: figures.devido,
                reason: `Acerto do entregador ${firstName(courier.nome)} (${reply.dia.split('-').reverse().join('/')})`,
              }),
            )
            .catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'SANGRIA_ABOVE_CASH') return null;
              throw error;
            });
          if (movementId !== null) {
            await tx
              .update(courierSettlements)
              .set({ registerMovementId: movementId })
              .where(and(eq(courierSettlements.courierId, courierId), eq(courierSettlements.day, reply.dia)));
          }
        }
      }
    });
    return this.settlement(storeId, reply.dia);
  }

  // -------------------------------------------------------------------------------------------
  // Outside couriers

  /** GET /staff/dispatch/outside-provider */
  outsideProvider(staff: StaffPrincipal): Promise<OutsideProviderReply> {
    return this.settings().current(staff);
  }

  /** PUT /staff/dispatch/outside-provider */
  changeOutsideProvider(staff: StaffPrincipal, body: OutsideProviderRequest): Promise<OutsideProviderReply> {
    return this.settings().change(staff, body);
  }

  private settings(): OutsideSettings {
    if (!this.deps.outsideSettings) throw notFound('NOT_FOUND', 'Não encontrado.');
    return this.deps.outsideSettings;
  }

  /** The store's outside company: its own settings, else the deployment's; null when neither. */
  private async outsideOf(
    storeId: number,
  ): Promise<{ provider: CourierProvider; merchantId: (slug: string) => string } | null> {
    const own = await this.deps.outsideSettings?.companyOf(storeId);
    if (own) return { provider: own.provider, merchantId: () => own.merchantId };
    return this.deps.outside;
  }

  /**
   * Hands a ready delivery order to the outside courier company: the order is reserved in one
   * transaction (no route or second request can take it), the company is asked outside it (a slow
   * company never holds the order's lock), and the reservation is dropped if the company refuses.
   */
  async requestOutside(staff: StaffPrincipal, slug: string, orderId: number): Promise<OutsideDelivery> {
    const { db } = this.deps;
    const storeId = staff.storeId;
    const outside = await this.outsideOf(storeId);
    if (!outside) {
      throw conflict(
        'COURIER_PROVIDER_OFF',
        'Esta loja não tem um serviço de entregas parceiro configurado.',
      );
    }
    const placeholder = `${PENDING_PREFIX}${randomBytes(8).toString('hex')}`;
    const id = await this.move(storeId, () =>
      db.transaction(async (tx) => {
        await this.checkOrders(tx, storeId, [orderId]);
        const at = this.deps.now();
        const [row] = await tx
          .insert(outsideDeliveries)
          .values({
            storeId,
            orderId,
            provider: outside.provider.name,
            externalId: placeholder,
            estado: 'solicitado',
            events: [{ estado: 'solicitado', em: iso(at) }],
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: outsideDeliveries.id });
        await this.announce(tx, storeId, null, 'externo');
        return row!.id;
      }),
    );
    const [order] = await repo.ordersByIds(db, storeId, [orderId]);
    const storeRow = await repo.storePlace(db, storeId);
    const place = order ? placeOf(order) : null;
    try {
      if (!order || !place) {
        throw new CourierProviderError('NO_COORDINATES', 'O endereço do pedido não tem localização no mapa.');
      }
      const ready = this.toReadyOrder(order, placeOf(storeRow), this.deps.now());
      const result = await outside.provider.request({
        merchantId: outside.merchantId(slug),
        displayId: String(order.numero ?? order.id),
        customer: { name: order.customerName, phone: ready.cliente_telefone },
        dropoff: {
          street: order.street ?? ready.endereco,
          number: order.streetNumber ?? '',
          complement: ready.complemento,
          district: ready.bairro ?? '',
          city: '',
          state: '',
          lat: place.lat,
          lng: place.lng,
        },
        collect: ready.cobrar
          ? {
              amount: ready.cobrar.valor,
              method: ready.cobrar.dinheiro ? 'CASH' : 'CREDIT',
              changeFor: ready.cobrar.troco_para,
            }
          : null,
        total: order.total,
        deliveryFee: order.deliveryFee,
      });
      await db
        .update(outsideDeliveries)
        .set({ externalId: result.externalId })
        .where(and(eq(outsideDeliveries.id, id), eq(outsideDeliveries.storeId, storeId)));
    } catch (error) {
      await db
        .delete(outsideDeliveries)
        .where(and(eq(outsideDeliveries.id, id), eq(outsideDeliveries.storeId, storeId)));
      if (error instanceof CourierProviderError) {
        throw new AppError(
          'unavailable',
          'COURIER_PROVIDER_FAILED',
          `${error.message} (${error.code}) Tente de novo ou use um entregador da loja.`,
        );
      }
      throw error;
    }
    const [row] = await db
      .select()
      .from(outsideDeliveries)
      .where(and(eq(outsideDeliveries.id, id), eq(outsideDeliveries.storeId, storeId)));
    return toOutside(row!, order?.numero ?? null);
  }

  /** An outside delivery of the store with its order's number, or null. */
  private async outsideNow(storeId: number, id: number) {
    const [row] = await this.deps.db
      .select({ delivery: outsideDeliveries, numero: orders.numero })
      .from(outsideDeliveries)
      .innerJoin(orders, eq(orders.id, outsideDeliveries.orderId))
      .where(and(eq(outsideDeliveries.storeId, storeId), eq(outsideDeliveries.id, id)));
    return row ?? null;
  }

  /**
   * POST /staff/routes/outside/{id}/cancel: the company is asked to cancel (outside any transaction),
   * then the delivery is recorded cancelled (its notification may have done it already) and the order
   * is ready again. Picked up, delivered, cancelled or still being asked: 409 OUTSIDE_NOT_CANCELLABLE
   * with the delivery as it is now; the company refusing or silent: 503 and nothing changes.
   */
  async cancelOutside(staff: StaffPrincipal, id: number): Promise<OutsideDelivery> {
    const storeId = staff.storeId;
    const found = await this.outsideNow(storeId, id);
    if (!found) throw notFound('OUTSIDE_NOT_FOUND', 'Entrega parceira não encontrada.');
    const refused = async () => {
      const now = await this.outsideNow(storeId, id);
      return new AppError(
        'conflict',
        'OUTSIDE_NOT_CANCELLABLE',
        'Esta entrega parceira não pode mais ser cancelada.',
        { body: { externo: toOutside(now!.delivery, now!.numero) } },
      );
    };
    const outside = await this.outsideOf(storeId);
    if (!outsideCancellable(found.delivery) || !outside) throw await refused();
    try {
      await outside.provider.cancel(found.delivery.externalId);
    } catch (error) {
      if (!(error instanceof CourierProviderError)) throw error;
      // Picked up meanwhile (the company says no): the state as it is now.
      const now = await this.outsideNow(storeId, id);
      if (now && !outsideCancellable(now.delivery)) throw await refused();
      throw new AppError(
        'unavailable',
        'COURIER_PROVIDER_FAILED',
        `${error.message} (${error.code}) A entrega continua com o serviço parceiro.`,
      );
    }
    await this.recordOutsideCancelled(storeId, id);
    const now = await this.outsideNow(storeId, id);
    return toOutside(now!.delivery, now!.numero);
  }

  /** The delivery recorded cancelled (unless it has finished meanwhile); the board and the customer told. */
  private async recordOutsideCancelled(storeId: number, id: number) {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outsideDeliveries)
        .where(and(eq(outsideDeliveries.storeId, storeId), eq(outsideDeliveries.id, id)))
        .for('update');
      if (!row || row.estado === 'entregue' || row.estado === 'cancelado') return;
      const at = this.deps.now();
      await tx
        .update(outsideDeliveries)
        .set({
          estado: 'cancelado',
          events: [...row.events, { estado: 'cancelado', em: iso(at) }],
          updatedAt: at,
        })
        .where(eq(outsideDeliveries.id, row.id));
      await this.touchOrder(tx, storeId, row.orderId, at);
      await this.announce(tx, storeId, null, 'externo');
    });
  }

  /**
   * After the store's cancel of an order has committed: its open outside delivery is cancelled at the
   * company too. Never throws (the cancel stands); a company that refuses leaves the delivery open on
   * the board, where it can be cancelled again.
   */
  readonly onOrderCancelled = async (storeId: number, orderId: number): Promise<void> => {
    try {
      const [open] = await this.deps.db
        .select({
          id: outsideDeliveries.id,
          externalId: outsideDeliveries.externalId,
          estado: outsideDeliveries.estado,
        })
        .from(outsideDeliveries)
        .where(
          and(
            eq(outsideDeliveries.storeId, storeId),
            eq(outsideDeliveries.orderId, orderId),
            notInArray(outsideDeliveries.estado, ['entregue', 'cancelado']),
          ),
        );
      if (!open || open.externalId.startsWith(PENDING_PREFIX)) return;
      const outside = await this.outsideOf(storeId);
      if (!outside) return;
      await outside.provider.cancel(open.externalId);
      await this.recordOutsideCancelled(storeId, open.id);
    } catch {
      // The company refused or did not answer: the delivery stays open on the board.
    }
  };

  /**
   * The company's notification of its deliveries' progress at this store: 401 when not signed by it;
   * each event moves its delivery forward only (late or repeated ones change nothing); delivered
   * moves the order to Entregue through the order's own move.
   */
  async outsideNotification(
    storeId: number,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ applied: number }> {
    const outside = await this.outsideOf(storeId);
    if (!outside) throw notFound('NOT_FOUND', 'Não encontrado.');
    const events = outside.provider.events(rawBody, headers);
    if (events === null) {
      throw new AppError('unauthorized', 'NOTIFICATION_REFUSED', 'Assinatura inválida.');
    }
    let applied = 0;
    for (const event of events) {
      const changed = await this.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(outsideDeliveries)
          .where(
            and(
              eq(outsideDeliveries.storeId, storeId),
              eq(outsideDeliveries.provider, outside.provider.name),
              eq(outsideDeliveries.externalId, event.externalId),
            ),
          )
          .for('update');
        if (!row) return false;
        const current = row.estado as OutsideState;
        if (current === 'entregue' || current === 'cancelado') return false;
        if (OUTSIDE_STEP[event.estado] <= OUTSIDE_STEP[current]) return false;
        const at = this.deps.now();
        await tx
          .update(outsideDeliveries)
          .set({
            estado: event.estado,
            courierName: event.courierName ?? row.courierName,
            events: [...row.events, { estado: event.estado, em: iso(event.at) }],
            updatedAt: at,
          })
          .where(eq(outsideDeliveries.id, row.id));
        if (event.estado === 'coletado') await this.departed(tx, storeId, [row.orderId], at);
        if (event.estado === 'entregue') {
          await this.deps.tracking.deliverInTransaction(tx, storeId, row.orderId, null, at);
        } else {
          await this.touchOrder(tx, storeId, row.orderId, at);
        }
        await this.announce(tx, storeId, null, 'externo');
        return true;
      });
      if (changed) applied++;
    }
    return { applied };
  }
}

function toStop(
  stop: repo.StopRow,
  pedido: ReadyOrder,
  place: LatLng | null,
  vehicle: CourierVehicle,
): DispatchStop {
  return {
    id: stop.id,
    posicao: stop.position,
    pedido,
    estado: stop.estado as DispatchStop['estado'],
    motivo: stop.reason,
    em: isoOrNull(stop.markedAt),
    links: stopLinks({
      at: place,
      address: [pedido.endereco, pedido.bairro].filter(Boolean).join(', '),
      phone: pedido.cliente_telefone,
      vehicle,
    }),
  };
}

export function toOutside(row: repo.OutsideRow, numero: number | null): OutsideDelivery {
  return {
    id: row.id,
    pedido_id: row.orderId,
    numero,
    provedor: row.provider,
    estado: row.estado as OutsideDelivery['estado'],
    entregador_nome: row.courierName,
    eventos: row.events.map((event) => ({ estado: event.estado as OutsideDelivery['estado'], em: event.em })),
  };
}
