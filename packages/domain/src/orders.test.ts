import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_STATUS_TRANSITIONS,
  canTransition,
  checkTransition,
  FINAL_ORDER_STATUSES,
  isFinalStatus,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  orderStartedAt,
  orderStepIndex,
  orderTab,
  sortOrdersNewestFirst,
} from './orders.ts';

const SAO_PAULO = 'America/Sao_Paulo';

describe('order status stepper', () => {
  it('Solicitado (received or accepted) is step 1', () => {
    expect(orderStepIndex('Solicitado')).toBe(1);
  });

  it('Preparo and Finalização (preparing) are step 2', () => {
    expect([orderStepIndex('Preparo'), orderStepIndex('Finalização')]).toEqual([2, 2]);
  });

  it('Concluido (ready) is step 3', () => {
    expect(orderStepIndex('Concluido')).toBe(3);
  });

  it('Entregue (delivered) is step 4', () => {
    expect(orderStepIndex('Entregue')).toBe(4);
  });

  it('Cancelado is not shown', () => {
    expect(orderStepIndex('Cancelado')).toBeNull();
  });

  it('an unknown status is not shown', () => {
    expect(orderStepIndex('Whatever')).toBeNull();
  });
});

describe('order list tabs', () => {
  const now = new Date('2026-05-05T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it("a recent order that is not delivered is 'in progress'", () => {
    expect(orderTab({ status: 'Preparo', dh_iniciado: hoursAgo(2) }, now, SAO_PAULO)).toBe('in_progress');
  });

  it("Entregue is 'done' even when recent", () => {
    expect(orderTab({ status: 'Entregue', dh_iniciado: hoursAgo(1) }, now, SAO_PAULO)).toBe('done');
  });

  it("Cancelado is 'canceled'", () => {
    expect(orderTab({ status: 'Cancelado', dh_iniciado: hoursAgo(1) }, now, SAO_PAULO)).toBe('canceled');
  });

  it("an old Cancelado is still 'canceled'", () => {
    expect(orderTab({ status: 'Cancelado', dh_iniciado: hoursAgo(72) }, now, SAO_PAULO)).toBe('canceled');
  });

  it("an order started 1 ms less than a day ago is 'in progress'", () => {
    const started = new Date(now.getTime() - 24 * 3_600_000 + 1);
    expect(orderTab({ status: 'Solicitado', dh_iniciado: started }, now, SAO_PAULO)).toBe('in_progress');
  });

  it("an order started exactly 24 h ago is 'done'", () => {
    expect(orderTab({ status: 'Solicitado', dh_iniciado: hoursAgo(24) }, now, SAO_PAULO)).toBe('done');
  });

  it("an undelivered order older than 1 day is 'done'", () => {
    expect(orderTab({ status: 'Concluido', dh_iniciado: hoursAgo(30) }, now, SAO_PAULO)).toBe('done');
  });

  it('dh_iniciado without an offset is store time, UTC-3', () => {
    expect(orderStartedAt('2026-05-04 18:00:00', SAO_PAULO).toISOString()).toBe('2026-05-04T21:00:00.000Z');
  });

  it('dh_iniciado with an offset keeps it', () => {
    expect(orderStartedAt('2026-05-04T18:00:00Z', SAO_PAULO).toISOString()).toBe('2026-05-04T18:00:00.000Z');
  });

  it('the 24 h boundary applies to store-time strings too', () => {
    // 09:00 store time = 12:00 UTC, exactly 24 h before `now`.
    expect(orderTab({ status: 'Preparo', dh_iniciado: '2026-05-04T09:00:00' }, now, SAO_PAULO)).toBe('done');
    expect(orderTab({ status: 'Preparo', dh_iniciado: '2026-05-04T09:00:01' }, now, SAO_PAULO)).toBe(
      'in_progress',
    );
  });

  it('orders are sorted newest first', () => {
    const orders = [
      { id: 1, dh_iniciado: hoursAgo(5) },
      { id: 2, dh_iniciado: hoursAgo(1) },
      { id: 3, dh_iniciado: hoursAgo(3) },
    ];
    expect(sortOrdersNewestFirst(orders, SAO_PAULO).map((order) => order.id)).toEqual([2, 3, 1]);
  });
});

describe('staff status transitions', () => {
  it('an order moves forward one step', () => {
    expect([
      canTransition('Solicitado', 'Preparo'),
      canTransition('Preparo', 'Finalização'),
      canTransition('Finalização', 'Concluido'),
      canTransition('Concluido', 'Entregue'),
    ]).toEqual([true, true, true, true]);
  });

  it('an order may skip steps forward', () => {
    expect([canTransition('Solicitado', 'Concluido'), canTransition('Preparo', 'Entregue')]).toEqual([
      true,
      true,
    ]);
  });

  it('an order never moves backward', () => {
    expect([canTransition('Concluido', 'Preparo'), canTransition('Finalização', 'Solicitado')]).toEqual([
      false,
      false,
    ]);
  });

  it('an order does not transition to its own status', () => {
    expect(canTransition('Preparo', 'Preparo')).toBe(false);
  });

  it('any status that is not final can be cancelled', () => {
    const cancellable = ORDER_STATUSES.filter((status) => canTransition(status, 'Cancelado'));
    expect(cancellable).toEqual(['Solicitado', 'Preparo', 'Finalização', 'Concluido']);
  });

  it('Entregue and Cancelado are final', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['Entregue', 'Cancelado']);
  });

  it('the final statuses are exactly those with no transition out, and the open ones the rest', () => {
    const noWayOut = ORDER_STATUSES.filter((status) => ALLOWED_STATUS_TRANSITIONS[status].length === 0);
    expect([...FINAL_ORDER_STATUSES]).toEqual(noWayOut);
    expect(OPEN_ORDER_STATUSES).toEqual(ORDER_STATUSES.filter((status) => !noWayOut.includes(status)));
    expect(isFinalStatus('Pago')).toBe(false);
  });

  it('a cancellation needs a reason', () => {
    expect(checkTransition('Preparo', 'Cancelado', '  ')).toEqual({
      ok: false,
      code: 'CANCEL_REASON_REQUIRED',
    });
  });

  it('a cancellation with a reason is allowed', () => {
    expect(checkTransition('Preparo', 'Cancelado', 'Cliente desistiu')).toEqual({ ok: true });
  });

  it('a forward move needs no reason', () => {
    expect(checkTransition('Solicitado', 'Preparo')).toEqual({ ok: true });
  });

  it('a move out of a final status is refused', () => {
    expect(checkTransition('Entregue', 'Cancelado', 'late')).toEqual({
      ok: false,
      code: 'INVALID_STATUS_TRANSITION',
    });
  });

  it('property: every allowed move other than cancelling goes forward in the stepper', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...ORDER_STATUSES), (from, to) => {
        if (!canTransition(from, to) || to === 'Cancelado') return true;
        return ORDER_STATUSES.indexOf(to) > ORDER_STATUSES.indexOf(from);
      }),
    );
    expect(Object.keys(ALLOWED_STATUS_TRANSITIONS)).toEqual([...ORDER_STATUSES]);
  });
});
