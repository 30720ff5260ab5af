import { describe, expect, it } from 'vitest';
import {
  allowedDeliveryTypes,
  type CheckoutMainActionInput,
  checkoutMainAction,
  defaultDeliveryType,
  estimatedTime,
  minimumOrder,
  storeClockText,
} from './checkout.ts';

describe('default delivery type', () => {
  const all = { permite_entrega: true, permite_busca: true, permite_comer_local: true };

  it('defaults to Entregar when delivery is allowed', () => {
    expect(defaultDeliveryType(all, false)).toBe('Entregar');
  });

  it('defaults to Retirada when delivery is not allowed', () => {
    expect(defaultDeliveryType({ ...all, permite_entrega: false }, false)).toBe('Retirada');
  });

  it('defaults to Vem comer when only eating in is allowed', () => {
    expect(
      defaultDeliveryType({ permite_entrega: false, permite_busca: false, permite_comer_local: true }, false),
    ).toBe('Vem comer');
  });

  it('is forced to Vem comer for table orders', () => {
    expect(defaultDeliveryType(all, true)).toBe('Vem comer');
  });

  it('is null when the store allows no delivery type', () => {
    expect(
      defaultDeliveryType(
        { permite_entrega: false, permite_busca: false, permite_comer_local: false },
        false,
      ),
    ).toBe(null);
  });

  it('lists the allowed types in priority order', () => {
    expect(allowedDeliveryTypes({ ...all, permite_busca: false })).toEqual(['Entregar', 'Vem comer']);
  });
});

describe('minimum order', () => {
  it('valor_minimo is compared with the total minus the delivery price', () => {
    expect(minimumOrder({ valor_minimo: 3000, total: 3500, deliveryFee: 600, tableOrder: false })).toEqual({
      met: false,
      missing: 100,
    });
  });

  it('a total minus delivery equal to valor_minimo meets the minimum', () => {
    expect(minimumOrder({ valor_minimo: 3000, total: 3600, deliveryFee: 600, tableOrder: false })).toEqual({
      met: true,
      missing: 0,
    });
  });

  it('the minimum is not applied to table orders', () => {
    expect(minimumOrder({ valor_minimo: 3000, total: 100, deliveryFee: 0, tableOrder: true }).met).toBe(true);
  });

  it('a valor_minimo of 0 is always met', () => {
    expect(minimumOrder({ valor_minimo: 0, total: 0, deliveryFee: 0, tableOrder: false }).met).toBe(true);
  });
});

describe('checkout main action', () => {
  const ready: CheckoutMainActionInput = {
    storeOpen: true,
    schedulingAvailable: false,
    scheduled: false,
    deliveryType: 'Entregar',
    hasAddress: true,
    documentPending: false,
    paymentChosen: true,
    tableOrder: false,
    changeFor: null,
  };

  it('store closed and no scheduling: closed-store label, disabled', () => {
    expect(checkoutMainAction({ ...ready, storeOpen: false })).toEqual({ action: 'closed', disabled: true });
  });

  it('store closed wins over every other step', () => {
    const everythingMissing = {
      ...ready,
      storeOpen: false,
      hasAddress: false,
      documentPending: true,
      paymentChosen: false,
    };
    expect(checkoutMainAction(everythingMissing).action).toBe('closed');
  });

  it('a closed store with scheduling does not show the closed label', () => {
    expect(checkoutMainAction({ ...ready, storeOpen: false, schedulingAvailable: true }).action).toBe(
      'set_schedule',
    );
  });

  it('delivery without an address: pick an address', () => {
    expect(checkoutMainAction({ ...ready, hasAddress: false })).toEqual({
      action: 'pick_address',
      disabled: false,
    });
  });

  it('pickup without an address does not ask for one', () => {
    expect(checkoutMainAction({ ...ready, deliveryType: 'Retirada', hasAddress: false }).action).toBe(
      'confirm',
    );
  });

  it('an address comes before the schedule', () => {
    expect(checkoutMainAction({ ...ready, hasAddress: false, schedulingAvailable: true }).action).toBe(
      'pick_address',
    );
  });

  it('scheduling available but not set: set the schedule', () => {
    expect(checkoutMainAction({ ...ready, schedulingAvailable: true }).action).toBe('set_schedule');
  });

  it('scheduling available and set moves on', () => {
    expect(checkoutMainAction({ ...ready, schedulingAvailable: true, scheduled: true }).action).toBe(
      'confirm',
    );
  });

  it('document missing or invalid: inform the document', () => {
    expect(checkoutMainAction({ ...ready, documentPending: true }).action).toBe('inform_document');
  });

  it('the schedule comes before the document', () => {
    expect(checkoutMainAction({ ...ready, schedulingAvailable: true, documentPending: true }).action).toBe(
      'set_schedule',
    );
  });

  it('payment chosen: confirm', () => {
    expect(checkoutMainAction(ready)).toEqual({ action: 'confirm', disabled: false });
  });

  it('table order without change: confirm', () => {
    const table = { ...ready, deliveryType: 'Vem comer' as const, tableOrder: true, paymentChosen: false };
    expect(checkoutMainAction(table).action).toBe('confirm');
  });

  it('table order with change and no payment: no payment form', () => {
    const table = { ...ready, deliveryType: 'Vem comer' as const, tableOrder: true, paymentChosen: false };
    expect(checkoutMainAction({ ...table, changeFor: 5000 }).action).toBe('no_payment');
  });

  it('otherwise: no payment form', () => {
    expect(checkoutMainAction({ ...ready, paymentChosen: false })).toEqual({
      action: 'no_payment',
      disabled: false,
    });
  });
});

describe('estimated time', () => {
  const now = new Date('2026-05-04T18:00:00-03:00');

  it('delivery: now + delivery_time minutes, shown as HH:MM in UTC-3', () => {
    expect(estimatedTime({ now, deliveryType: 'Entregar', delivery_time: 45 }).text).toBe('18:45');
  });

  it('pickup: now + pickup_time minutes', () => {
    expect(estimatedTime({ now, deliveryType: 'Retirada', pickup_time: 20 }).text).toBe('18:20');
  });

  it('delivery defaults to 80 minutes', () => {
    expect(estimatedTime({ now, deliveryType: 'Entregar' }).text).toBe('19:20');
  });

  it('pickup defaults to 50 minutes', () => {
    expect(estimatedTime({ now, deliveryType: 'Retirada', delivery_time: null }).text).toBe('18:50');
  });

  it('eating in uses the pickup time', () => {
    expect(estimatedTime({ now, deliveryType: 'Vem comer', pickup_time: 15, delivery_time: 90 }).text).toBe(
      '18:15',
    );
  });

  it('an estimate past midnight wraps to the next day', () => {
    const late = new Date('2026-05-04T23:30:00-03:00');
    expect(estimatedTime({ now: late, deliveryType: 'Entregar', delivery_time: 45 }).text).toBe('00:15');
  });

  it('any instant shows as HH:MM in store time', () => {
    expect(storeClockText(new Date('2026-05-05T02:05:00Z'))).toBe('23:05');
  });

  it('returns the estimated instant too', () => {
    expect(estimatedTime({ now, deliveryType: 'Entregar' }).at.toISOString()).toBe(
      '2026-05-04T22:20:00.000Z',
    );
  });
});
