import { PASSWORD_MAX_LENGTH, STAFF_ROLES } from '@comanda/domain';
import { z } from 'zod';
import { centavos, freeText } from './common.ts';

/**
 * A cap in UTF-16 units: every character takes at most two, so a password of PASSWORD_MAX_LENGTH
 * characters (the server's own rule counts characters) always fits.
 */
const PASSWORD_UNITS_CAP = PASSWORD_MAX_LENGTH * 2;

/*
 * Customer accounts: phone sign-in, sign-up, password recovery, the customer record and privacy
 * (spec sections 3 "User/customer", 7 "Authentication and account" and "Privacy").
 *
 * Request schemas check types and cap every string; the rules with their own message (password
 * length, full name, terms, phone validity, recovery code) are checked by the server, which answers
 * `{detail, code, field?}` with the codes of `AUTH_ERROR_CODES`, so a failed sign-up or recovery can
 * show the server's `detail` as the spec asks.
 */

export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
/** Raw document input (masked CPF or CNPJ); the server keeps at most 14 characters. */
export const DOCUMENT_INPUT_MAX_LENGTH = 32;
/** Phone input as typed (digits, spaces, +, parentheses, dashes). */
export const PHONE_FIELD_MAX_LENGTH = 32;
export const RECOVERY_CODE_DIGITS = 6;
/** Privacy link tokens are 24 base64url characters (144 random bits). */
export const PRIVACY_TOKEN_MAX_LENGTH = 64;

/** Stable `code` values of the account calls' refusals (besides the generic INVALID_INPUT). */
export const AUTH_ERROR_CODES = [
  'PHONE_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'INVALID_PHONE',
  'INVALID_NAME',
  'INVALID_PASSWORD',
  'TERMS_REQUIRED',
  'PHONE_TAKEN',
  'INVALID_CODE',
  'INVALID_EMAIL',
  'INVALID_DOCUMENT',
  'NOT_AUTHENTICATED',
  'FORBIDDEN',
  'CUSTOMER_NOT_FOUND',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Phone lookup and sign-in

/**
 * GET /core/telefone_login_app/{digits}: the login digits, i.e. the 11 national digits of a
 * Brazilian mobile, or country code + national number elsewhere (`phoneLoginDigits` of
 * @comanda/domain).
 */
export const phoneLookupParams = z.object({
  digits: z
    .string()
    .regex(/^\d{1,20}$/, 'digits only')
    .describe('Login digits: 11 national digits (Brazil) or country code + national number'),
});

/** The account a phone belongs to; `cliente_id` and `user_id` are the same number on this server. */
export const phoneLookupReply = z.object({
  cliente_id: z.number().int(),
  /** First name only: the lookup is public. */
  nome_cliente: z.string(),
  user_id: z.number().int(),
});
export type PhoneLookupReply = z.infer<typeof phoneLookupReply>;

/** POST /core/v2/auth/api-token-auth-without-email/ */
export const signInRequest = z.object({
  /** The login digits (non-digits are ignored). */
  username: freeText(PHONE_FIELD_MAX_LENGTH).describe('The login digits of the phone'),
  password: freeText(PASSWORD_UNITS_CAP),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export const signInReply = z.object({
  token: z.string().describe('`<base64url JSON {user_id, username, store, exp}>.<secret>`; send as Bearer'),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    /** true only in the staff sign-in's reply (staff accounts are not customers). */
    is_superuser: z.boolean(),
  }),
});
export type SignInReply = z.infer<typeof signInReply>;

/** POST /core/registration_app/ */
export const registrationRequest = z.object({
  /** Full name: at least two words of 2 or more letters. */
  name: freeText(NAME_MAX_LENGTH).describe('Name and surname'),
  password: freeText(PASSWORD_UNITS_CAP).describe('8 to 128 characters'),
  /** Must be true. */
  terms: z.boolean(),
  /** The number as typed for the country of `ddi` (national digits, or with +country code). */
  cellphone: z
    .string()
    .max(PHONE_FIELD_MAX_LENGTH)
    .describe('The mobile as typed for the country of ddi (national, or with the country code)'),
  /** The country: calling code ('55', '+55', 55) or ISO code ('BR'); default Brazil. +1 means US/CA. */
  ddi: z
    .union([freeText(4), z.number().int().min(0).max(9999)])
    .optional()
    .describe("Country: calling code ('55', '+55') or ISO code ('BR'); default BR"),
  /** Opt-in to promotional messages; default false (no promotions until the customer says yes). */
  send_promo: z.boolean().optional().describe('Opt-in to promotional messages; default false'),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

/** `detail` is the session token, as the sign-in call's `token`. */
export const registrationReply = z.object({
  success: z.literal(true),
  detail: z.string().describe('The session token'),
});
export type RegistrationReply = z.infer<typeof registrationReply>;

/** The reply of the calls whose outcome is a message (logout, recovery). */
export const successReply = z.object({ success: z.literal(true), detail: z.string() });
export type SuccessReply = z.infer<typeof successReply>;

// ---------------------------------------------------------------------------------------------
// Session token

/**
 * The token is `<base64url(JSON payload)>.<random secret>`. The payload is readable by the
 * storefront (the spec derives the user from the token) but not signed: the server trusts only its
 * own session table, so editing the payload makes the token invalid.
 */
export const sessionTokenPayload = z.object({
  user_id: z.number().int(),
  /** The store's slug: a token is valid at its own store only. */
  store: z.string(),
  /** Expiry, seconds since the epoch. */
  exp: z.number().int(),
});
export type SessionTokenPayload = z.infer<typeof sessionTokenPayload>;

function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Reads the payload of a session token (no check of its validity: only the server can tell). */
export function readSessionToken(token: string): SessionTokenPayload | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 1024) return null;
  try {
    const json = new TextDecoder().decode(base64UrlToBytes(token.slice(0, dot)));
    const parsed = sessionTokenPayload.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Password recovery

/** POST /core/send_sms_recovery_password_app/: answers the same whether or not the phone exists. */
export const recoverySmsRequest = z.object({
  /** The login digits. */
  cellphone: freeText(PHONE_FIELD_MAX_LENGTH),
  /**
   * Where the code goes: WhatsApp (default where the store has an active channel) or SMS (the
   * customer asks for it; always SMS where the store has no WhatsApp). Docs/decisions/0072.
   */
  canal: z.enum(['whatsapp', 'sms']).optional(),
});
export type RecoverySmsRequest = z.infer<typeof recoverySmsRequest>;

/** The reply of the code request: the channel the code went by (or would, without an account). */
export const recoveryCodeReply = z.object({
  success: z.literal(true),
  detail: z.string(),
  canal: z.enum(['whatsapp', 'sms']),
});
export type RecoveryCodeReply = z.infer<typeof recoveryCodeReply>;

/** POST /core/recovery_password_app/ */
export const recoveryRequest = z.object({
  cellphone: freeText(PHONE_FIELD_MAX_LENGTH),
  /** The 6 digits of the SMS, with or without the dash ('123-456'). */
  code: freeText(16).describe("The SMS code: '123456' or '123-456'"),
  password: freeText(PASSWORD_UNITS_CAP),
});
export type RecoveryRequest = z.infer<typeof recoveryRequest>;

// ---------------------------------------------------------------------------------------------
// Customer

export const promoPreferences = ['get_promo', 'remove_promo'] as const;
export const promoPreference = z.enum(promoPreferences);
export type PromoPreference = z.infer<typeof promoPreference>;

/**
 * A saved address, server shape of spec section 3. Only addresses whose city and district are both
 * active and not deleted are usable. The addresses module fills the customer's `enderecos`.
 */
export const customerAddress = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  full_address: z.string(),
  district_active: z.boolean(),
  city_active: z.boolean(),
  bairro_excluido: z.boolean(),
  ativo_cidade: z.boolean(),
  excluido: z.boolean(),
  delivery_fee: centavos,
  original_delivery_fee: centavos,
  discount_minimum_order: centavos,
});
export type CustomerAddress = z.infer<typeof customerAddress>;

/** A saved card (spec section 3); shown masked but for the last 4 digits. */
export const savedCard = z.looseObject({
  id: z.number().int(),
  brand: z.enum(['visa', 'mastercard', 'other']),
  ultimos4: z.string(),
  excluido: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const customerIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET /core/cliente_app/{id}: the token's own customer (id = user_id of the token). */
export const customer = z.object({
  id: z.number().int(),
  /** The login digits. */
  username: z.string(),
  user_id: z.number().int(),
  nome: z.string(),
  email: z.string().nullable(),
  /** CPF or CNPJ, normalized (digits, and letters of an alphanumeric CNPJ). */
  documento: z.string().nullable(),
  /** 'kind:number', e.g. 'celular:11999990000'. */
  telefones: z.array(z.string()),
  /** The loyalty points the customer can spend: those of delivered orders, minus rewards. */
  pontos_fidelidade: z.number().int().min(0),
  /** Points of orders not delivered yet: credited on delivery, not spendable before (docs/decisions/0021). */
  pontos_pendentes: z.number().int().min(0).optional(),
  send_promo: promoPreference,
  enderecos: z.array(customerAddress),
  cards: z.array(savedCard),
});
export type Customer = z.infer<typeof customer>;

/** PATCH /core/cliente_app/{id}: only the fields sent change; null or '' clears email or documento. */
export const customerUpdateRequest = z.object({
  nome: freeText(NAME_MAX_LENGTH).optional(),
  email: freeText(EMAIL_MAX_LENGTH).nullable().optional(),
  documento: freeText(DOCUMENT_INPUT_MAX_LENGTH).nullable().optional(),
});
export type CustomerUpdateRequest = z.infer<typeof customerUpdateRequest>;

// ---------------------------------------------------------------------------------------------
// Privacy

/** GET /core/v2/customer/get-customer-privacy/?cid={encodedId} (public link). */
export const privacyQuery = z.object({
  cid: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url')
    .max(PRIVACY_TOKEN_MAX_LENGTH)
    .describe('The privacy link token (random, not the customer id)'),
  format: z.literal('json').optional(),
});

/** Only what the preference screen needs: the first name and the preference. */
export const privacyReply = z.object({
  success: z.literal(true),
  nome: z.string(),
  send_promo: promoPreference,
});
export type PrivacyReply = z.infer<typeof privacyReply>;

/**
 * POST /core/v2/customer/update-customer-privacy: with is_encoded true, cid is the link's token
 * (no sign-in needed); with false, cid is the customer id and the call needs that customer's token.
 */
export const privacyUpdateRequest = z.object({
  cid: z
    .union([freeText(PRIVACY_TOKEN_MAX_LENGTH), z.number().int().positive().max(2_147_483_647)])
    .describe('is_encoded true: the privacy link token; false: the customer id'),
  is_encoded: z.boolean(),
  send_promo: z.boolean(),
});
export type PrivacyUpdateRequest = z.infer<typeof privacyUpdateRequest>;

export const privacyUpdateReply = z.object({ success: z.literal(true), send_promo: promoPreference });
export type PrivacyUpdateReply = z.infer<typeof privacyUpdateReply>;

// ---------------------------------------------------------------------------------------------
// Staff

/** GET /staff/me: the signed-in staff member (docs/decisions/0026). */
export const staffAccount = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nome: z.string(),
  role: z.enum(STAFF_ROLES).describe('attendant: orders; manager: also store controls; owner: everything'),
  /**
   * The store's own roles for the capabilities it moved (docs/decisions/0059), refused ones left
   * out: the staff app passes them to `staffMay` as the server does.
   */
  capability_overrides: z.record(z.string(), z.enum(STAFF_ROLES)).optional(),
  /** Whether this member has set their approval code (managers and owners). */
  has_approval_code: z.boolean().optional(),
});
export type StaffAccount = z.infer<typeof staffAccount>;
