import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { DbExecutor } from '../db/client.ts';
import {
  decodeOrderEvents,
  decodeStaffEvent,
  encodeOrderEvent,
  encodeOrderEventBatches,
  encodeStaffEvent,
  ORDER_EVENTS_CHANNEL,
  type OrderEvent,
  OrderEventHub,
  PgliteOrderEvents,
} from './order-events.ts';

const event = (overrides: Partial<OrderEvent> = {}): OrderEvent => ({
  storeId: 1,
  customerId: 7,
  id: 42,
  status: 'Preparo',
  updatedAt: '2026-05-04T21:00:00.000Z',
  ...overrides,
});

describe('order event payloads (NOTIFY)', () => {
  it('round-trip, and stay far below PostgreSQL’s 8000-byte limit', () => {
    const payload = encodeOrderEvent(event());
    expect(decodeOrderEvents(payload)).toEqual([event()]);
    expect(Buffer.byteLength(payload)).toBeLessThan(200);
  });

  it('batches split under 7000 bytes (multi-byte statuses counted in bytes) and decode in order', () => {
    const events = Array.from({ length: 500 }, (_, i) => event({ id: i + 1, status: 'Finalização' }));
    const payloads = encodeOrderEventBatches(events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(7000);
    expect(payloads.flatMap((payload) => decodeOrderEvents(payload))).toEqual(events);
  });

  it('ignore anything else on the channel', () => {
    for (const payload of [
      undefined,
      '',
      'not json',
      'null',
      '42',
      '{}',
      JSON.stringify({ store_id: 1, customer_id: 7, id: 0, status: 'Preparo', updated_at: 'x' }),
      JSON.stringify({ store_id: '1', customer_id: 7, id: 42, status: 'Preparo', updated_at: 'x' }),
      JSON.stringify({ store_id: 1, customer_id: 7, id: 42, status: 3, updated_at: 'x' }),
      JSON.stringify([null, 'x', { id: 1 }]),
    ]) {
      expect(decodeOrderEvents(payload)).toEqual([]);
    }
  });
});

describe('staff event payloads (a guest’s call from a table)', () => {
  const call = { id: 5, kind: 'waiter', table_id: 3, table_description: 'Mesa 3' };

  it('round-trip on the same channel, and order-event decoders ignore them', () => {
    const payload = encodeStaffEvent({ storeId: 1, name: 'table_call', data: call });
    expect(decodeStaffEvent(payload)).toEqual({ storeId: 1, name: 'table_call', data: call });
    expect(decodeOrderEvents(payload)).toEqual([]);
    expect(decodeStaffEvent(encodeOrderEvent(event()))).toBeUndefined();
  });

  it('carry only names an event stream can hold', () => {
    expect(() => encodeStaffEvent({ storeId: 1, name: 'table_call\ndata: x', data: call })).toThrow();
    for (const payload of [
      JSON.stringify({ store_id: 1, staff_event: 'Table Call', data: call }),
      JSON.stringify({ store_id: 0, staff_event: 'table_call', data: call }),
      JSON.stringify({ store_id: 1, staff_event: 'table_call' }),
      JSON.stringify([{ store_id: 1, staff_event: 'table_call', data: call }]),
      'not json',
    ]) {
      expect(decodeStaffEvent(payload)).toBeUndefined();
    }
  });
});

describe('the in-process fan-out', () => {
  it('gives a customer their own orders’ events and the store’s staff every event of the store', () => {
    const hub = new OrderEventHub();
    const seen: Record<string, number[]> = { customer: [], other: [], staff: [], otherStore: [] };
    hub.subscribe(1, 7, (e) => seen.customer!.push(e.id));
    hub.subscribe(1, 8, (e) => seen.other!.push(e.id));
    hub.subscribe(1, null, (e) => seen.staff!.push(e.id));
    hub.subscribe(2, null, (e) => seen.otherStore!.push(e.id));
    hub.dispatch(event({ id: 1 }));
    hub.dispatch(event({ id: 2, customerId: 8 }));
    hub.dispatch(event({ id: 3, storeId: 2, customerId: 7 }));
    expect(seen).toEqual({ customer: [1], other: [2], staff: [1, 2], otherStore: [3] });
  });

  it('gives staff events to the store’s staff subscriptions only, never a customer’s', () => {
    const hub = new OrderEventHub();
    const seen: string[] = [];
    hub.subscribe(
      1,
      7,
      () => {},
      undefined,
      () => seen.push('customer'),
    );
    hub.subscribe(
      1,
      null,
      () => {},
      undefined,
      () => seen.push('staff'),
    );
    hub.subscribe(1, null, () => {});
    hub.subscribe(
      2,
      null,
      () => {},
      undefined,
      () => seen.push('other store'),
    );
    hub.dispatchStaff({ storeId: 1, name: 'table_call', data: {} });
    expect(seen).toEqual(['staff']);
  });

  it('unsubscribes (once, however often called) and keeps no empty entries', () => {
    const hub = new OrderEventHub();
    const got: number[] = [];
    const off = hub.subscribe(1, 7, (e) => got.push(e.id));
    const offStaff = hub.subscribe(1, null, () => {});
    expect(hub.size).toBe(2);
    off();
    off();
    offStaff();
    expect(hub.size).toBe(0);
    hub.dispatch(event());
    expect(got).toEqual([]);
    expect((hub as unknown as { stores: Map<number, unknown> }).stores.size).toBe(0);
  });

  it('a listener that throws does not keep the event from the others', () => {
    const hub = new OrderEventHub();
    const got: number[] = [];
    hub.subscribe(1, 7, () => {
      throw new Error('broken stream');
    });
    hub.subscribe(1, 7, (e) => got.push(e.id));
    hub.dispatch(event());
    expect(got).toEqual([42]);
  });

  it('reports a gap to every subscriber that asked', () => {
    const hub = new OrderEventHub();
    const gaps: string[] = [];
    hub.subscribe(
      1,
      7,
      () => {},
      () => gaps.push('customer'),
    );
    hub.subscribe(
      1,
      null,
      () => {},
      () => gaps.push('staff'),
    );
    hub.subscribe(2, 9, () => {});
    hub.gap();
    expect(gaps.sort()).toEqual(['customer', 'staff']);
  });
});

describe('publishing committed changes (PGlite)', () => {
  it('sends at once, coalesces what arrives meanwhile, and loses nothing', async () => {
    const pglite = new PGlite();
    const log = { info: () => {}, warn: () => {} };
    const events = new PgliteOrderEvents(pglite, drizzle(pglite) as unknown as DbExecutor, log);
    try {
      await events.start();
      const notifications: string[] = [];
      await pglite.listen(ORDER_EVENTS_CHANNEL, (payload) => notifications.push(payload));
      const got: number[] = [];
      events.subscribe(1, 7, (e) => got.push(e.id));
      for (let id = 1; id <= 200; id += 1) events.publishCommitted(event({ id }));
      await (events as unknown as { drain(): Promise<void> }).drain();
      await pglite.query('select 1');
      expect(got).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      // The first goes alone; the other 199 wait for it and go together (in as few 7000-byte payloads).
      expect(notifications.length).toBeLessThanOrEqual(1 + Math.ceil((199 * 115) / 7000));
    } finally {
      await events.close();
      await pglite.close();
    }
  });
});
