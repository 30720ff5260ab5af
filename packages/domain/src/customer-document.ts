import type { DeliveryType } from './delivery-types.ts';

/**
 * CPF (11 digits) and CNPJ (14 characters), spec section 5 "Customer document". Since July 2026
 * the Receita Federal also issues alphanumeric CNPJs: 12 characters 0-9/A-Z and 2 numeric check
 * digits, each character worth its ASCII code minus 48, with the same mod-11 weights
 * (Instrução Normativa RFB nº 2.229/2024). A numeric CNPJ is the special case with digits only.
 */

export const DOCUMENT_MAX_LENGTH = 14;
const CPF_LENGTH = 11;
const CNPJ_BASE_LENGTH = 12;

export type DocumentKind = 'CPF' | 'CNPJ';

/**
 * Keeps digits and, in the 12 positions where a CNPJ allows them, letters (upper-cased); at most
 * 14 characters. Everything else (dots, dashes, slashes, spaces) is dropped.
 */
export function normalizeDocument(input: string): string {
  let out = '';
  for (const char of input.toUpperCase()) {
    if (out.length >= DOCUMENT_MAX_LENGTH) break;
    if (char >= '0' && char <= '9') out += char;
    else if (char >= 'A' && char <= 'Z' && out.length < CNPJ_BASE_LENGTH) out += char;
  }
  return out;
}

function applyMask(value: string, mask: string): string {
  let out = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= value.length) break;
    if (slot === '0') out += value[next++];
    else out += slot;
  }
  return out;
}

/**
 * Formatted while typing: a CPF (000.000.000-00) up to 11 digits, a CNPJ (00.000.000/0000-00)
 * beyond that or as soon as a letter is typed.
 */
export function formatDocument(input: string): string {
  const value = normalizeDocument(input);
  const isCpf = value.length <= CPF_LENGTH && /^\d*$/.test(value);
  return applyMask(value, isCpf ? '000.000.000-00' : '00.000.000/0000-00');
}

function allSameCharacter(value: string): boolean {
  return [...value].every((char) => char === value[0]);
}

function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || allSameCharacter(digits)) return false;
  const values = [...digits].map(Number);
  const checkDigit = (length: number) => {
    const sum = values.slice(0, length).reduce((acc, value, i) => acc + value * (length + 1 - i), 0);
    return ((sum * 10) % 11) % 10;
  };
  return checkDigit(9) === values[9] && checkDigit(10) === values[10];
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || allSameCharacter(value)) return false;
  const values = [...value].map((char) => char.charCodeAt(0) - 48);
  const checkDigit = (length: number) => {
    const weights = CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - length);
    const remainder = values.slice(0, length).reduce((acc, value, i) => acc + value * weights[i]!, 0) % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  return checkDigit(12) === values[12] && checkDigit(13) === values[13];
}

/** 'CPF' or 'CNPJ' when the input normalizes to a valid document of that kind, else null. */
export function documentKind(input: string): DocumentKind | null {
  const value = normalizeDocument(input);
  if (value.length === CPF_LENGTH) return isValidCpf(value) ? 'CPF' : null;
  if (value.length === DOCUMENT_MAX_LENGTH) return isValidCnpj(value) ? 'CNPJ' : null;
  return null;
}

/** A valid CPF or CNPJ (numeric or alphanumeric); formatting characters are ignored. */
export function isValidDocument(input: string): boolean {
  return documentKind(input) !== null;
}

export interface DocumentRequiredInput {
  deliveryType: DeliveryType;
  /** Company delivery_customer_doc_required. */
  companyRequiresForDelivery: boolean;
  /** What the customer typed, formatted or not; empty when nothing. */
  typedValue: string;
}

/** Required for delivery when the company requires it, or whenever a value is typed but invalid. */
export function documentRequired({
  deliveryType,
  companyRequiresForDelivery,
  typedValue,
}: DocumentRequiredInput): boolean {
  if (deliveryType === 'Entregar' && companyRequiresForDelivery) return true;
  const typed = normalizeDocument(typedValue);
  return typed !== '' && !isValidDocument(typed);
}

/**
 * A valid document is required and not given: the checkout shows 'a valid document is required'
 * and its main action asks for the document.
 */
export function documentPending(input: DocumentRequiredInput): boolean {
  return documentRequired(input) && !isValidDocument(input.typedValue);
}
