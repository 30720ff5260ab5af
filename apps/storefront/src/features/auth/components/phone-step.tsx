import { PHONE_COUNTRIES, type PhoneCountry } from '@comanda/domain';
import { isPhoneInputComplete, phoneLoginDigits, validatePhone } from '@comanda/domain/phone-validation';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { htmlLang, useLanguage } from '../../../lib/preferences.ts';
import { lookupPhone } from '../api/auth-api.ts';
import { useAuthT } from '../auth-texts.ts';
import { acceptPhoneInput, countryOptionLabel, type PhoneEntry, regionNames } from '../model/phone-entry.ts';
import { StepHeading } from './step-heading.tsx';

export type PhoneStepResult =
  | { kind: 'found'; loginDigits: string; name: string }
  | { kind: 'not-found'; loginDigits: string; name: string };

export interface PhoneStepProps {
  entry: PhoneEntry;
  onEntryChange: (entry: PhoneEntry) => void;
  onResult: (result: PhoneStepResult) => void;
  focusHeading: boolean;
}

/**
 * firstStep (spec sections 2 and 5 "Phone"): a country of the 12 (Brazil first) and the mobile
 * number, valid for that country before the lookup; Next stays disabled until then.
 */
export function PhoneStep({ entry, onEntryChange, onResult, focusHeading }: PhoneStepProps) {
  const t = useAuthT();
  const language = useLanguage();
  const selectId = useId();
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const names = useMemo(() => regionNames(htmlLang(language)), [language]);

  const { country, input } = entry;
  const valid = validatePhone(country, input).valid;
  const showError = input !== '' && !valid && (touched || isPhoneInputComplete(country, input));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const loginDigits = phoneLoginDigits(country, input);
    if (!loginDigits) {
      setTouched(true);
      return;
    }
    if (busy) return;
    setBusy(true);
    setAlert(null);
    const outcome = await lookupPhone(loginDigits);
    setBusy(false);
    if (outcome.kind === 'throttled') setAlert(outcome.detail);
    else if (outcome.kind === 'offline') setAlert(t('lookupConnectionError'));
    else onResult({ kind: outcome.kind, loginDigits, name: outcome.name });
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <StepHeading focus={focusHeading}>{t('phoneHeading')}</StepHeading>
      <p className="account-text">{t('phoneIntro')}</p>
      <div className="field">
        <label htmlFor={selectId} className="field-label">
          {t('country')}
        </label>
        <select
          id={selectId}
          className="field-select"
          value={country}
          onChange={(event) => onEntryChange({ country: event.target.value as PhoneCountry, input })}
        >
          {PHONE_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {countryOptionLabel(code, names)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('cellphone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={input}
        hint={country === 'BR' ? t('cellphoneHintBR') : undefined}
        error={showError ? t('validCellphone') : null}
        onChange={(event) =>
          onEntryChange({ country, input: acceptPhoneInput(country, input, event.target.value) })
        }
        onBlur={() => setTouched(true)}
      />
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!valid} aria-busy={busy}>
          {busy ? t('checking') : t('next')}
        </button>
      </div>
    </form>
  );
}
