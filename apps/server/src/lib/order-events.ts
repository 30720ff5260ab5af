import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle, DbExecutor } from '../db/client.ts';
import { runStatement, statement } from '../db/statements.ts';

/*
 * Order events: "order N of customer C at store S is now <status>", published by whoever changes an
 * order and delivered to the event streams of every server instance (docs/decisions/0012).
 *
 * A status change publishes with `pg_notify` on the transaction that makes it, so its event exists
 * only if the change committed and never before it is visible. A new order is published just after
 * its transaction commits, coalesced with other new orders (`publishCommitted`): PostgreSQL holds a
 * global lock through the commit of every transaction that notified, which would serialise the
 * commits of all placements. Every instance LISTENs (a dedicated connection on PostgreSQL, PGlite's
 * own listen in the embedded database) and fans each notification out in-process to its
 * subscribers, including the instance that published it: one path for one instance or twenty.
 *
 * The same channel carries staff events (a guest's call from a table, issue 19): `{store_id,
 * staff_event, data}`, published in the transaction that makes them and delivered only to the
 * store's staff subscribers, never to a customer's stream. Decoders of order events ignore them.
 */

export const ORDER_EVENTS_CHANNEL = 'comanda_order_events';

export interface OrderEvent {
  storeId: number;
  customerId: number;
  /** The order's id. */
  id: number;
  status: string;
  /** ISO 8601 (UTC). */
  updatedAt: string;
}

export type OrderEventListener = (event: OrderEvent) => void;

/**
 * An event for the store's staff only: its `name` becomes the stream's `event:` and `data` its
 * JSON (e.g. TABLE_CALL_EVENT of @comanda/contract with a table call).
 */
export interface StaffEvent {
  storeId: number;
  /** Lower-case letters, underscores and dots, at most 40 (an SSE event name). */
  name: string;
  data: unknown;
}

export type StaffEventListener = (event: StaffEvent) => void;

export interface OrderEvents {
  /** Sends the event when `tx` commits (nothing when it rolls back). */
  publish(tx: DbExecutor, event: OrderEvent): Promise<void>;
  /**
   * Sends the event of a change that has committed, soon (at once when idle; while a send is under
   * way, the events that arrive go together in the next one). A failure is logged, not thrown.
   */
  publishCommitted(event: OrderEvent): void;
  /** Sends a staff event when `tx` commits (nothing when it rolls back). */
  publishStaff(tx: DbExecutor, event: StaffEvent): Promise<void>;
  /**
   * Calls `listener` for each event of the customer's orders at the store, or of every order of
   * the store when customerId is null. `onGap` is called when events may have been missed (the
   * listening connection dropped and came back): subscribers should reload. A staff subscription
   * (customerId null) also gets the store's staff events through `onStaffEvent`. Returns
   * unsubscribe.
   */
  subscribe(
    storeId: number,
    customerId: number | null,
    listener: OrderEventListener,
    onGap?: () => void,
    onStaffEvent?: StaffEventListener,
  ): () => void;
  /** Starts listening; resolves once the first attempt is done (it keeps retrying on failure). */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Whether notifications are being received right now. */
  readonly listening: boolean;
}

export interface EventsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; batches stay well under. */
const MAX_PAYLOAD_BYTES = 7000;

const wireOf = (event: OrderEvent) => ({
  store_id: event.storeId,
  customer_id: event.customerId,
  id: event.id,
  status: event.status,
  updated_at: event.updatedAt,
});

/** The NOTIFY payload of one event: a JSON object (about 110 bytes). */
export function encodeOrderEvent(event: OrderEvent): string {
  return JSON.stringify(wireOf(event));
}

/** NOTIFY payloads for several events: JSON arrays, each under MAX_PAYLOAD_BYTES. */
export function encodeOrderEventBatches(events: readonly OrderEvent[]): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const event of events) {
    const part = encodeOrderEvent(event);
    const bytes = Buffer.byteLength(part) + 1;
    if (parts.length > 0 && size + bytes > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${parts.join(',')}]`);
      parts = [];
      size = 2;
    }
    parts.push(part);
    size += bytes;
  }
  if (parts.length > 0) payloads.push(`[${parts.join(',')}]`);
  return payloads;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function eventOf(value: unknown): OrderEvent | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { store_id, customer_id, id, status, updated_at } = value as Record<string, unknown>;
  if (!isId(store_id) || !isId(customer_id) || !isId(id)) return undefined;
  if (typeof status !== 'string' || typeof updated_at !== 'string') return undefined;
  return { storeId: store_id, customerId: customer_id, id, status, updatedAt: updated_at };
}

function parsePayload(payload: string | undefined): unknown {
  if (!payload) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

function orderEventsOf(value: unknown): OrderEvent[] {
  const values = Array.isArray(value) ? value : [value];
  return values.map(eventOf).filter((event): event is OrderEvent => event !== undefined);
}

/** The events of a NOTIFY payload (one object or an array); anything else on the channel is ignored. */
export function decodeOrderEvents(payload: string | undefined): OrderEvent[] {
  return orderEventsOf(parsePayload(payload));
}

const STAFF_EVENT_NAME = /^[a-z][a-z_.]{0,39}$/;

/** The NOTIFY payload of a staff event. */
export function encodeStaffEvent(event: StaffEvent): string {
  if (!STAFF_EVENT_NAME.test(event.name)) throw new Error(`staff event name '${event.name}' is not one`);
  return JSON.stringify({ store_id: event.storeId, staff_event: event.name, data: event.data });
}

function staffEventOf(value: unknown): StaffEvent | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { store_id, staff_event, data } = value as Record<string, unknown>;
  if (!isId(store_id) || typeof staff_event !== 'string' || !STAFF_EVENT_NAME.test(staff_event)) {
    return undefined;
  }
  if (data === undefined) return undefined;
  return { storeId: store_id, name: staff_event, data };
}

/** The staff event of a NOTIFY payload, if it is one. */
export function decodeStaffEvent(payload: string | undefined): StaffEvent | undefined {
  return staffEventOf(parsePayload(payload));
}

/** The statement that publishes an event within a transaction. */
export const notifyStatement = (event: OrderEvent) =>
  sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${encodeOrderEvent(event)})`;

/** The statement that publishes committed events (one per order placed: named, prepared once). */
const notifyCommitted = (payload: string) =>
  statement('comanda_notify_committed')`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${payload})`;

interface Subscription {
  listener: OrderEventListener;
  onGap: (() => void) | undefined;
  onStaffEvent: StaffEventListener | undefined;
}

interface StoreSubscribers {
  /** Staff streams: every order of the store. */
  all: Set<Subscription>;
  byCustomer: Map<number, Set<Subscription>>;
}

/** In-process fan-out of events to the subscribers of one instance. */
export class OrderEventHub {
  private readonly stores = new Map<number, StoreSubscribers>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  subscribe(
    storeId: number,
    customerId: number | null,
    listener: OrderEventListener,
    onGap?: () => void,
    onStaffEvent?: StaffEventListener,
  ): () => void {
    let store = this.stores.get(storeId);
    if (!store) {
      store = { all: new Set(), byCustomer: new Map() };
      this.stores.set(storeId, store);
    }
    let set: Set<Subscription>;
    if (customerId === null) {
      set = store.all;
    } else {
      set = store.byCustomer.get(customerId) ?? new Set();
      store.byCustomer.set(customerId, set);
    }
    // Staff events are for staff subscriptions only: a customer's stream never gets one.
    const subscription: Subscription = {
      listener,
      onGap,
      onStaffEvent: customerId === null ? onStaffEvent : undefined,
    };
    set.add(subscription);
    this.count += 1;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      set.delete(subscription);
      this.count -= 1;
      const current = this.stores.get(storeId);
      if (!current) return;
      if (customerId !== null && set.size === 0) current.byCustomer.delete(customerId);
      if (current.all.size === 0 && current.byCustomer.size === 0) this.stores.delete(storeId);
    };
  }

  dispatch(event: OrderEvent): void {
    const store = this.stores.get(event.storeId);
    if (!store) return;
    const targets = [...store.all, ...(store.byCustomer.get(event.customerId) ?? [])];
    for (const { listener } of targets) {
      try {
        listener(event);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }

  /** A staff event goes to the store's staff subscriptions only. */
  dispatchStaff(event: StaffEvent): void {
    const store = this.stores.get(event.storeId);
    if (!store) return;
    for (const { onStaffEvent } of [...store.all]) {
      try {
        onStaffEvent?.(event);
      } catch {
        // as in dispatch
      }
    }
  }

  /** Tells every subscriber that events may have been missed. */
  gap(): void {
    for (const store of this.stores.values()) {
      for (const set of [store.all, ...store.byCustomer.values()]) {
        for (const { onGap } of set) {
          try {
            onGap?.();
          } catch {
            // as in dispatch
          }
        }
      }
    }
  }
}

abstract class NotifyOrderEvents implements OrderEvents {
  protected readonly hub = new OrderEventHub();
  private pending: OrderEvent[] = [];
  private sending: Promise<void> | null = null;

  constructor(
    private readonly db: DbExecutor,
    protected readonly log: EventsLogger,
  ) {}

  async publish(tx: DbExecutor, event: OrderEvent): Promise<void> {
    await tx.execute(notifyStatement(event));
  }

  async publishStaff(tx: DbExecutor, event: StaffEvent): Promise<void> {
    await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${encodeStaffEvent(event)})`);
  }

  publishCommitted(event: OrderEvent): void {
    this.pending.push(event);
    this.sending ??= this.send();
  }

  /** Sends what is pending, one NOTIFY (per 7000 bytes) at a time, until nothing is left. */
  private async send(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending;
        this.pending = [];
        for (const payload of encodeOrderEventBatches(batch)) {
          try {
            await runStatement(this.db, notifyCommitted(payload));
          } catch (error) {
            // The streams miss these events; their clients still reload on reconnect and every 30 s.
            this.log.warn({ err: error }, 'order events: could not publish');
          }
        }
      }
    } finally {
      this.sending = null;
    }
  }

  /** Waits for the events being sent (before the database closes). */
  protected async drain(): Promise<void> {
    while (this.sending) await this.sending;
  }

  subscribe(
    storeId: number,
    customerId: number | null,
    listener: OrderEventListener,
    onGap?: () => void,
    onStaffEvent?: StaffEventListener,
  ) {
    return this.hub.subscribe(storeId, customerId, listener, onGap, onStaffEvent);
  }

  protected receive(payload: string | undefined): void {
    const value = parsePayload(payload);
    const staffEvent = staffEventOf(value);
    if (staffEvent) {
      this.hub.dispatchStaff(staffEvent);
      return;
    }
    for (const event of orderEventsOf(value)) this.hub.dispatch(event);
  }

  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
  abstract get listening(): boolean;
}

/** The embedded database: PGlite's LISTEN (one process, so every publisher is in it). */
export class PgliteOrderEvents extends NotifyOrderEvents {
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly pglite: PGlite,
    db: DbExecutor,
    log: EventsLogger,
  ) {
    super(db, log);
  }

  get listening(): boolean {
    return this.unlisten !== null;
  }

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.pglite.listen(ORDER_EVENTS_CHANNEL, (payload) => this.receive(payload));
  }

  async close(): Promise<void> {
    await this.drain();
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten && !this.pglite.closed) await unlisten().catch(() => {});
  }
}

export interface PostgresListenOptions {
  /** First reconnection delay; doubles up to maxDelayMs (plus up to 25 % jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How often the listening connection is checked with a query. */
  pingMs?: number;
}

/**
 * PostgreSQL: one dedicated connection per instance, outside the query pool (a LISTEN needs a
 * connection that nothing else uses, and the pool keeps its full size for queries). When it
 * drops, it is opened again with exponential back-off; subscribers are then told about the gap.
 */
export class PostgresOrderEvents extends NotifyOrderEvents {
  private client: pg.Client | null = null;
  private closing = false;
  private attempt = 0;
  private everConnected = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly pingMs: number;

  constructor(
    private readonly connection: pg.ClientConfig,
    db: DbExecutor,
    log: EventsLogger,
    options: PostgresListenOptions = {},
  ) {
    super(db, log);
    this.minDelayMs = options.minDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 10_000;
    this.pingMs = options.pingMs ?? 30_000;
  }

  get listening(): boolean {
    return this.client !== null;
  }

  /** The backend pid of the listening connection (tests drop it to check the reconnection). */
  get listenerPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | null)?.processID;
  }

  async start(): Promise<void> {
    this.closing = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    this.retryTimer = null;
    if (this.closing || this.client) return;
    const client = new pg.Client({ ...this.connection, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === ORDER_EVENTS_CHANNEL) this.receive(message.payload);
    });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`listen ${ORDER_EVENTS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
      this.log.warn({ err: error, attempt: this.attempt }, 'order events: could not listen; retrying');
      this.scheduleReconnect();
      return;
    }
    if (this.closing) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.schedulePing();
    if (this.everConnected) {
      this.log.info({}, 'order events: listening again');
      this.hub.gap();
    }
    this.everConnected = true;
  }

  private dropped(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.pingTimer = null;
    client.removeAllListeners('end');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closing) return;
    // Events published while nobody listens are lost: subscribers are told to reload once the
    // connection is back (connect() calls hub.gap()).
    this.log.warn({ err: error }, 'order events: listening connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closing || this.retryTimer) return;
    const base = Math.min(this.maxDelayMs, this.minDelayMs * 2 ** this.attempt);
    const delay = Math.round(base * (1 + Math.random() * 0.25));
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private schedulePing(): void {
    this.pingTimer = setTimeout(() => {
      const client = this.client;
      if (!client) return;
      client.query('select 1').then(
        () => {
          if (this.client === client) this.schedulePing();
        },
        (error: Error) => this.dropped(client, error),
      );
    }, this.pingMs);
    this.pingTimer.unref();
  }

  async close(): Promise<void> {
    await this.drain();
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

/** The events of a database: PGlite's listen, or a LISTEN connection to the PostgreSQL server. */
export function createOrderEvents(
  database: DatabaseHandle,
  log: EventsLogger,
  options: PostgresListenOptions = {},
): OrderEvents {
  if (database.kind === 'postgres' && database.pool) {
    return new PostgresOrderEvents(database.pool.options as pg.ClientConfig, database.db, log, options);
  }
  if (database.pglite) return new PgliteOrderEvents(database.pglite, database.db, log);
  throw new Error('order events: the database handle has neither a pool nor a PGlite client');
}
