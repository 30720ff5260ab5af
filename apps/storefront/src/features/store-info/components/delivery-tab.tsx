import type { Company } from '@comanda/contract';
import { formatBRL, radiusKmText } from '@comanda/domain';
import { useT } from '../../../lib/i18n.ts';
import { useNeighbourhoods } from '../../../lib/start-data.ts';
import { neighbourhoodsByCity, showsDeliveryRadius } from '../model/delivery-areas.ts';

export function DeliveryTab({ company }: { company: Company }) {
  const t = useT();
  const radius = showsDeliveryRadius(company);
  const { data, error } = useNeighbourhoods();
  if (radius)
    return (
      <p className="tab-message">{t('deliveryRadius', { km: radiusKmText(company.delivery_max_radius) })}</p>
    );
  if (!data) return <p className="tab-message">{error ? t('loadFailed') : t('loading')}</p>;
  const cities = neighbourhoodsByCity(data);
  if (cities.length === 0) return <p className="tab-message">{t('noNeighbourhoods')}</p>;
  return (
    <div className="delivery-tab">
      {cities.map((group) => (
        <section
          key={group.city}
          className="city-group"
          aria-labelledby={`city-${group.neighbourhoods[0]!.cidade_id}`}
        >
          <h3 id={`city-${group.neighbourhoods[0]!.cidade_id}`} className="city-name">
            {group.city}
          </h3>
          <ul className="neighbourhood-list">
            {group.neighbourhoods.map((item) => (
              <li key={item.id}>
                <span>{item.descricao}</span>
                <span className="neighbourhood-fee">{formatBRL(item.valor_entrega)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
