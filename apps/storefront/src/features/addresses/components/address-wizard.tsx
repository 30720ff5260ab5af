import type { MapsPlace } from '@comanda/contract';
import { ADDRESS_MESSAGES, cleanAddressText, formatAddressLine, haversineMetres } from '@comanda/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { CheckboxField, TextField } from '../../../components/text-field.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { type AddressT, useAddressT } from '../address-texts.ts';
import {
  errorDetail,
  type MapHandle,
  type MapsProvider,
  type MapsSuggestion,
  saveWizardAddress,
} from '../api/addresses-api.ts';
import {
  buildSentAddress,
  COMPLEMENT_MAX,
  canContinueNumber,
  canSave,
  digitsOnly,
  districtLocked,
  initialDetails,
  type LatLng,
  nudge,
  positionProblem,
  previousStep,
  stepAfterSearch,
  streetEditable,
  type WizardDetails,
  type WizardStep,
} from '../model/wizard-rules.ts';

/** Spec section 7: place autocomplete is debounced 400 ms. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 400;
const NUDGE_METRES = 50;

export interface AddressWizardProps {
  user: SessionUser;
  maps: MapsProvider;
  /** Where a position search starts when nothing was resolved (the store). */
  fallbackPosition: LatLng | null;
  onSaved: (id: number | undefined) => void;
  onClose: () => void;
  /** The older form, offered as 'Preencher manualmente' (stores that charge by neighbourhood). */
  onManual?: (() => void) | undefined;
  /** Browser geolocation; injectable for tests. */
  geolocation?: Geolocation | undefined;
}

const NAME_CHIPS = ['nameHome', 'nameWork', 'nameOther'] as const;

function getPosition(geolocation: Geolocation | undefined): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('no geolocation'));
      return;
    }
    geolocation.getCurrentPosition(
      (found) => resolve({ lat: found.coords.latitude, lng: found.coords.longitude }),
      reject,
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/** The four-step wizard of spec section 2 "Address registration". */
export function AddressWizard({
  user,
  maps,
  fallbackPosition,
  onSaved,
  onClose,
  onManual,
  geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
}: AddressWizardProps) {
  const t = useAddressT();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<WizardStep>(0);
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<MapsSuggestion[] | null>(null);
  const [place, setPlace] = useState<MapsPlace | null>(null);
  const [usedLocation, setUsedLocation] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locationFailed, setLocationFailed] = useState(false);
  const [reference, setReference] = useState<LatLng | null>(null);
  const [position, setPosition] = useState<LatLng>(fallbackPosition ?? { lat: 0, lng: 0 });
  const [number, setNumber] = useState('');
  const [noNumber, setNoNumber] = useState(false);
  const [details, setDetails] = useState<WizardDetails>(() => initialDetails(null, ''));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  // Step 0: autocomplete, debounced 400 ms; fewer than 3 letters asks nothing.
  useEffect(() => {
    const text = query.trim();
    if (text.length < 3) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      maps
        .autocomplete(text, controller.signal)
        .then((results) => setSuggestions(results))
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions([]);
        });
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, maps]);

  // Step 2 without a resolved street: an adjusted position is looked up again (debounced).
  useEffect(() => {
    if (
      step !== 2 ||
      place ||
      (reference && reference.lat === position.lat && reference.lng === position.lng)
    )
      return;
    let live = true;
    const timer = setTimeout(() => {
      maps
        .reverse(position.lat, position.lng)
        .then((found) => {
          if (live && found) setPlace(found);
        })
        .catch(() => undefined);
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [step, place, position, reference, maps]);

  // A new step: its heading takes focus, so a screen reader announces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: WizardStep, resolved: MapsPlace | null, at: LatLng) => {
    setPlace(resolved);
    setReference(at);
    setPosition(at);
    setNumber(resolved?.number ?? '');
    setNoNumber(false);
    setStep(next);
  };

  const choose = async (chosen: MapsSuggestion) => {
    setUsedLocation(false);
    setBusy(true);
    try {
      // Google's predictions carry only a place_id: the provider looks the place up.
      const resolved = maps.resolve ? await maps.resolve(chosen).catch(() => null) : chosen;
      goTo(
        stepAfterSearch(resolved),
        resolved,
        resolved ? { lat: resolved.latitude, lng: resolved.longitude } : position,
      );
    } finally {
      setBusy(false);
    }
  };

  const locateMe = async () => {
    setLocating(true);
    try {
      const here = await getPosition(geolocation);
      const found = await maps.reverse(here.lat, here.lng).catch(() => null);
      setUsedLocation(true);
      setQuery('');
      goTo(stepAfterSearch(found), found, here);
    } catch {
      setLocationFailed(true);
    } finally {
      setLocating(false);
    }
  };

  const continueNumber = async () => {
    if (!place || !canContinueNumber(number, noNumber)) return;
    const chosenNumber = noNumber ? '' : number;
    setBusy(true);
    try {
      // The reference point moves to the number given (the whole street for 'no number').
      const located = await maps.geocode(place.street, chosenNumber || null, place.city).catch(() => null);
      const at = located ? { lat: located.latitude, lng: located.longitude } : position;
      // The geocoded place may be another stretch of the same street (its own neighbourhood).
      const resolved = located && located.street === place.street ? located : place;
      setPlace({ ...resolved, number: chosenNumber || null });
      setReference(at);
      setPosition(at);
      setStep(2);
    } finally {
      setBusy(false);
    }
  };

  const confirmPosition = () => {
    if (positionProblem(position, reference, place?.street ?? '')) return;
    setDetails(initialDetails(place, noNumber ? '' : (place?.number ?? number)));
    setFieldError(null);
    setStep(3);
  };

  const save = async () => {
    if (!canSave(details, sending)) return;
    const built = buildSentAddress(place, details, position, {
      search: usedLocation ? null : query.trim() || null,
      location: usedLocation,
    });
    if (!built.ok) {
      setFieldError({ field: built.error.field, message: built.error.message });
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      const id = await saveWizardAddress(user, built.address);
      onSaved(id);
    } catch (error) {
      setSaveError(errorDetail(error) ?? t('saveErrorTitle'));
      setSending(false);
    }
  };

  const back = () => {
    const previous = previousStep(step);
    if (previous === null) onClose();
    else setStep(previous);
  };

  const titles: Record<WizardStep, Parameters<AddressT>[0]> = {
    0: 'newAddress',
    1: 'numberTitle',
    2: 'confirmTitle',
    3: 'detailsTitle',
  };
  const problem = step === 2 ? positionProblem(position, reference, place?.street ?? '') : null;
  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.message : null);

  return (
    <section className="account-card address-wizard" aria-labelledby={headingId}>
      <div className="address-wizard-top">
        <button type="button" className="link-button" onClick={back}>
          {step === 0 ? t('close') : t('back')}
        </button>
        <span className="account-text">{t('stepOf', { step: step + 1 })}</span>
      </div>
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="account-heading">
        {t(titles[step])}
      </h1>

      {step === 0 ? (
        <div className="account-form">
          <TextField
            label={t('searchAddress')}
            type="search"
            autoComplete="off"
            hint={t('searchHint')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
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
                    onClick={() => void choose(suggestion)}
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
              onClick={() => void locateMe()}
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
      ) : null}

      {step === 1 && place ? (
        <form
          className="account-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void continueNumber();
          }}
        >
          <p className="account-text">{place.description}</p>
          <TextField
            label={t('number')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('digitsOnly')}
            value={number}
            disabled={noNumber}
            onChange={(event) => setNumber(digitsOnly(event.target.value))}
          />
          <CheckboxField
            label={t('noNumber')}
            checked={noNumber}
            onChange={(event) => setNoNumber(event.target.checked)}
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
        </form>
      ) : null}

      {step === 2 ? (
        <div className="account-form">
          {place ? (
            <p className="account-text address-line">
              {formatAddressLine({
                street: place.street,
                number: place.number ?? '',
                district: place.district,
                city: place.city,
                state: place.state,
              })}
            </p>
          ) : null}
          {maps.mountMap ? <ProviderMap maps={maps} position={position} onMove={setPosition} /> : null}
          <p className="account-text" aria-live="polite">
            {t('position', { lat: position.lat.toFixed(5), lng: position.lng.toFixed(5) })}
            {reference ? (
              <>
                <br />
                {t('distance', { metres: Math.round(haversineMetres(reference, position)) })}
              </>
            ) : null}
          </p>
          <fieldset className="address-nudge">
            <legend className="field-label">{t('adjust')}</legend>
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('north')}
              onClick={() => setPosition(nudge(position, NUDGE_METRES, 0))}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('west')}
              onClick={() => setPosition(nudge(position, 0, -NUDGE_METRES))}
            >
              ←
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('east')}
              onClick={() => setPosition(nudge(position, 0, NUDGE_METRES))}
            >
              →
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('south')}
              onClick={() => setPosition(nudge(position, -NUDGE_METRES, 0))}
            >
              ↓
            </button>
          </fieldset>
          {problem ? (
            <p className="field-error" role="alert">
              {problem === 'tooFar' ? t('tooFar') : t('noStreet')}
            </p>
          ) : null}
          <div className="form-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={problem !== null}
              onClick={confirmPosition}
            >
              {t('confirmPosition')}
            </button>
          </div>
        </div>
      ) : null}

      {step === 3 ? (
        <form
          className="account-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {streetEditable(place) ? (
            <TextField
              label={t('street')}
              value={details.street}
              error={errorFor('street')}
              onChange={(event) => setDetails({ ...details, street: event.target.value })}
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
            onChange={(event) => setDetails({ ...details, number: digitsOnly(event.target.value) })}
          />
          <TextField
            label={t('complement')}
            hint={t('complementHint')}
            value={details.complement}
            error={
              errorFor('complement') ??
              ([...details.complement].length > COMPLEMENT_MAX ? ADDRESS_MESSAGES.complementTooLong : null)
            }
            onChange={(event) => setDetails({ ...details, complement: event.target.value })}
          />
          <TextField
            label={t('district')}
            value={details.district}
            readOnly={districtLocked(place)}
            aria-readonly={districtLocked(place) || undefined}
            onChange={(event) => setDetails({ ...details, district: event.target.value })}
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
                  onClick={() => setDetails({ ...details, name: t(key) })}
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
              onChange={(event) => setDetails({ ...details, name: event.target.value })}
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
      ) : null}

      {locationFailed ? (
        <AlertDialog
          title={t('useMyLocation')}
          message={t('locationError')}
          buttonLabel={t('gotIt')}
          onClose={() => setLocationFailed(false)}
        />
      ) : null}
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

/**
 * Step 2's map when the provider draws one (Google: zoom 16, a draggable marker whose dragend moves
 * the position). The nudge controls stay beside it as the keyboard way to move the position.
 */
function ProviderMap({
  maps,
  position,
  onMove,
}: {
  maps: MapsProvider;
  position: LatLng;
  onMove: (position: LatLng) => void;
}) {
  const t = useAddressT();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const latest = useRef({ position, onMove });
  latest.current = { position, onMove };
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = element.current;
    if (!target || !maps.mountMap) return;
    let live = true;
    maps
      .mountMap(target, latest.current.position, (moved) => latest.current.onMove(moved))
      .then((mounted) => {
        if (!live) {
          mounted.destroy();
          return;
        }
        handle.current = mounted;
        mounted.setPosition(latest.current.position);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [maps]);

  useEffect(() => {
    handle.current?.setPosition(position);
  }, [position]);

  if (failed) return null;
  return <div ref={element} className="address-map" role="application" aria-label={t('mapLabel')} />;
}
