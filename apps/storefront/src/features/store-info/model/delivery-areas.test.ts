import { describe, expect, it } from 'vitest';
import { company, neighbourhood } from '../../../test/fixtures.ts';
import { neighbourhoodsByCity, showsDeliveryRadius } from './delivery-areas.ts';

describe('delivery areas', () => {
  it('groups neighbourhoods by city, alphabetically, without deleted ones', () => {
    const groups = neighbourhoodsByCity([
      neighbourhood({ id: 1, descricao: 'Vila Madalena', nome_cidade: 'São Paulo' }),
      neighbourhood({ id: 2, descricao: 'Centro', nome_cidade: 'Osasco', cidade_id: 2 }),
      neighbourhood({ id: 3, descricao: 'Bela Vista', nome_cidade: 'São Paulo' }),
      neighbourhood({ id: 4, descricao: 'Água Branca', nome_cidade: 'São Paulo', excluido: true }),
    ]);
    expect(groups.map((g) => [g.city, g.neighbourhoods.map((n) => n.descricao)])).toEqual([
      ['Osasco', ['Centro']],
      ['São Paulo', ['Bela Vista', 'Vila Madalena']],
    ]);
  });

  it('shows the radius for radius and area fees, the list for neighbourhood fees', () => {
    expect(showsDeliveryRadius(company({ delivery_fee_type: 'radius', delivery_max_radius: 6000 }))).toBe(
      true,
    );
    expect(showsDeliveryRadius(company({ delivery_fee_type: 'area', delivery_max_radius: 6000 }))).toBe(true);
    expect(
      showsDeliveryRadius(company({ delivery_fee_type: 'neighbourhood', delivery_max_radius: 6000 })),
    ).toBe(false);
  });
});
