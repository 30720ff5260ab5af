import type { Neighbourhood, StaffCustomer } from '@comanda/contract';
import { type FormEvent, useState } from 'react';
import { apiGet } from '../../lib/api-client.ts';
import { useData } from '../../lib/data-cache.tsx';
import { START_PATHS } from '../../lib/start-data.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { staffErrorText } from '../lib/staff-errors.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import type { PdvT } from './pdv-texts.ts';

/**
 * An address the customer gives on the phone or at the counter (issue 33): saved as the customer's
 * own (POST /staff/customers/{id}/addresses, the same checks and fee), then chosen for the order.
 * A store that charges by neighbourhood lists its neighbourhoods; one that charges by distance takes
 * the city and finds the street's position on the server.
 */
export function CounterAddress({
  t,
  staffT,
  customer,
  byNeighbourhood,
  onSaved,
}: {
  t: PdvT;
  staffT: StaffT;
  customer: StaffCustomer;
  byNeighbourhood: boolean;
  onSaved: (customer: StaffCustomer, addressId: number | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({
    name: t('addressDefaultName'),
    street: '',
    number: '',
    complement: '',
  });
  const [district, setDistrict] = useState('');
  const [city, setCity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const places = useData<Neighbourhood[]>(
    open && byNeighbourhood ? START_PATHS.neighbourhoods : null,
    (path: string) => apiGet<Neighbourhood[]>(path),
  );

  if (!open) {
    return (
      <button type="button" className="button button-secondary pdv-add-address" onClick={() => setOpen(true)}>
        {t('addAddress')}
      </button>
    );
  }

  const chosen = places.data?.find((place) => String(place.id) === district);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const before = new Set(customer.addresses.map((address) => address.id));
    try {
      const saved = await staffFetch<StaffCustomer>(`/staff/customers/${customer.id}/addresses`, {
        method: 'POST',
        json: {
          name: values.name,
          street: values.street,
          street_number: values.number,
          complement: values.complement,
          ...(byNeighbourhood
            ? { city_id: chosen?.cidade_id ?? null, district_id: chosen?.id ?? null }
            : { city_name: city, district_name: district }),
        },
      });
      const added = saved.addresses.find((address) => !before.has(address.id));
      onSaved(saved, added?.deliverable ? added.id : null);
      setOpen(false);
    } catch (caught) {
      setError(caught instanceof StaffApiError ? caught.detail : staffErrorText(caught, staffT));
    } finally {
      setBusy(false);
    }
  };
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form className="pdv-address-form" onSubmit={submit} noValidate>
      <label className="staff-field">
        <span>{t('addressName')}</span>
        <input value={values.name} maxLength={40} onChange={(event) => set('name')(event.target.value)} />
      </label>
      <div className="pdv-address-street">
        <label className="staff-field">
          <span>{t('addressStreet')}</span>
          <input
            value={values.street}
            maxLength={120}
            autoComplete="off"
            onChange={(event) => set('street')(event.target.value)}
          />
        </label>
        <label className="staff-field pdv-address-number">
          <span>{t('addressNumber')}</span>
          <input
            value={values.number}
            maxLength={10}
            inputMode="text"
            onChange={(event) => set('number')(event.target.value)}
          />
        </label>
      </div>
      <label className="staff-field">
        <span>{t('addressComplement')}</span>
        <input
          value={values.complement}
          maxLength={100}
          onChange={(event) => set('complement')(event.target.value)}
        />
      </label>
      {byNeighbourhood ? (
        <label className="staff-field">
          <span>{t('addressDistrict')}</span>
          <select value={district} onChange={(event) => setDistrict(event.target.value)}>
            <option value="">{t('addressChooseDistrict')}</option>
            {(places.data ?? [])
              .filter((place) => !place.excluido)
              .map((place) => (
                <option key={place.id} value={place.id}>
                  {place.descricao} · {place.nome_cidade}
                </option>
              ))}
          </select>
        </label>
      ) : (
        <>
          <label className="staff-field">
            <span>{t('addressDistrictOptional')}</span>
            <input value={district} maxLength={120} onChange={(event) => setDistrict(event.target.value)} />
          </label>
          <label className="staff-field">
            <span>{t('addressCity')}</span>
            <input value={city} maxLength={120} onChange={(event) => setCity(event.target.value)} />
          </label>
        </>
      )}
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="pdv-address-actions">
        <button type="submit" className="button button-primary" aria-busy={busy}>
          {busy ? t('addressSaving') : t('addressSave')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          {t('addressCancel')}
        </button>
      </div>
    </form>
  );
}
