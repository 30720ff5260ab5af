import type { Neighbourhood } from '@comanda/contract';
import { ADDRESS_MESSAGES, type AddressTextField, checkAddressText } from '@comanda/domain';
import { useId, useMemo, useState } from 'react';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { useAddressT } from '../address-texts.ts';
import { errorDetail, saveOlderAddress } from '../api/addresses-api.ts';

export interface OlderAddressFormProps {
  user: SessionUser;
  neighbourhoods: readonly Neighbourhood[];
  onSaved: (id: number) => void;
  onSearch?: (() => void) | undefined;
}

export interface CityChoice {
  id: number;
  name: string;
}

/** The store's cities, from its neighbourhoods (not deleted), in first-seen order. */
export function citiesOf(neighbourhoods: readonly Neighbourhood[]): CityChoice[] {
  const seen = new Map<number, CityChoice>();
  for (const item of neighbourhoods) {
    if (!item.excluido && !seen.has(item.cidade_id))
      seen.set(item.cidade_id, { id: item.cidade_id, name: item.nome_cidade });
  }
  return [...seen.values()];
}

/** The neighbourhoods of one city, without deleted ones. */
export function neighbourhoodsOf(
  neighbourhoods: readonly Neighbourhood[],
  cityId: number | null,
): Neighbourhood[] {
  if (cityId === null) return [];
  return neighbourhoods.filter((item) => item.cidade_id === cityId && !item.excluido);
}

type Field = AddressTextField | 'city' | 'district';

/**
 * The older address form (spec section 5 "New address"): city, neighbourhood of that city without
 * deleted ones, street (at least 5), number (letters and digits), complement (at most 100), name.
 * Sent as POST /core/endereco_register_app/.
 */
export function OlderAddressForm({ user, neighbourhoods, onSaved, onSearch }: OlderAddressFormProps) {
  const t = useAddressT();
  const headingId = useId();
  const cityId = useId();
  const districtId = useId();
  const [city, setCity] = useState('');
  const [district, setDistrict] = useState('');
  const [street, setStreet] = useState('');
  const [number, setNumber] = useState('');
  const [complement, setComplement] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const cities = useMemo(() => citiesOf(neighbourhoods), [neighbourhoods]);
  const districts = useMemo(
    () => neighbourhoodsOf(neighbourhoods, city ? Number(city) : null),
    [neighbourhoods, city],
  );

  const submit = async () => {
    if (sending) return;
    const found: Partial<Record<Field, string>> = {};
    if (!city) found.city = ADDRESS_MESSAGES.required;
    if (!district) found.district = ADDRESS_MESSAGES.required;
    // Every text rule, field by field, so that all messages show at once.
    const base = { name: name || 'x', street: street || '', number: number || '', complement };
    const check = (field: AddressTextField, input: typeof base) => {
      const result = checkAddressText(input, { emptyNumberIsNoNumber: false });
      if (!result.ok && result.error.field === field) found[field] = result.error.message;
    };
    check('street', base);
    check('number', { ...base, street: 'Rua válida' });
    check('complement', { ...base, street: 'Rua válida', number: '1' });
    check('name', { street: 'Rua válida', number: '1', complement: '', name });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const id = await saveOlderAddress(user, {
        cidade: Number(city),
        bairro: Number(district),
        rua: street.trim(),
        numero: number.trim(),
        complemento: complement.trim(),
        nome: name.trim(),
      });
      onSaved(id);
    } catch (error) {
      setSaveError(errorDetail(error) ?? t('saveErrorTitle'));
      setSending(false);
    }
  };

  const selectError = (field: 'city' | 'district', id: string) =>
    errors[field] ? (
      <p id={`${id}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h1 id={headingId} className="account-heading">
        {t('manualTitle')}
      </h1>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor={cityId} className="field-label">
            {t('city')}
          </label>
          <select
            id={cityId}
            className="field-select"
            value={city}
            aria-invalid={errors.city ? true : undefined}
            aria-describedby={errors.city ? `${cityId}-error` : undefined}
            onChange={(event) => {
              setCity(event.target.value);
              setDistrict('');
            }}
          >
            <option value="">{t('chooseCity')}</option>
            {cities.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
          {selectError('city', cityId)}
        </div>
        <div className="field">
          <label htmlFor={districtId} className="field-label">
            {t('neighbourhood')}
          </label>
          <select
            id={districtId}
            className="field-select"
            value={district}
            disabled={!city}
            aria-invalid={errors.district ? true : undefined}
            aria-describedby={errors.district ? `${districtId}-error` : undefined}
            onChange={(event) => setDistrict(event.target.value)}
          >
            <option value="">{t('chooseNeighbourhood')}</option>
            {districts.map((item) => (
              <option key={item.id} value={item.id}>
                {item.descricao}
              </option>
            ))}
          </select>
          {selectError('district', districtId)}
        </div>
        <TextField
          label={t('street')}
          value={street}
          error={errors.street}
          autoComplete="address-line1"
          onChange={(event) => setStreet(event.target.value)}
        />
        <TextField
          label={t('number')}
          value={number}
          error={errors.number}
          onChange={(event) => setNumber(event.target.value)}
        />
        <TextField
          label={t('complement')}
          hint={t('complementHint')}
          value={complement}
          error={errors.complement}
          onChange={(event) => setComplement(event.target.value)}
        />
        <TextField
          label={t('name')}
          hint={`${t('nameHome')}, ${t('nameApartment')}, ${t('nameWork')}, ${t('nameOther')}`}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" aria-busy={sending} disabled={sending}>
            {sending ? t('saving') : t('save')}
          </button>
          {onSearch ? (
            <button type="button" className="link-button" onClick={onSearch}>
              {t('useSearch')}
            </button>
          ) : null}
        </div>
      </form>
      {saveError ? (
        <AlertDialog
          title={t('saveErrorTitle')}
          message={saveError}
          buttonLabel={t('gotIt')}
          onClose={() => setSaveError(null)}
        />
      ) : null}
    </section>
  );
}
