import type { OrderErrorReply, OrderPlacedReply } from '@comanda/contract';
import type { OnlinePaymentKind, StaffOrderChannel } from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { type CustomerPrincipal, forbidden, notAuthenticated } from '../../plugins/auth.ts';
import { type BackoffRule, type RateLimiter, type WindowRule, waitText } from '../../plugins/rate-limit.ts';
import { couponRefusal } from '../coupons/index.ts';
import { joinTableTab } from '../tables/index.ts';
import { CartProductCopies } from './cart-products.ts';
import { repriceCart } from './cart-rebuild.ts';
import { errorBody, keyReusedReply, refuse, tabJoinRefusalError } from './refusals.ts';
import * as repo from './repository.ts';
import {
  checkIdempotencyKey,
  checkRequest,
  type OrderRequest,
  type OrderSubmissionBody,
  readOrderRequest,
  requestHash,
} from './request.ts';
import {
  checkCouponLimits,
  checkoutStoreOf,
  checkPayment,
  checkStore,
  checkTab,
  findDeliveryAddress,
  type OrderToWrite,
  orderToWrite,
  quoteOrder,
  type TabToJoin,
} from './stages.ts';

/*
 * Order placement (spec section 7 "Orders and payment"): the server prices the order from its own
 * data, applies the checkout quote of @comanda/domain, and writes the order, its lines, the coupon
 * use and the loyalty points in one statement, exactly once per Idempotency-Key
 * (docs/decisions/0010-order-placement.md, 0014, 0015).
 */

export type { OrderSubmissionBody } from './request.ts';

export interface PlaceOrderResult {
  statusCode: number;
  body: OrderPlacedReply | OrderErrorReply;
  /** The reply of an earlier request with the same key. */
  replayed: boolean;
  /** A new order for now at a store that accepts orders by itself. */
  autoAccept?: boolean;
}

/** An order paid through the app: placed awaiting its payment, whose attempt is written with it. */
export interface OnlinePlacement {
  kind: OnlinePaymentKind;
  /** Writes the payment attempt in the order's transaction (it commits or rolls back with the order). */
  record(tx: DbExecutor, written: OrderToWrite): Promise<void>;
}

export interface OrderServiceDeps {
  db: Database;
  now: () => Date;
  /** Where a new order is announced (the live order status streams). */
  events?: OrderEvents;
  /** Counts each customer's orders (ORDER_RATE_LIMIT_*); without it, orders are not limited. */
  limiter?: RateLimiter;
  orderRate?: WindowRule;
  /** Moves a new order on at a store with auto-accept (the order tracking module's, wired in app.ts). */
  acceptAutomatically?: (storeId: number, orderId: number) => Promise<void>;
  /** Told of every new order (the menu module's count of full schedule periods forgets its copy). */
  placed?: (storeId: number) => void;
}

/**
 * Orders one customer may place per window (docs/decisions/0021): enough for a table ordering round
 * after round, far from the hundreds a script places.
 */
export function orderRateRule(max: number, windowSeconds: number): WindowRule {
  return { kind: 'window', name: 'orders-customer', max, windowSeconds, message: 'Muitos pedidos.' };
}

const TOO_MANY_ORDERS = 'TOO_MANY_ORDERS';

/**
 * Wrong waiter's codes one customer may give before waiting (issue 19): a code is 4 digits, so
 * guessing must cost time. Each guess counts until the right code clears the count.
 */
export const TABLE_CODE_GUESSES: BackoffRule = {
  kind: 'backoff',
  name: 'table-code',
  freeFailures: 5,
  baseSeconds: 30,
  maxSeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
  message: 'Muitas tentativas com o código da mesa.',
};

/**
 * A staff member entering the order for the customer (the PDV, docs/decisions/0058): its channel and
 * who entered it are written with the order; the table's QR token and waiter's code are not asked
 * (the staff member is at the table), and the customer's orders-per-window limit does not count it.
 */
export interface StaffEntry {
  channel: StaffOrderChannel;
  staffId: number;
}

/** Whose order it is: the signed-in customer, or the customer a staff member enters it for. */
export type OrderOwner = Pick<CustomerPrincipal, 'storeId' | 'customerId'>;

interface Attempt {
  principal: OrderOwner;
  staff: StaffEntry | null;
  body: OrderSubmissionBody;
  key: string;
  hash: string;
  now: Date;
}

export class OrderService {
  private readonly cartProducts = new CartProductCopies();

  constructor(private readonly deps: OrderServiceDeps) {}

  /**
   * POST /bar/v2/app/order/upsert/, exactly once per Idempotency-Key. The key's row is written by
   * the same statement as the order, under the customer's row lock: of two requests with one key
   * the second waits for the first and then answers its stored reply (422 when its body differs).
   * A refusal writes nothing and is then stored as the key's reply, so a key always answers the
   * same (docs/decisions/0014-order-placement-round-trips.md). The customer's orders limit is
   * counted by that same write, only by the request that claims the key (0021's addendum).
   */
  async place(
    principal: OrderOwner,
    body: OrderSubmissionBody,
    keyHeader: string | string[] | undefined,
    online: OnlinePlacement | null = null,
    staff: StaffEntry | null = null,
  ): Promise<PlaceOrderResult> {
    const key = checkIdempotencyKey(keyHeader);
    if (body.fk_cliente !== principal.customerId) throw forbidden();
    const attempt: Attempt = { principal, staff, body, key, hash: requestHash(body), now: this.deps.now() };
    const { db } = this.deps;
    try {
      checkRequest(body);
      const result = await this.placeOnce(attempt, online);
      if (result.statusCode === 201 && !result.replayed) this.deps.placed?.(principal.storeId);
      // An order awaiting its payment is announced when the payment releases it.
      if (result.statusCode === 201 && !result.replayed && !online) {
        const placed = result.body as OrderPlacedReply;
        this.announce(principal, placed);
        if (result.autoAccept) await this.deps.acceptAutomatically?.(principal.storeId, placed.order.id);
      }
      return result;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      // Not the key's reply (too many orders, too many codes): the same order retried after the wait must be placed.
      if (error.kind === 'too_many') throw error;
      const reply = errorBody(error);
      const stored = await repo.storeRefusal(db, {
        storeId: principal.storeId,
        customerId: principal.customerId,
        key,
        requestHash: attempt.hash,
        statusCode: error.status,
        response: reply,
        createdAt: attempt.now,
      });
      if (stored) return { statusCode: error.status, body: reply, replayed: false };
      // Another request with this key finished first: its reply is the key's.
      return this.replay(db, attempt);
    }
  }

  /**
   * The new order's event, published once the transaction has committed and coalesced with other
   * orders' (a NOTIFY inside the order's transaction would serialise every placement's commit on
   * PostgreSQL's notification lock; docs/decisions/0012).
   */
  announce(principal: { storeId: number; customerId: number }, reply: OrderPlacedReply): void {
    this.deps.events?.publishCommitted({
      storeId: principal.storeId,
      customerId: principal.customerId,
      id: reply.order.id,
      status: reply.order.status,
      updatedAt: reply.order.dh_iniciado,
    });
  }

  private async replay(db: DbExecutor, attempt: Attempt): Promise<PlaceOrderResult> {
    const { principal, key } = attempt;
    const first = await repo.findIdempotencyKey(db, principal.storeId, principal.customerId, key);
    if (!first) throw new Error('idempotency key row vanished');
    return this.answerFrom(db, first, attempt);
  }

  /**
   * The key's stored reply, when this request is the same as the one that stored it. `db` is the
   * caller's: inside a transaction that holds the customer's lock, a read on another pooled
   * connection could wait for a connection the waiting requests hold.
   */
  private async answerFrom(
    db: DbExecutor,
    first: repo.KeyReply,
    { hash, principal }: Attempt,
  ): Promise<PlaceOrderResult> {
    if (first.requestHash !== hash) return { statusCode: 422, body: keyReusedReply(), replayed: false };
    const body = first.response as OrderPlacedReply | OrderErrorReply;
    // The stored reply was written before the order had its number: the number it has now.
    const placedBody = 'order_info' in body && body.success ? body : null;
    if (placedBody) {
      const numero = await repo.orderNumberOf(db, principal.storeId, placedBody.order_info.order_id);
      return { statusCode: first.statusCode, body: withNumber(placedBody, numero), replayed: true };
    }
    return { statusCode: first.statusCode, body, replayed: true };
  }

  /** The stages of placement, in order; throws the first refusal, having written nothing. */
  private async placeOnce(attempt: Attempt, online: OnlinePlacement | null): Promise<PlaceOrderResult> {
    const { principal, body, now, staff } = attempt;
    const asked = readOrderRequest(body);
    const held = this.cartProducts.holding(principal.storeId, asked.productIds);
    const context = await this.loadContext(attempt, asked, held?.version ?? null);
    if (context.previous) return this.answerFrom(this.deps.db, context.previous, attempt);
    // A waiter at the table needs neither its QR token nor the waiter's code of its open tab.
    const request =
      staff && asked.tableOrder && context.diningTable
        ? { ...asked, tableToken: context.diningTable.token, tableCode: context.openTab?.code ?? null }
        : asked;
    const store = checkoutStoreOf(context, now);
    const table = checkStore(request, context, store);
    const tab = checkTab(request, context, table);
    if (tab && tab.codeMatches !== null && !staff) await this.checkTableCode(principal, tab.codeMatches, now);
    const { rows, products } = this.cartProducts.cartProducts(
      principal.storeId,
      request.productIds,
      held,
      context,
    );
    const lines = repriceCart(body.produtos_pedidos, products, rows, request.channel);
    const payment = checkPayment(request, context, store, online?.kind ?? null);
    const address = await findDeliveryAddress(this.deps.db, principal, request);
    const coupon = checkCouponLimits(request, context, now);
    const quote = quoteOrder({
      request,
      store,
      lines,
      payment,
      address,
      coupon,
      points: context.points ?? 0,
    });
    const write = orderToWrite({
      principal,
      request,
      context,
      now,
      quote,
      lines,
      table,
      payment,
      address,
      coupon,
      ...(staff ? { enteredBy: staff } : {}),
    });
    const result = await this.write(
      attempt,
      write,
      coupon?.maxUsesPerCustomer ?? null,
      context.scheduleCapacity,
      online,
      tab,
    );
    // Scheduled orders wait for their time and paid-online ones for their payment: never accepted here.
    const autoAccept = context.autoAccept && write.order.horaEntrega === null && !online;
    return autoAccept && result.statusCode === 201 ? { ...result, autoAccept } : result;
  }

  /**
   * The waiter's code, once the guess is counted (TABLE_CODE_GUESSES): 429 while the customer must
   * wait, 400 TABLE_CODE_INVALID for a wrong code; the right one clears the count.
   */
  private async checkTableCode(principal: OrderOwner, matches: boolean, now: Date): Promise<void> {
    const { limiter } = this.deps;
    const subject = String(principal.customerId);
    if (limiter) {
      try {
        await limiter.beginAttempt(principal.storeId, TABLE_CODE_GUESSES, subject, now);
      } catch (error) {
        if (!(error instanceof AppError) || error.kind !== 'too_many') throw error;
        const seconds = Number(error.extra.retryAfterSeconds ?? 60);
        throw new AppError(
          'too_many',
          'TOO_MANY_TABLE_CODE_ATTEMPTS',
          `Muitas tentativas com o código da mesa. Confira o código com o garçom e tente novamente em ${waitText(seconds)}.`,
          { retryAfterSeconds: seconds, field: 'codigo_mesa' },
        );
      }
    }
    if (!matches) throw refuse.tableCodeInvalid();
    await limiter?.clear(principal.storeId, TABLE_CODE_GUESSES, subject);
  }

  private async loadContext(attempt: Attempt, request: OrderRequest, knownMenuVersion: number | null) {
    const { principal, key } = attempt;
    const context = await repo.loadOrderContext(this.deps.db, {
      storeId: principal.storeId,
      customerId: principal.customerId,
      key,
      methodId: request.methodId,
      tableId: request.tableId,
      couponId: request.couponId,
      productIds: request.productIds,
      knownMenuVersion,
    });
    if (!context) throw refuse.storeNotFound();
    return context;
  }

  /**
   * The one statement that writes the order. Without a coupon, a limited schedule period, an
   * online payment or a table's tab it is the whole transaction; otherwise the limits it counts
   * must see every earlier order: the customer's row (and the period) are locked first, and a limit
   * reached meanwhile rolls everything back. A table order's round joins the table's tab in the
   * same transaction (locked, or opened by the first round), refused with nothing written when the
   * tab is no longer open.
   */
  private async write(
    attempt: Attempt,
    toWrite: OrderToWrite,
    couponLimitPerCustomer: number | null,
    periodCapacity: number | null,
    online: OnlinePlacement | null,
    tab: TabToJoin | null,
  ): Promise<PlaceOrderResult> {
    const { db } = this.deps;
    const { principal, key, hash } = attempt;
    const { order, lines, reply, spend } = toWrite;
    const { limiter, orderRate } = this.deps;
    const counter =
      limiter && orderRate && !attempt.staff
        ? limiter.windowCounter(orderRate, String(principal.customerId))
        : null;
    const input = (customerLocked: boolean): repo.WriteOrderInput => ({
      order,
      lines,
      key,
      requestHash: hash,
      reply,
      rate: counter && { ...counter, mayBeAbsent: customerLocked },
    });
    const period = order.horaEntrega;
    const capacity = period ? periodCapacity : null;
    const placed = (written: repo.WriteOrderResult): PlaceOrderResult => ({
      statusCode: 201,
      body: withNumber(withBalance(reply, written, spend), written.numero),
      replayed: false,
    });
    if (order.couponId === null && !capacity && !online && !tab) {
      const written = await repo.writeOrder(db, input(false));
      if (written.claimed) return placed(written);
      const answer = await this.unclaimed(db, attempt, written, spend);
      // The customer's orders counter did not exist when the statement began (a first order in a
      // day): counted again below, in a transaction whose write statement comes after the lock.
      if (answer) return answer;
    }
    return db.transaction(async (tx) => {
      await repo.lockCustomer(tx, principal.storeId, principal.customerId);
      if (period && capacity) await repo.lockSchedulePeriod(tx, principal.storeId, period);
      const written = await repo.writeOrder(tx, input(true));
      if (!written.claimed) {
        const answer = await this.unclaimed(tx, attempt, written, spend);
        if (!answer) throw new Error('the orders counter was unseen under the customer lock');
        return answer;
      }
      if (order.couponId !== null && !written.couponClaimed) throw couponRefusal('COUPON_EXHAUSTED');
      if (couponLimitPerCustomer !== null && written.couponCustomerUses >= couponLimitPerCustomer) {
        throw couponRefusal('COUPON_CUSTOMER_LIMIT');
      }
      if (capacity && written.periodTaken >= capacity) throw refuse.schedulePeriodFull();
      if (tab) {
        const joined = await joinTableTab(tx, {
          storeId: principal.storeId,
          tableId: tab.tableId,
          orderId: order.id,
          requiresCode: tab.requiresCode,
          code: tab.code,
          at: order.dhIniciado,
        });
        if (!joined.ok) throw tabJoinRefusalError(joined.refusal);
      }
      await online?.record(tx, toWrite);
      return placed(written);
    });
  }

  /** 429 TOO_MANY_ORDERS, with the wait until the customer's window of orders ends. */
  private tooManyOrders(windowStartedAt: Date | null, now: Date): AppError {
    const windowMs = (this.deps.orderRate?.windowSeconds ?? 60) * 1000;
    const startedMs = windowStartedAt?.getTime() ?? now.getTime();
    const seconds = Math.max(1, Math.ceil((startedMs + windowMs - now.getTime()) / 1000));
    return new AppError(
      'too_many',
      TOO_MANY_ORDERS,
      `Você fez muitos pedidos em pouco tempo. Tente novamente em ${waitText(seconds)}.`,
      { retryAfterSeconds: seconds },
    );
  }

  /** Deletes the Idempotency-Keys older than `maxAgeHours` (the purge job; docs/decisions/0019). */
  purgeIdempotencyKeys(maxAgeHours: number): Promise<number> {
    const olderThan = new Date(this.deps.now().getTime() - maxAgeHours * 3_600_000);
    return repo.purgeIdempotencyKeys(this.deps.db, olderThan);
  }

  /**
   * An order whose online payment could not even start leaves nothing behind, not its
   * Idempotency-Key either: the customer's retry (same key, same order) places it anew.
   */
  forgetAttempt(tx: DbExecutor, order: { storeId: number; customerId: number; orderId: number }) {
    return repo.forgetKeyOf(tx, order);
  }

  /**
   * Nothing was written: the key was taken meanwhile (its reply, whatever the limit), the customer
   * placed the window's orders (429 TOO_MANY_ORDERS, not the key's reply), or the points were
   * spent. Null when the orders counter was unseen: the caller writes again under the lock.
   */
  private async unclaimed(
    db: DbExecutor,
    attempt: Attempt,
    written: repo.WriteOrderResult,
    spend: number,
  ): Promise<PlaceOrderResult | null> {
    if (written.pointsBefore === null) throw notAuthenticated();
    // The locked write that follows finds a taken key as well.
    if (written.rateUnseen) return null;
    const { principal, key } = attempt;
    const first = await repo.findIdempotencyKey(db, principal.storeId, principal.customerId, key);
    if (first) return this.answerFrom(db, first, attempt);
    if (written.rateLimited) throw this.tooManyOrders(written.rateStartedAt, attempt.now);
    if (written.pointsBefore < spend) throw refuse.notEnoughPoints();
    throw new Error('the order write claimed no key, yet the key has no row');
  }
}

/**
 * The reply with the points balance the order left (counted under the customer's row lock): what
 * it earns is not there yet, it is credited on delivery.
 */
function withBalance(
  reply: OrderPlacedReply,
  written: repo.WriteOrderResult,
  spend: number,
): OrderPlacedReply {
  const balance = (written.pointsBefore ?? 0) - spend;
  return { ...reply, order_info: { ...reply.order_info, pontos_fidelidade: balance } };
}

/** The reply with the order's number in its store (docs/decisions/0065). */
function withNumber(reply: OrderPlacedReply, numero: number | null): OrderPlacedReply {
  return {
    ...reply,
    order_info: { ...reply.order_info, numero },
    order: { ...reply.order, numero },
  };
}

/** Points the customer's orders will earn once delivered (the customer record's pontos_pendentes). */
export function pendingPoints(db: DbExecutor, storeId: number, customerId: number): Promise<number> {
  return repo.pendingPointsOf(db, storeId, customerId);
}
