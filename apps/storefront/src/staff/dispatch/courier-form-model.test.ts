import { describe, expect, it } from 'vitest';
import type { Courier } from '../../lib/dispatch-types.ts';
import {
  bandLabel,
  courierDraft,
  courierFromDraft,
  netDirection,
  parseKm,
  settlementTotals,
} from './courier-form-model.ts';

const courier: Courier = {
  id: 3,
  nome: 'Marcos Lima',
  telefone: '5511987654321',
  veiculo: 'moto',
  ativo_hoje: true,
  pagamento: {
    modelo: 'faixa_km',
    faixas: [
      { ate_km: 3, valor: 600 },
      { ate_km: 7.5, valor: 900 },
    ],
  },
  link_ativo: false,
};

describe('the courier form', () => {
  it('opens a saved courier as typed text: masked phone, reais and km with a comma', () => {
    const draft = courierDraft(courier);
    expect(draft.phone).toBe('(11) 98765-4321');
    expect(draft.bands).toEqual([
      { upToKm: '3', amount: '6,00' },
      { upToKm: '7,5', amount: '9,00' },
    ]);
  });

  it('turns a draft back into the call’s body, amounts in centavos', () => {
    const result = courierFromDraft(courierDraft(courier));
    expect(result).toEqual({
      ok: true,
      body: {
        nome: 'Marcos Lima',
        telefone: '11987654321',
        veiculo: 'moto',
        ativo_hoje: true,
        pagamento: courier.pagamento,
      },
    });
  });

  it('reads a daily rate plus a fee per delivery', () => {
    const draft = {
      ...courierDraft(),
      name: 'Ana',
      phone: '(21) 3333-4444',
      model: 'diaria_mais_entrega' as const,
    };
    const result = courierFromDraft({ ...draft, daily: '50', perDelivery: '4,50' });
    expect(result.ok && result.body.pagamento).toEqual({
      modelo: 'diaria_mais_entrega',
      diaria: 5000,
      valor_entrega: 450,
    });
  });

  it('names a missing name, a short phone and a bad amount', () => {
    const result = courierFromDraft({
      ...courierDraft(),
      name: '  ',
      phone: '(11) 9999',
      perDelivery: 'abc',
    });
    expect(result.ok ? [] : result.problems).toEqual([
      { field: 'name', problem: 'nameRequired' },
      { field: 'phone', problem: 'phoneInvalid' },
      { field: 'perDelivery', problem: 'amountInvalid' },
    ]);
  });

  it('wants km bands in ascending order', () => {
    const draft = {
      ...courierDraft(),
      name: 'Ana',
      phone: '11987654321',
      model: 'faixa_km' as const,
      bands: [
        { upToKm: '5', amount: '8' },
        { upToKm: '3', amount: '6' },
      ],
    };
    const result = courierFromDraft(draft);
    expect(result.ok ? [] : result.problems).toEqual([{ field: 'band-1', problem: 'bandKmOrder' }]);
  });

  it('reads km typed with a comma or a dot, and refuses zero or text', () => {
    expect(parseKm('2,5')).toBe(2.5);
    expect(parseKm('4.25')).toBe(4.3);
    expect(parseKm('0')).toBeNull();
    expect(parseKm('km')).toBeNull();
  });
});

describe('the day’s settlement', () => {
  it('adds up every courier', () => {
    const row = (devido: number, dinheiro: number) => ({
      entregador: { id: 1, nome: 'A' },
      pagamento: { modelo: 'por_entrega' as const, valor_entrega: 600 },
      entregas: 2,
      nao_entregues: 0,
      distancia_m: 3000,
      por_faixa: [],
      diaria: 0,
      devido,
      dinheiro_coletado: dinheiro,
      liquido: devido - dinheiro,
      acertado: null,
    });
    expect(settlementTotals([row(1500, 0), row(1200, 5200)])).toEqual({
      entregas: 4,
      devido: 2700,
      dinheiro_coletado: 5200,
      liquido: -2500,
    });
  });

  it('says who pays whom, never a negative amount', () => {
    expect(netDirection(1500)).toEqual({ who: 'storePays', amount: 1500 });
    expect(netDirection(-4000)).toEqual({ who: 'courierPays', amount: 4000 });
    expect(netDirection(0)).toEqual({ who: 'even', amount: 0 });
  });

  it('names a band by where it starts and ends', () => {
    const bands = [{ ate_km: 3 }, { ate_km: 6 }, { ate_km: null }];
    expect(bandLabel(bands, 0)).toEqual({ from: null, to: '3' });
    expect(bandLabel(bands, 1)).toEqual({ from: '3', to: '6' });
    expect(bandLabel(bands, 2)).toEqual({ from: '6', to: null });
  });
});
