/**
 * The rules of a new address (spec section 5 "New address"), shared by the storefront's forms and
 * the server, which enforces them again. Texts are the spec's.
 */

export const ADDRESS_STREET_MIN_LENGTH = 5;
export const ADDRESS_NUMBER_MAX_LENGTH = 10;
export const ADDRESS_COMPLEMENT_MAX_LENGTH = 100;
/** The save-as name (Casa, Trabalho, …). */
export const ADDRESS_NAME_MAX_LENGTH = 40;
/** Street, city and neighbourhood names. */
export const ADDRESS_TEXT_MAX_LENGTH = 120;
/** Spec section 9 "Maps": the map position may be at most this far from the searched address. */
export const MAP_DISTANCE_LIMIT_METRES = 500;

/** Spec section 5: an unnamed street, a missing neighbourhood, and (our choice) a house without a number. */
export const UNNAMED_STREET = 'Rua sem nome';
export const NO_DISTRICT = 'Sem bairro';
export const NO_NUMBER = 'S/N';

export const ADDRESS_MESSAGES = {
  required: 'Este campo é obrigatório',
  streetTooShort: `Informe pelo menos ${ADDRESS_STREET_MIN_LENGTH} letras`,
  numberInvalid: 'Informe só letras e números',
  numberTooLong: `Máximo de ${ADDRESS_NUMBER_MAX_LENGTH} caracteres`,
  complementTooLong: `Máximo de ${ADDRESS_COMPLEMENT_MAX_LENGTH} caracteres`,
  nameTooLong: `Máximo de ${ADDRESS_NAME_MAX_LENGTH} caracteres`,
  textTooLong: `Máximo de ${ADDRESS_TEXT_MAX_LENGTH} caracteres`,
  /** Spec section 8: the map confirm error. */
  locationTooFar: 'informed local too far',
} as const;

export type AddressTextField = 'name' | 'street' | 'number' | 'complement';

export interface AddressRuleError {
  field: AddressTextField;
  /** FIELD_REQUIRED, STREET_TOO_SHORT, INVALID_NUMBER or TEXT_TOO_LONG. */
  code: 'FIELD_REQUIRED' | 'STREET_TOO_SHORT' | 'INVALID_NUMBER' | 'TEXT_TOO_LONG';
  message: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Text as saved: NFC, control characters dropped, runs of whitespace collapsed, ends trimmed. */
export function cleanAddressText(value: string | null | undefined): string {
  return (value ?? '').normalize('NFC').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

const NUMBER = /^[\p{L}\p{N}]+$/u;
const NO_NUMBER_SPELLINGS = new Set(['s/n', 'sn', 's/nº', 'sem numero', 'sem número']);

/** Whether a typed number means "no number" ('S/N', 'SN', 'sem número'). */
export function isNoNumber(value: string): boolean {
  return NO_NUMBER_SPELLINGS.has(cleanAddressText(value).toLowerCase());
}

export interface AddressTextInput {
  name: string | null | undefined;
  street: string | null | undefined;
  number: string | null | undefined;
  complement: string | null | undefined;
}

export interface AddressTextOptions {
  /**
   * Whether an empty number is "no number" (the wizard's 'no number' box) rather than a missing
   * required field (the older form).
   */
  emptyNumberIsNoNumber: boolean;
}

export type AddressTextResult =
  | { ok: true; value: { name: string; street: string; number: string; complement: string } }
  | { ok: false; error: AddressRuleError };

/**
 * Name, street, number and complement of a new address: name required; street required, at least
 * 5 characters; number required (or 'S/N'), letters and digits only, at most 10; complement at most
 * 100. The first broken rule, in the form's order (street, number, complement, name), is reported.
 */
export function checkAddressText(input: AddressTextInput, options: AddressTextOptions): AddressTextResult {
  const street = cleanAddressText(input.street);
  const rawNumber = cleanAddressText(input.number);
  const complement = cleanAddressText(input.complement);
  const name = cleanAddressText(input.name);
  const fail = (
    field: AddressTextField,
    code: AddressRuleError['code'],
    message: string,
  ): AddressTextResult => ({
    ok: false,
    error: { field, code, message },
  });

  if (!street) return fail('street', 'FIELD_REQUIRED', ADDRESS_MESSAGES.required);
  if ([...street].length < ADDRESS_STREET_MIN_LENGTH) {
    return fail('street', 'STREET_TOO_SHORT', ADDRESS_MESSAGES.streetTooShort);
  }
  if ([...street].length > ADDRESS_TEXT_MAX_LENGTH)
    return fail('street', 'TEXT_TOO_LONG', ADDRESS_MESSAGES.textTooLong);

  let number: string;
  if (!rawNumber) {
    if (!options.emptyNumberIsNoNumber) return fail('number', 'FIELD_REQUIRED', ADDRESS_MESSAGES.required);
    number = NO_NUMBER;
  } else if (isNoNumber(rawNumber)) {
    number = NO_NUMBER;
  } else if (!NUMBER.test(rawNumber)) {
    return fail('number', 'INVALID_NUMBER', ADDRESS_MESSAGES.numberInvalid);
  } else if ([...rawNumber].length > ADDRESS_NUMBER_MAX_LENGTH) {
    return fail('number', 'INVALID_NUMBER', ADDRESS_MESSAGES.numberTooLong);
  } else {
    number = rawNumber;
  }

  if ([...complement].length > ADDRESS_COMPLEMENT_MAX_LENGTH) {
    return fail('complement', 'TEXT_TOO_LONG', ADDRESS_MESSAGES.complementTooLong);
  }
  if (!name) return fail('name', 'FIELD_REQUIRED', ADDRESS_MESSAGES.required);
  if ([...name].length > ADDRESS_NAME_MAX_LENGTH)
    return fail('name', 'TEXT_TOO_LONG', ADDRESS_MESSAGES.nameTooLong);
  return { ok: true, value: { name, street, number, complement } };
}

export interface AddressLineParts {
  street: string;
  number: string;
  complement?: string | null;
  district?: string | null;
  city?: string | null;
  state?: string | null;
}

/** 'Rua Augusta, 1500 - Apto 12 - Consolação, São Paulo - SP': the address as one line. */
export function formatAddressLine({
  street,
  number,
  complement,
  district,
  city,
  state,
}: AddressLineParts): string {
  const head = [number ? `${street}, ${number}` : street, complement || null, district || null]
    .filter(Boolean)
    .join(' - ');
  const place = [city || null, state || null].filter(Boolean).join(' - ');
  return place ? `${head}, ${place}` : head;
}
