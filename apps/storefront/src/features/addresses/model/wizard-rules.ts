import type { AddressSent, MapsPlace } from '@comanda/contract';
import {
  ADDRESS_COMPLEMENT_MAX_LENGTH,
  type AddressRuleError,
  checkAddressText,
  cleanAddressText,
  haversineMetres,
  MAP_DISTANCE_LIMIT_METRES,
  NO_DISTRICT,
  UNNAMED_STREET,
} from '@comanda/domain';

/*
 * The address wizard's rules (spec sections 2 "Address registration" and 5 "New address"), pure so
 * that they are tested apart from the screens.
 *   0 search or my location → 1 number (when the place has no number) → 2 confirm the position → 3 details
 */

export type WizardStep = 0 | 1 | 2 | 3;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Step 0 → step 2 if a street number exists or nothing was resolved; otherwise step 1. */
export function stepAfterSearch(place: MapsPlace | null): WizardStep {
  if (!place) return 2;
  return place.number ? 2 : 1;
}

/** Back decrements the step (from step 2 back to step 0 when step 1 was skipped is not asked: -1). */
export function previousStep(step: WizardStep): WizardStep | null {
  return step === 0 ? null : ((step - 1) as WizardStep);
}

/** Step 1: the number, digits only. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '').slice(0, 10);
}

/** Step 1 may go on with a number or with 'no number' ticked. */
export function canContinueNumber(number: string, noNumber: boolean): boolean {
  return noNumber || /^\d{1,10}$/.test(number);
}

export type PositionProblem = 'tooFar' | 'noStreet' | null;

/** Step 2: confirm is blocked beyond 500 m from the reference point, or without a street. */
export function positionProblem(position: LatLng, reference: LatLng | null, street: string): PositionProblem {
  if (!cleanAddressText(street)) return 'noStreet';
  if (reference && haversineMetres(reference, position) > MAP_DISTANCE_LIMIT_METRES) return 'tooFar';
  return null;
}

/** Step 2's adjust control: moves the position by `metres` north (+) / south (−) or east (+) / west (−). */
export function nudge(position: LatLng, north: number, east: number): LatLng {
  const lat = position.lat + north / 111_195;
  const lng = position.lng + east / (111_195 * Math.cos((position.lat * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

/** Step 3's fields. */
export interface WizardDetails {
  street: string;
  number: string;
  complement: string;
  district: string;
  name: string;
}

/** The details step's starting values: 'Rua sem nome' for an unnamed street, 'Sem bairro' when missing. */
export function initialDetails(place: MapsPlace | null, number: string): WizardDetails {
  return {
    street: cleanAddressText(place?.street) || UNNAMED_STREET,
    number,
    complement: '',
    district: cleanAddressText(place?.district) || NO_DISTRICT,
    name: '',
  };
}

/** The street input shows only when the street was unnamed. */
export const streetEditable = (place: MapsPlace | null) => !cleanAddressText(place?.street);
/** The district input is locked ('Sem bairro') when the place had none. */
export const districtLocked = (place: MapsPlace | null) => !cleanAddressText(place?.district);

/** Save is disabled while sending or without a name or a district. */
export function canSave(details: WizardDetails, sending: boolean): boolean {
  return !sending && cleanAddressText(details.name) !== '' && cleanAddressText(details.district) !== '';
}

export type DetailsCheck = { ok: true; address: AddressSent } | { ok: false; error: AddressRuleError };

/** The wizard's address in the sent shape, or the first broken rule. */
export function buildSentAddress(
  place: MapsPlace | null,
  details: WizardDetails,
  position: LatLng,
  extra: { search: string | null; location: boolean },
): DetailsCheck {
  const checked = checkAddressText(
    { name: details.name, street: details.street, number: details.number, complement: details.complement },
    { emptyNumberIsNoNumber: true },
  );
  if (!checked.ok) return checked;
  const district = cleanAddressText(details.district);
  const sameDistrict = place?.district && cleanAddressText(place.district) === district;
  return {
    ok: true,
    address: {
      id: null,
      name: checked.value.name,
      street: checked.value.street,
      street_number: checked.value.number,
      complement: checked.value.complement,
      city_id: place?.city_id ?? null,
      city_name: place?.city ?? null,
      district_id: sameDistrict ? (place?.district_id ?? null) : null,
      district_name: district === NO_DISTRICT ? '' : district,
      latitude: position.lat,
      longitude: position.lng,
      search: extra.search,
      location: extra.location,
    },
  };
}

export const COMPLEMENT_MAX = ADDRESS_COMPLEMENT_MAX_LENGTH;

/** `?return=/confirmation`: a same-origin path only (no '//', no scheme). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
