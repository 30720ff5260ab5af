import { describe, expect, it } from 'vitest';
import { deliveryOf, isOutForDelivery, statusTextKey } from './order-view.ts';

const out = {
  estado: 'saiu_para_entrega',
  entregador: 'Marcos',
  paradas_antes: 2,
  saiu_em: '2026-11-27T22:05:00Z',
};

describe('the order out for delivery (issue 35)', () => {
  it('reads the order’s delivery, or none when it is not on a route', () => {
    expect(deliveryOf({ status: 'Concluido', entrega: out })).toEqual(out);
    expect(deliveryOf({ status: 'Concluido', entrega: null })).toBeNull();
    expect(deliveryOf({ status: 'Concluido' })).toBeNull();
    expect(deliveryOf({ status: 'Concluido', entrega: { estado: 'voando' } })).toBeNull();
  });

  it('says "Saiu para entrega" while a ready order’s route is out, the spec’s status otherwise', () => {
    expect(isOutForDelivery({ status: 'Concluido', entrega: out } as { status: string })).toBe(true);
    expect(statusTextKey({ status: 'Concluido', entrega: out } as { status: string })).toBe(
      'statusOutForDelivery',
    );
    expect(statusTextKey({ status: 'Concluido' })).toBe('statusConcluido');
    expect(
      statusTextKey({ status: 'Entregue', entrega: { ...out, estado: 'entregue' } } as { status: string }),
    ).toBe('statusEntregue');
    expect(
      statusTextKey({ status: 'Concluido', entrega: { ...out, estado: 'nao_entregue' } } as {
        status: string;
      }),
    ).toBe('statusConcluido');
  });
});
