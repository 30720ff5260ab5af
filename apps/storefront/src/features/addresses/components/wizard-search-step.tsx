import { TextField } from '../../../components/text-field.tsx';
import type { AddressT } from '../address-texts.ts';
import type { MapsSuggestion } from '../api/addresses-api.ts';

export interface WizardSearchStepProps {
  query: string;
  /** The places found for the query; null while nothing was asked. */
  suggestions: readonly MapsSuggestion[] | null;
  /** A chosen suggestion is being looked up. */
  busy: boolean;
  locating: boolean;
  onQuery: (query: string) => void;
  onChoose: (suggestion: MapsSuggestion) => void;
  onLocate: () => void;
  /** The older form, offered as 'Preencher manualmente'. */
  onManual?: (() => void) | undefined;
  t: AddressT;
}

/** Step 0: search an address, or use my location. */
export function WizardSearchStep({
  query,
  suggestions,
  busy,
  locating,
  onQuery,
  onChoose,
  onLocate,
  onManual,
  t,
}: WizardSearchStepProps) {
  return (
    <div className="account-form">
      <TextField
        label={t('searchAddress')}
        type="search"
        autoComplete="off"
        hint={t('searchHint')}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
      />
      {suggestions && suggestions.length > 0 ? (
        <ul className="address-suggestions" aria-label={t('suggestions')}>
          {suggestions.map((suggestion) => (
            <li
              key={
                suggestion.place_id ??
                `${suggestion.description}-${suggestion.latitude}-${suggestion.longitude}`
              }
            >
              <button
                type="button"
                className="address-suggestion"
                disabled={busy}
                onClick={() => onChoose(suggestion)}
              >
                {suggestion.description}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {suggestions && suggestions.length === 0 ? (
        <p className="account-text" role="status">
          {t('noSuggestions')}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-busy={locating}
          disabled={locating}
          onClick={onLocate}
        >
          {locating ? t('locating') : t('useMyLocation')}
        </button>
        {onManual ? (
          <button type="button" className="link-button" onClick={onManual}>
            {t('fillManually')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
