import { type RegistrationRequest, registrationReply, signInReply } from '@comanda/contract';
import type { StaffRole } from '@comanda/domain';
import type { FastifyInstance } from 'fastify';
import { createStaffAccount } from '../modules/staff/index.ts';
import { findStoreBySlug } from '../plugins/tenant.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/*
 * Account fixtures for server tests: an app whose password hashing is cheap (scrypt N=2^10 instead
 * of OWASP's 2^17), fresh phones and client addresses, and sign-up/sign-in shortcuts.
 */

export const PIZZARIA = 'pizzaria.localhost';
export const SAKURA = 'sakura.localhost';
export const PASSWORD = 'segredo-forte-1';

export function buildAccountsTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return buildTestApp({ ...options, env: { PASSWORD_HASH_COST: '10', ...options.env } });
}

let phoneSeq = 0;
/** A fresh valid Brazilian mobile (login digits: DDD 11 + 9 + 8 digits). */
export function nextPhone(): string {
  phoneSeq += 1;
  return `119${String(phoneSeq).padStart(8, '0')}`;
}

let addressSeq = 0;
/** A fresh client address, so per-address limits of one test do not touch another's. */
export function nextAddress(): string {
  addressSeq += 1;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SignedUp {
  token: string;
  phone: string;
  password: string;
  userId: number;
}

/** Signs up a new customer (asserting success) and returns its token and ids. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<RegistrationRequest> & { host?: string } = {},
): Promise<SignedUp> {
  const { host = PIZZARIA, ...body } = overrides;
  const payload = {
    name: 'Maria Souza',
    password: PASSWORD,
    terms: true,
    cellphone: nextPhone(),
    ddi: '55',
    ...body,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/core/registration_app/',
    headers: { host },
    remoteAddress: nextAddress(),
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const token = registrationReply.parse(response.json()).detail;
  const userId = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).user_id as number;
  return { token, phone: payload.cellphone.replace(/\D/g, ''), password: payload.password, userId };
}

export function signInRequest(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { host?: string; remoteAddress?: string; cookie?: string; staff?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url: options.staff ? '/staff/auth/sign-in' : '/core/v2/auth/api-token-auth-without-email/',
    headers: { host: options.host ?? PIZZARIA, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.remoteAddress ?? nextAddress(),
    payload: { username, password },
  });
}

/** Signs in (asserting success) and returns the token; `staff` uses the staff tools' sign-in. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { staff?: boolean } = {},
): Promise<string> {
  const response = await signInRequest(app, username, password, options);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return signInReply.parse(response.json()).token;
}

/**
 * The texts the local SMS stand-in "sent" to a phone (E.164) at a store, oldest first, as a
 * developer reads them on GET /_dev/sms (the database keeps them without their codes).
 */
export async function smsSentTo(testApp: TestApp, slug: string, e164: string): Promise<string[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/_dev/sms?phone=${encodeURIComponent(e164)}`,
    headers: { host: `${slug}.localhost` },
  });
  if (response.statusCode !== 200) throw new Error(`/_dev/sms: ${response.statusCode} ${response.body}`);
  const { messages } = response.json() as { messages: { text: string }[] };
  return messages.map((message) => message.text).reverse();
}

/** The recovery code of the last SMS to a Brazilian phone, as the customer reads it ('123-456'). */
export async function lastRecoveryCode(testApp: TestApp, slug: string, phone: string): Promise<string> {
  const texts = await smsSentTo(testApp, slug, `+55${phone}`);
  const code = /(\d{3}-\d{3})/.exec(texts.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no recovery SMS to ${phone}`);
  return code;
}

export interface StaffSignedIn {
  token: string;
  phone: string;
  userId: number;
}

/**
 * Creates a member of the team of the store of `host` (an owner unless `role` says otherwise), as
 * `npm run staff:create` does, and signs it in.
 */
export async function signInStaff(
  testApp: TestApp,
  options: { host?: string; name?: string; role?: StaffRole; phone?: string } = {},
): Promise<StaffSignedIn> {
  const host = options.host ?? PIZZARIA;
  const store = await findStoreBySlug(testApp.database.db, host.split('.')[0]!);
  if (!store) throw new Error(`no store for ${host}`);
  const phone = options.phone ?? nextPhone();
  const staff = await createStaffAccount(
    testApp.database.db,
    {
      storeId: store.id,
      country: 'BR',
      phone,
      name: options.name ?? 'Ana Lima',
      password: PASSWORD,
      role: options.role ?? 'owner',
    },
    { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
  );
  const response = await signInRequest(testApp.app, phone, PASSWORD, { host, staff: true });
  if (response.statusCode !== 200) {
    throw new Error(`staff sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return { token: signInReply.parse(response.json()).token, phone, userId: staff.id };
}
