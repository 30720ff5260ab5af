import type { MapsPlace } from '@comanda/contract';
import type { MapsSuggestion } from '../api/addresses-api.ts';
import {
  digitsOnly,
  initialDetails,
  type LatLng,
  nudge,
  type PositionProblem,
  positionProblem,
  previousStep,
  stepAfterSearch,
  type WizardDetails,
  type WizardStep,
} from './wizard-rules.ts';

/*
 * The address wizard's state and every way it changes (spec section 2 "Address registration"):
 * the step components only show it and dispatch; the calls to the maps provider and the server
 * happen in the wizard, which reports their answers here.
 */

export interface WizardState {
  step: WizardStep;
  /** Step 0: what the customer typed, and the places found for it (null: nothing asked yet). */
  query: string;
  suggestions: MapsSuggestion[] | null;
  /** The place found by the search, the customer's location or the number (null: none). */
  place: MapsPlace | null;
  usedLocation: boolean;
  locating: boolean;
  locationFailed: boolean;
  /** Step 2: where the place is; the position may be moved at most 500 m from it. */
  reference: LatLng | null;
  position: LatLng;
  /** Step 1. */
  number: string;
  noNumber: boolean;
  /** Step 3. */
  details: WizardDetails;
  fieldError: { field: string; message: string } | null;
  /** A place or a number is being looked up. */
  busy: boolean;
  sending: boolean;
  saveError: string | null;
}

export type WizardAction =
  | { type: 'query'; query: string }
  | { type: 'suggestions'; suggestions: MapsSuggestion[] | null }
  | { type: 'resolving' }
  /** A chosen suggestion was looked up (null: nothing resolved, the position stays). */
  | { type: 'resolved'; place: MapsPlace | null }
  | { type: 'locating' }
  | { type: 'located'; place: MapsPlace | null; at: LatLng }
  | { type: 'locationFailed' }
  | { type: 'locationErrorSeen' }
  | { type: 'number'; value: string }
  | { type: 'noNumber'; noNumber: boolean }
  | { type: 'geocoding' }
  /** The number (or '' for 'no number') was geocoded on the place's street; null: not found. */
  | { type: 'geocoded'; located: MapsPlace | null; number: string }
  | { type: 'move'; position: LatLng }
  /** The nudge controls: metres north (+) or south (−), east (+) or west (−). */
  | { type: 'nudge'; north: number; east: number }
  /** Step 2 without a street: the moved position was looked up again. */
  | { type: 'reverseFound'; place: MapsPlace }
  | { type: 'confirmPosition' }
  | { type: 'detail'; field: keyof WizardDetails; value: string }
  | { type: 'invalid'; field: string; message: string }
  | { type: 'sending' }
  | { type: 'saveFailed'; message: string }
  | { type: 'saveErrorSeen' }
  | { type: 'back' };

export function initialWizardState(fallbackPosition: LatLng | null): WizardState {
  return {
    step: 0,
    query: '',
    suggestions: null,
    place: null,
    usedLocation: false,
    locating: false,
    locationFailed: false,
    reference: null,
    position: fallbackPosition ?? { lat: 0, lng: 0 },
    number: '',
    noNumber: false,
    details: initialDetails(null, ''),
    fieldError: null,
    busy: false,
    sending: false,
    saveError: null,
  };
}

/** Step 0 → 1 or 2 (stepAfterSearch): the place found, its position as the reference, its number. */
function afterSearch(state: WizardState, place: MapsPlace | null, at: LatLng): WizardState {
  return {
    ...state,
    step: stepAfterSearch(place),
    place,
    reference: at,
    position: at,
    number: place?.number ?? '',
    noNumber: false,
  };
}

/** Step 2's problem with the current position, if any ('informed local too far', no street). */
export function wizardPositionProblem(state: WizardState): PositionProblem {
  return positionProblem(state.position, state.reference, state.place?.street ?? '');
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'query':
      return { ...state, query: action.query };
    case 'suggestions':
      return { ...state, suggestions: action.suggestions };
    case 'resolving':
      return { ...state, usedLocation: false, busy: true };
    case 'resolved': {
      const { place } = action;
      const at = place ? { lat: place.latitude, lng: place.longitude } : state.position;
      return { ...afterSearch(state, place, at), busy: false };
    }
    case 'locating':
      return { ...state, locating: true };
    case 'located':
      return {
        ...afterSearch({ ...state, usedLocation: true, query: '' }, action.place, action.at),
        locating: false,
      };
    case 'locationFailed':
      return { ...state, locationFailed: true, locating: false };
    case 'locationErrorSeen':
      return { ...state, locationFailed: false };
    case 'number':
      return { ...state, number: digitsOnly(action.value) };
    case 'noNumber':
      return { ...state, noNumber: action.noNumber };
    case 'geocoding':
      return { ...state, busy: true };
    case 'geocoded': {
      const { place, position } = state;
      if (!place) return { ...state, busy: false };
      const { located } = action;
      // The reference point moves to the number given (the whole street for 'no number').
      const at = located ? { lat: located.latitude, lng: located.longitude } : position;
      // The geocoded place may be another stretch of the same street (its own neighbourhood).
      const resolved = located && located.street === place.street ? located : place;
      return {
        ...state,
        place: { ...resolved, number: action.number || null },
        reference: at,
        position: at,
        step: 2,
        busy: false,
      };
    }
    case 'move':
      return { ...state, position: action.position };
    case 'nudge':
      return { ...state, position: nudge(state.position, action.north, action.east) };
    case 'reverseFound':
      return { ...state, place: action.place };
    case 'confirmPosition':
      if (wizardPositionProblem(state)) return state;
      return {
        ...state,
        details: initialDetails(state.place, state.noNumber ? '' : (state.place?.number ?? state.number)),
        fieldError: null,
        step: 3,
      };
    case 'detail': {
      const value = action.field === 'number' ? digitsOnly(action.value) : action.value;
      return { ...state, details: { ...state.details, [action.field]: value } };
    }
    case 'invalid':
      return { ...state, fieldError: { field: action.field, message: action.message } };
    case 'sending':
      return { ...state, fieldError: null, sending: true };
    case 'saveFailed':
      return { ...state, saveError: action.message, sending: false };
    case 'saveErrorSeen':
      return { ...state, saveError: null };
    case 'back': {
      const previous = previousStep(state.step);
      return previous === null ? state : { ...state, step: previous };
    }
  }
}
