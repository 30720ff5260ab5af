import type { MapsPlace } from '@comanda/contract';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { type AddressT, useAddressT } from '../address-texts.ts';
import {
  checkDelivery,
  errorDetail,
  type MapsProvider,
  type MapsSuggestion,
  saveWizardAddress,
} from '../api/addresses-api.ts';
import { initialWizardState, wizardPositionProblem, wizardReducer } from '../model/wizard-reducer.ts';
import {
  buildSentAddress,
  canContinueNumber,
  canSave,
  type LatLng,
  type WizardStep,
} from '../model/wizard-rules.ts';
import { WizardDetailsStep } from './wizard-details-step.tsx';
import { WizardMapStep } from './wizard-map-step.tsx';
import { WizardNumberStep } from './wizard-number-step.tsx';
import { WizardSearchStep } from './wizard-search-step.tsx';

/** Spec section 7: place autocomplete is debounced 400 ms. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 400;

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

const STEP_TITLES: Record<WizardStep, Parameters<AddressT>[0]> = {
  0: 'newAddress',
  1: 'numberTitle',
  2: 'confirmTitle',
  3: 'detailsTitle',
};

/** Whether the store delivers where the wizard points: asked as soon as a place is known. */
export type DeliveryCheck = 'checking' | 'deliverable' | 'not_deliverable' | 'unknown';

function useDeliveryCheck(target: { at: LatLng; place: MapsPlace } | null, delayMs: number): DeliveryCheck {
  const key = target
    ? [target.at.lat, target.at.lng, target.place.city, target.place.district ?? ''].join('|')
    : null;
  const [result, setResult] = useState<{ key: string; check: DeliveryCheck } | null>(null);
  const targetRef = useRef(target);
  targetRef.current = target;
  useEffect(() => {
    const asked = targetRef.current;
    if (!key || !asked) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkDelivery(asked.at, asked.place, controller.signal)
        .then((reply) => setResult({ key, check: reply.deliverable ? 'deliverable' : 'not_deliverable' }))
        // Not reachable now: the wizard goes on, and the saved address says it later.
        .catch(() => {
          if (!controller.signal.aborted) setResult({ key, check: 'unknown' });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);
  if (!key) return 'unknown';
  return result?.key === key ? result.check : 'checking';
}

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

/**
 * The four-step wizard of spec section 2 "Address registration": its state in wizardReducer, one
 * component per step, and here the calls to the maps provider and the server.
 */
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
  const [state, dispatch] = useReducer(wizardReducer, fallbackPosition, initialWizardState);
  const { step, query, place, position, reference, number, noNumber, details, sending } = state;
  // From the first step that knows the place (the number), not after the four (issue 34): the map
  // step asks again as the pin moves (debounced).
  const delivery = useDeliveryCheck(
    (step === 1 || step === 2) && place ? { at: position, place } : null,
    step === 2 ? AUTOCOMPLETE_DEBOUNCE_MS : 0,
  );
  const notDeliverable = delivery === 'not_deliverable';

  // Step 0: autocomplete, debounced 400 ms; fewer than 3 letters asks nothing.
  useEffect(() => {
    const text = query.trim();
    if (text.length < 3) {
      dispatch({ type: 'suggestions', suggestions: null });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      maps
        .autocomplete(text, controller.signal)
        .then((suggestions) => dispatch({ type: 'suggestions', suggestions }))
        .catch(() => {
          if (!controller.signal.aborted) dispatch({ type: 'suggestions', suggestions: [] });
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
          if (live && found) dispatch({ type: 'reverseFound', place: found });
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

  const choose = async (chosen: MapsSuggestion) => {
    dispatch({ type: 'resolving' });
    // Google's predictions carry only a place_id: the provider looks the place up.
    const resolved = maps.resolve ? await maps.resolve(chosen).catch(() => null) : chosen;
    dispatch({ type: 'resolved', place: resolved });
  };

  const locateMe = async () => {
    dispatch({ type: 'locating' });
    try {
      const here = await getPosition(geolocation);
      const found = await maps.reverse(here.lat, here.lng).catch(() => null);
      dispatch({ type: 'located', place: found, at: here });
    } catch {
      dispatch({ type: 'locationFailed' });
    }
  };

  const continueNumber = async () => {
    if (!place || !canContinueNumber(number, noNumber)) return;
    const chosenNumber = noNumber ? '' : number;
    dispatch({ type: 'geocoding' });
    const located = await maps.geocode(place.street, chosenNumber || null, place.city).catch(() => null);
    dispatch({ type: 'geocoded', located, number: chosenNumber });
  };

  const save = async () => {
    if (!canSave(details, sending)) return;
    const built = buildSentAddress(place, details, position, {
      search: state.usedLocation ? null : query.trim() || null,
      location: state.usedLocation,
    });
    if (!built.ok) {
      dispatch({ type: 'invalid', field: built.error.field, message: built.error.message });
      return;
    }
    dispatch({ type: 'sending' });
    try {
      const id = await saveWizardAddress(user, built.address);
      onSaved(id);
    } catch (error) {
      dispatch({ type: 'saveFailed', message: errorDetail(error) ?? t('saveErrorTitle') });
    }
  };

  const back = () => {
    if (step === 0) onClose();
    else dispatch({ type: 'back' });
  };

  return (
    <section className="account-card address-wizard" aria-labelledby={headingId}>
      <div className="address-wizard-top">
        <button type="button" className="link-button" onClick={back}>
          {step === 0 ? t('close') : t('back')}
        </button>
        <span className="account-text">{t('stepOf', { step: step + 1 })}</span>
      </div>
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="account-heading">
        {t(STEP_TITLES[step])}
      </h1>

      {step === 0 ? (
        <WizardSearchStep
          query={query}
          suggestions={state.suggestions}
          busy={state.busy}
          locating={state.locating}
          onQuery={(typed) => dispatch({ type: 'query', query: typed })}
          onChoose={(suggestion) => void choose(suggestion)}
          onLocate={() => void locateMe()}
          onManual={onManual}
          t={t}
        />
      ) : null}
      {step === 1 && place ? (
        <WizardNumberStep
          place={place}
          number={number}
          noNumber={noNumber}
          busy={state.busy}
          notDeliverable={notDeliverable}
          onSearchAnother={() => dispatch({ type: 'back' })}
          onNumber={(value) => dispatch({ type: 'number', value })}
          onNoNumber={(checked) => dispatch({ type: 'noNumber', noNumber: checked })}
          onContinue={() => void continueNumber()}
          t={t}
        />
      ) : null}
      {step === 2 ? (
        <WizardMapStep
          place={place}
          maps={maps}
          position={position}
          reference={reference}
          problem={wizardPositionProblem(state) ?? (notDeliverable ? 'notDeliverable' : null)}
          onMove={(moved) => dispatch({ type: 'move', position: moved })}
          onNudge={(north, east) => dispatch({ type: 'nudge', north, east })}
          onConfirm={() => dispatch({ type: 'confirmPosition' })}
          t={t}
        />
      ) : null}
      {step === 3 ? (
        <WizardDetailsStep
          place={place}
          details={details}
          fieldError={state.fieldError}
          sending={sending}
          onDetail={(field, value) => dispatch({ type: 'detail', field, value })}
          onSave={() => void save()}
          t={t}
        />
      ) : null}

      {state.locationFailed ? (
        <AlertDialog
          title={t('useMyLocation')}
          message={t('locationError')}
          buttonLabel={t('gotIt')}
          onClose={() => dispatch({ type: 'locationErrorSeen' })}
        />
      ) : null}
      {state.saveError ? (
        <AlertDialog
          title={t('saveErrorTitle')}
          message={state.saveError}
          buttonLabel={t('gotIt')}
          onClose={() => dispatch({ type: 'saveErrorSeen' })}
        />
      ) : null}
    </section>
  );
}
