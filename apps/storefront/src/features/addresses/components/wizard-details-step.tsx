import type { MapsPlace } from '@comanda/contract';
import { ADDRESS_MESSAGES, cleanAddressText } from '@comanda/domain';
import { TextField } from '../../../components/text-field.tsx';
import type { AddressT } from '../address-texts.ts';
import {
  COMPLEMENT_MAX,
  canSave,
  districtLocked,
  streetEditable,
  type WizardDetails,
} from '../model/wizard-rules.ts';

const NAME_CHIPS = ['nameHome', 'nameWork', 'nameOther'] as const;

export interface WizardDetailsStepProps {
  place: MapsPlace | null;
  details: WizardDetails;
  /** The first broken rule of the details, on its field. */
  fieldError: { field: string; message: string } | null;
  sending: boolean;
  onDetail: (field: keyof WizardDetails, value: string) => void;
  onSave: () => void;
  t: AddressT;
}

/** Step 3: street (only when unnamed), number, complement, district and the name to save under. */
export function WizardDetailsStep({
  place,
  details,
  fieldError,
  sending,
  onDetail,
  onSave,
  t,
}: WizardDetailsStepProps) {
  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.message : null);
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {streetEditable(place) ? (
        <TextField
          label={t('street')}
          value={details.street}
          error={errorFor('street')}
          onChange={(event) => onDetail('street', event.target.value)}
        />
      ) : (
        <p className="account-text address-line">{details.street}</p>
      )}
      <TextField
        label={t('number')}
        inputMode="numeric"
        value={details.number}
        error={errorFor('number')}
        hint={details.number ? undefined : t('noNumber')}
        onChange={(event) => onDetail('number', event.target.value)}
      />
      <TextField
        label={t('complement')}
        hint={t('complementHint')}
        value={details.complement}
        error={
          errorFor('complement') ??
          ([...details.complement].length > COMPLEMENT_MAX ? ADDRESS_MESSAGES.complementTooLong : null)
        }
        onChange={(event) => onDetail('complement', event.target.value)}
      />
      <TextField
        label={t('district')}
        value={details.district}
        readOnly={districtLocked(place)}
        aria-readonly={districtLocked(place) || undefined}
        onChange={(event) => onDetail('district', event.target.value)}
      />
      <fieldset className="address-names">
        <legend className="field-label">{t('saveAs')}</legend>
        <div className="address-chips">
          {NAME_CHIPS.map((key) => (
            <button
              key={key}
              type="button"
              className="address-chip"
              aria-pressed={cleanAddressText(details.name) === t(key)}
              onClick={() => onDetail('name', t(key))}
            >
              {t(key)}
            </button>
          ))}
        </div>
        <TextField
          label={t('name')}
          value={details.name}
          maxLength={40}
          error={errorFor('name')}
          onChange={(event) => onDetail('name', event.target.value)}
        />
      </fieldset>
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          aria-busy={sending}
          disabled={!canSave(details, sending)}
        >
          {sending ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
