import type { Company, Neighbourhood } from '@comanda/contract';

export interface CityNeighbourhoods {
  city: string;
  neighbourhoods: Neighbourhood[];
}

/** Neighbourhoods (not deleted) grouped by city, both in alphabetical order (pt-BR collation). */
export function neighbourhoodsByCity(list: readonly Neighbourhood[]): CityNeighbourhoods[] {
  const collator = new Intl.Collator('pt-BR');
  const cities = new Map<string, Neighbourhood[]>();
  for (const item of list) {
    if (item.excluido) continue;
    const group = cities.get(item.nome_cidade);
    if (group) group.push(item);
    else cities.set(item.nome_cidade, [item]);
  }
  return [...cities.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([city, neighbourhoods]) => ({
      city,
      neighbourhoods: neighbourhoods.sort((a, b) => collator.compare(a.descricao, b.descricao)),
    }));
}

/** Radius and area fees are shown as the delivery radius in km; neighbourhood fees as the list. */
export function showsDeliveryRadius(
  company: Pick<Company, 'delivery_fee_type' | 'delivery_max_radius'>,
): boolean {
  return company.delivery_fee_type !== 'neighbourhood' && company.delivery_max_radius > 0;
}
