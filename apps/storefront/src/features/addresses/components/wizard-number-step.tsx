import type { MapsPlace } from '@comanda/contract';
import { CheckboxField, TextField } from '../../../components/text-field.tsx';
import type { AddressT } from '../address-texts.ts';
import { canContinueNumber } from '../model/wizard-rules.ts';

export interface WizardNumberStepProps {
  place: MapsPlace;
  number: string;
  noNumber: boolean;
  /** The number is being looked up. */
  busy: boolean;
  /** The store does not deliver to this place: said here, before the other steps. */
  notDeliverable: boolean;
  onSearchAnother: () => void;
  onNumber: (value: string) => void;
  onNoNumber: (noNumber: boolean) => void;
  onContinue: () => void;
  t: AddressT;
}

/** Step 1: the street number (digits only), or 'no number'. */
export function WizardNumberStep({
  place,
  number,
  noNumber,
  busy,
  notDeliverable,
  onSearchAnother,
  onNumber,
  onNoNumber,
  onContinue,
  t,
}: WizardNumberStepProps) {
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <p className="account-text">{place.description}</p>
      {notDeliverable ? (
        // Said here, as soon as the place is known: nothing more to fill for this place.
        <div className="wizard-not-deliverable">
          <p className="field-error" role="alert">
            {t('notDeliverable')}
          </p>
          <button type="button" className="button button-primary" onClick={onSearchAnother}>
            {t('searchAnother')}
          </button>
        </div>
      ) : null}
      {notDeliverable ? null : (
        <>
          <TextField
            label={t('number')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('digitsOnly')}
            value={number}
            disabled={noNumber}
            onChange={(event) => onNumber(event.target.value)}
          />
          <CheckboxField
            label={t('noNumber')}
            checked={noNumber}
            onChange={(event) => onNoNumber(event.target.checked)}
          />
          <div className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              aria-busy={busy}
              disabled={busy || !canContinueNumber(number, noNumber)}
            >
              {t('continue')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
