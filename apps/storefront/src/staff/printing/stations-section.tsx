import type { StationsReply } from '@comanda/contract';
import { STATION_NAME_MAX_LENGTH } from '@comanda/domain';
import { useState } from 'react';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import type { PrintingSectionProps } from './sections.ts';

/*
 * The store's stations (add, rename, reorder, remove) and what each prepares: a station per
 * category, and a product's own when it differs (docs/decisions/0052). Each change is saved at once
 * and the server's reply is what shows.
 */

export function StationsSection({ t, stations: reply, onChange }: PrintingSectionProps) {
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [names, setNames] = useState<Record<number, string>>({});

  const act = async (work: () => Promise<StationsReply>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      onChange(await work());
      setNotice(done);
      return true;
    } catch (caught) {
      setError(t('failed', { detail: caught instanceof StaffApiError ? caught.detail : String(caught) }));
      return false;
    }
  };

  if (!reply) return null;
  const { stations } = reply;
  const first = stations[0];
  const stationName = (id: number | null) => stations.find((station) => station.id === id)?.name ?? '';

  const route = (
    kind: 'categories' | 'products',
    id: number,
    label: string,
    value: string,
    fallback: string,
  ) => {
    const stationId = value === '' ? null : Number(value);
    const target = stationId === null ? fallback : stationName(stationId);
    void act(
      () =>
        staffFetch<StationsReply>('/staff/stations/routes', {
          method: 'PUT',
          json: { [kind]: [{ id, station_id: stationId }] },
        }),
      t('routeSaved', { name: label, station: target }),
    );
  };

  return (
    <section className="staff-card printing-section" aria-labelledby="printing-stations-title">
      <h2 id="printing-stations-title">{t('stationsTitle')}</h2>
      <p className="staff-muted">{t('stationsIntro')}</p>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="staff-notice" role="status">
          {notice}
        </p>
      ) : null}
      {stations.length === 0 ? <p>{t('noStations')}</p> : null}
      <ol className="printing-stations">
        {stations.map((station, index) => {
          const draft = names[station.id] ?? station.name;
          return (
            <li key={station.id} className="printing-station">
              <form
                className="printing-station-name"
                onSubmit={(event) => {
                  event.preventDefault();
                  void act(
                    () =>
                      staffFetch<StationsReply>(`/staff/stations/${station.id}`, {
                        method: 'PATCH',
                        json: { name: draft },
                      }),
                    t('renamed', { name: draft.trim() }),
                  ).then((ok) => {
                    if (ok) setNames(({ [station.id]: _, ...rest }) => rest);
                  });
                }}
              >
                <input
                  aria-label={t('stationName')}
                  value={draft}
                  maxLength={STATION_NAME_MAX_LENGTH}
                  onChange={(event) => setNames((all) => ({ ...all, [station.id]: event.target.value }))}
                />
                {draft !== station.name ? (
                  <button type="submit" className="button button-secondary">
                    {t('rename')}
                  </button>
                ) : null}
              </form>
              <div className="printing-station-actions">
                <button
                  type="button"
                  className="printing-icon-button"
                  aria-label={t('moveUp', { name: station.name })}
                  disabled={index === 0}
                  onClick={() =>
                    void act(
                      () =>
                        staffFetch<StationsReply>(`/staff/stations/${station.id}`, {
                          method: 'PATCH',
                          json: { position: index - 1 },
                        }),
                      t('moved'),
                    )
                  }
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="printing-icon-button"
                  aria-label={t('moveDown', { name: station.name })}
                  disabled={index === stations.length - 1}
                  onClick={() =>
                    void act(
                      () =>
                        staffFetch<StationsReply>(`/staff/stations/${station.id}`, {
                          method: 'PATCH',
                          json: { position: index + 1 },
                        }),
                      t('moved'),
                    )
                  }
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="printing-icon-button printing-remove"
                  aria-label={t('remove', { name: station.name })}
                  onClick={() => {
                    if (!window.confirm(t('removeConfirm', { name: station.name }))) return;
                    void act(
                      () => staffFetch<StationsReply>(`/staff/stations/${station.id}`, { method: 'DELETE' }),
                      t('removed', { name: station.name }),
                    );
                  }}
                >
                  ✕
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <form
        className="printing-add"
        onSubmit={(event) => {
          event.preventDefault();
          const added = name.trim();
          void act(
            () => staffFetch<StationsReply>('/staff/stations', { method: 'POST', json: { name: added } }),
            t('stationAdded', { name: added }),
          ).then((ok) => {
            if (ok) setName('');
          });
        }}
      >
        <label className="staff-field">
          <span>{t('stationName')}</span>
          <input
            value={name}
            maxLength={STATION_NAME_MAX_LENGTH}
            placeholder="Cozinha, Bar, Balcão…"
            onChange={(event) => setName(event.target.value)}
            required
          />
        </label>
        <button type="submit" className="button button-primary">
          {t('addStation')}
        </button>
      </form>
      {stations.length > 0 ? (
        <>
          <h3>{t('routesTitle')}</h3>
          <ul className="printing-routes">
            {reply.categories.map((category) => {
              const categoryStation = category.station_id ?? first?.id ?? null;
              return (
                <li key={category.id} className="printing-route">
                  <label className="printing-route-row">
                    <span className="printing-route-name">{category.name}</span>
                    <select
                      aria-label={t('categoryStation', { category: category.name })}
                      value={category.station_id ?? ''}
                      onChange={(event) =>
                        route(
                          'categories',
                          category.id,
                          category.name,
                          event.target.value,
                          t('firstStation', { name: first?.name ?? '' }),
                        )
                      }
                    >
                      <option value="">{t('firstStation', { name: first?.name ?? '' })}</option>
                      {stations.map((station) => (
                        <option key={station.id} value={station.id}>
                          {station.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  {category.products.length > 0 ? (
                    <details className="printing-products">
                      <summary>{t('productsOf', { count: category.products.length })}</summary>
                      <ul>
                        {category.products.map((product) => (
                          <li key={product.id}>
                            <label className="printing-route-row">
                              <span className="printing-route-name">{product.name}</span>
                              <select
                                aria-label={t('productStation', { product: product.name })}
                                value={product.station_id ?? ''}
                                onChange={(event) =>
                                  route(
                                    'products',
                                    product.id,
                                    product.name,
                                    event.target.value,
                                    t('sameAsCategory', { name: stationName(categoryStation) }),
                                  )
                                }
                              >
                                <option value="">
                                  {t('sameAsCategory', { name: stationName(categoryStation) })}
                                </option>
                                {stations.map((station) => (
                                  <option key={station.id} value={station.id}>
                                    {station.name}
                                  </option>
                                ))}
                              </select>
                            </label>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
