import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type {
  PhoneLookupReply,
  RecoveryCodeReply,
  RecoveryRequest,
  RecoverySmsRequest,
  RegistrationRequest,
  SignInReply,
  SignInRequest,
  SuccessReply,
} from '@comanda/contract';
import { firstName } from '@comanda/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { checkFullName, checkPassword } from '../../lib/account-fields.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import {
  type HashOptions,
  hashing,
  hashPassword,
  isPasswordHash,
  MAX_CONCURRENT_HASHES,
  needsRehash,
  type ScryptCost,
  verifyPassword,
} from '../../lib/password.ts';
import { accountWords } from '../../lib/password-strength.ts';
import { countryOfDdi, e164, loginDigitsOf, parseSignUpPhone } from '../../lib/phone.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import {
  createSession,
  endAccountSessions,
  endSession,
  pruneExpiredSessions,
  type SessionAccount,
  type SessionEnds,
  type SessionIdentity,
} from '../../plugins/sessions.ts';
import { createCustomerAccount, findAccountByPhone, setPasswordHash } from '../customers/index.ts';
import { storeName } from '../menu/index.ts';
import type { SmsProvider } from '../sms/index.ts';
import { findStaffByPhone, setStaffPasswordHash } from '../staff/index.ts';
import { FairLane, InFlight } from './admission.ts';
import { type DeviceAccount, knownDeviceOf, knownDeviceValue } from './known-device.ts';
import { LIMITS } from './limits.ts';
import * as repo from './repository.ts';

export const RECOVERY_CODE_TTL_MINUTES = 10;
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;
/** A known device's tries at a code are held only by recoveryPerAddress (20 an hour). */
const KNOWN_DEVICE_CODE_ATTEMPTS = 1000;
/** 144 random bits (issue 5 asks for 128 or more). */
const PRIVACY_TOKEN_BYTES = 18;

export interface StoreRef {
  id: number;
  slug: string;
}

/** Who is asking: the client's address (rate-limit key) and its known-device cookie, if any. */
export interface Client {
  address: string;
  device?: string | undefined;
}

/** A reply and the known-device cookie value to set with it. */
export interface WithDevice<T> {
  reply: T;
  device: string;
}

/** Who may use a sign-in call: the storefront's customers, or the staff tools. */
export type Audience = 'customer' | 'staff';

export interface AuthServiceDeps {
  db: Database;
  now: () => Date;
  limiter: RateLimiter;
  sms: SmsProvider;
  /** Codes by WhatsApp where the store has an active channel (the WhatsApp module); SMS otherwise. */
  whatsappCodes?: {
    codesAvailable(storeId: number): Promise<boolean>;
    sendCode(storeId: number, phoneE164: string, code: string): Promise<void>;
  };
  /** Told when sessions end, so this instance closes their event streams at once. */
  sessionEnds: SessionEnds;
  log: FastifyBaseLogger;
  passwordCost: ScryptCost;
  sessionTtlDays: number;
}

export const invalidCredentials = () =>
  new AppError(
    'invalid',
    'INVALID_CREDENTIALS',
    'Telefone ou senha incorretos! Verifique os dados e tente novamente.',
  );
const invalidCode = () =>
  invalid('INVALID_CODE', 'Código inválido ou expirado. Peça um novo código e tente de novo.', 'code');
const invalidPhone = (field: string) => invalid('INVALID_PHONE', 'Informe um celular válido.', field);

/**
 * Sign-ins checked at once on this instance, per lane (admission.ts): each holds a database
 * connection through its limit counters, so a flood held to 4 at a time cannot take the pool (or
 * PGlite's one connection) from a customer.
 */
const SIGN_INS_IN_FLIGHT = MAX_CONCURRENT_HASHES * 2;
/** Ordinary sign-ins that may wait for a place: about two hashes' time each at most. */
const SIGN_INS_WAITING = 8;
const SIGN_IN_MAX_WAIT_MS = 5_000;
const SIGN_IN_SOURCE_MEMORY_MS = 60_000;

const deviceAccount = (account: {
  storeId: number;
  id: number;
  passwordHash: string;
  staff?: boolean;
}): DeviceAccount => ({
  storeId: account.storeId,
  id: account.id,
  passwordHash: account.passwordHash,
  ...(account.staff ? { staff: true } : {}),
});

/** The account a sign-in names, and the device nonce when its cookie is a known device of it. */
interface Found {
  account: SignInAccount | undefined;
  device: string | null;
}

/** Who a sign-in checks the password of: a customer, or a member of the store's team. */
interface SignInAccount {
  id: number;
  storeId: number;
  phone: string;
  passwordHash: string;
  staff: boolean;
}

const hashCode = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('base64url');

/** The account calls of spec section 7 "Authentication and account". */
export class AuthService {
  private dummyHash: Promise<string> | undefined;
  /** Sign-ins without a known device of the account, shared fairly between client addresses. */
  private readonly ordinarySignIns = new FairLane({
    running: SIGN_INS_IN_FLIGHT,
    waiting: SIGN_INS_WAITING,
    maxWaitMs: SIGN_IN_MAX_WAIT_MS,
    memoryMs: SIGN_IN_SOURCE_MEMORY_MS,
  });
  /** Known devices of the account only (their cookie checked), so no flood can fill it. */
  private readonly deviceSignIns = new InFlight(SIGN_INS_IN_FLIGHT);

  constructor(private readonly deps: AuthServiceDeps) {}

  /** GET /core/telefone_login_app/{digits} */
  async lookupPhone(store: StoreRef, digits: string, address: string): Promise<PhoneLookupReply> {
    const { db, limiter, now } = this.deps;
    await limiter.consume(store.id, LIMITS.lookupPerAddress, address, now());
    const phone = loginDigitsOf(digits);
    const account = phone ? await findAccountByPhone(db, store.id, phone) : undefined;
    if (!account) throw notFound('PHONE_NOT_FOUND', 'Telefone não encontrado.');
    return { cliente_id: account.id, nome_cliente: firstName(account.nome), user_id: account.id };
  }

  /**
   * POST /core/v2/auth/api-token-auth-without-email/ (customers; staff accounts: 403 STAFF_ACCOUNT)
   * and POST /staff/auth/sign-in (staff only). A known device of the account is not held by the
   * per-phone and per-store limits, and signs in through a lane and a hash slot of its own; the
   * others share their lane fairly between addresses (docs/decisions/0020 and its addendum).
   */
  async signIn(
    store: StoreRef,
    body: SignInRequest,
    client: Client,
    audience: Audience = 'customer',
  ): Promise<WithDevice<SignInReply>> {
    const phone = loginDigitsOf(body.username);
    // A device cookie is checked before choosing the lane (one indexed read): a forged or another
    // account's cookie takes the ordinary lane, so a flood cannot fill the known devices' one.
    let found: Found | null = null;
    if (client.device && phone) {
      const account = await this.signInAccount(store.id, phone, audience);
      found = { account, device: account ? knownDeviceOf(client.device, deviceAccount(account)) : null };
    }
    const leave = found?.device
      ? this.deviceSignIns.enter()
      : await this.ordinarySignIns.enter(client.address);
    try {
      return await this.checkSignIn(store, body, client, audience, phone, found);
    } finally {
      leave();
    }
  }

  private async checkSignIn(
    store: StoreRef,
    body: SignInRequest,
    client: Client,
    audience: Audience,
    phone: string | null,
    found: Found | null,
  ): Promise<WithDevice<SignInReply>> {
    const { db, limiter, now, passwordCost } = this.deps;
    // Staff phones are counted apart from customers' (the same phone may be both at one store).
    const phoneDigits = phone ?? body.username.replace(/\D/g, '').slice(0, 20);
    const phoneKey = audience === 'staff' ? `staff:${phoneDigits}` : phoneDigits;
    const account = found
      ? found.account
      : phone
        ? await this.signInAccount(store.id, phone, audience)
        : undefined;
    const device = found?.device ?? null;

    if (device) {
      await limiter.beginAttempt(store.id, LIMITS.signInPerDevice, device, now());
    } else {
      await limiter.beginAttempt(store.id, LIMITS.signInPerAddress, client.address, now());
      await limiter.beginAttempt(store.id, LIMITS.signInPerPhone, `${phoneKey}@${client.address}`, now());
      await limiter.beginAttempt(store.id, LIMITS.signInPerPhoneAnywhere, phoneKey, now());
      await limiter.consume(store.id, LIMITS.signInPerStore, 'all', now());
    }

    const hashOptions: HashOptions = { priority: device !== null };
    // An unknown phone, or an account with no password yet (made at the counter), costs a hash
    // too, so the answer's timing does not tell them apart from a wrong password.
    const ok = await hashing(
      account && isPasswordHash(account.passwordHash)
        ? verifyPassword(body.password, account.passwordHash, hashOptions)
        : verifyPassword(body.password, await this.dummy()).then(() => false),
    );
    if (!account || !ok) throw invalidCredentials();

    if (device) {
      await limiter.clear(store.id, LIMITS.signInPerDevice, device);
    } else {
      await limiter.clear(store.id, LIMITS.signInPerPhone, `${phoneKey}@${client.address}`);
      await limiter.forgive(store.id, LIMITS.signInPerAddress, client.address, now());
    }
    let passwordHash = account.passwordHash;
    if (needsRehash(account.passwordHash, passwordCost)) {
      passwordHash = await hashing(hashPassword(body.password, passwordCost, hashOptions));
      await (account.staff ? setStaffPasswordHash : setPasswordHash)(db, store.id, account.id, {
        passwordHash,
        updatedAt: now(),
      });
    }
    const { token } = await this.startSession(
      store,
      account.staff ? { staffId: account.id } : { customerId: account.id },
    );
    return {
      reply: { token, user: { id: account.id, username: account.phone, is_superuser: account.staff } },
      device: knownDeviceValue({ ...deviceAccount(account), passwordHash }),
    };
  }

  /** POST /core/registration_app/ */
  async register(store: StoreRef, body: RegistrationRequest, address: string): Promise<WithDevice<string>> {
    const { db, limiter, now, passwordCost } = this.deps;
    const country = countryOfDdi(body.ddi);
    if (!country) throw invalidPhone('ddi');
    const phone = parseSignUpPhone(country, body.cellphone);
    if (!phone) throw invalidPhone('cellphone');
    const nome = checkFullName(body.name);
    const password = await checkPassword(
      body.password,
      accountWords(await storeName(db, store.id), store.slug, nome, body.cellphone),
    );
    if (body.terms !== true) throw invalid('TERMS_REQUIRED', 'É preciso aceitar os termos de uso.', 'terms');

    await limiter.consume(store.id, LIMITS.signUpPerAddress, address, now());
    if (await findAccountByPhone(db, store.id, phone.loginDigits)) throw phoneTaken();
    const passwordHash = await hashing(hashPassword(password, passwordCost));
    const at = now();
    const account = await createCustomerAccount(db, {
      storeId: store.id,
      phone: phone.loginDigits,
      phoneCountry: phone.country,
      nome,
      passwordHash,
      sendPromo: body.send_promo === true,
      privacyToken: randomBytes(PRIVACY_TOKEN_BYTES).toString('base64url'),
      termsAcceptedAt: at,
      passwordChangedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    if (!account) throw phoneTaken();
    const { token } = await this.startSession(store, { customerId: account.id });
    return { reply: token, device: knownDeviceValue(deviceAccount(account)) };
  }

  /** POST /core/v2/auth/session-logout/ */
  async logout(session: SessionIdentity): Promise<SuccessReply> {
    await endSession(this.deps.db, session.storeId, session.sessionId);
    this.deps.sessionEnds.announce({ storeId: session.storeId, sessionId: session.sessionId });
    return { success: true, detail: 'Você saiu da sua conta.' };
  }

  /**
   * POST /core/send_sms_recovery_password_app/: the same answer whether or not the phone has an
   * account (no enumeration); the code goes out only when it has.
   */
  async requestRecoveryCode(
    store: StoreRef,
    body: RecoverySmsRequest,
    client: Client,
  ): Promise<RecoveryCodeReply> {
    const { db, limiter, now, sms, log, whatsappCodes } = this.deps;
    const phone = loginDigitsOf(body.cellphone);
    if (!phone) throw invalidPhone('cellphone');
    const account = await findAccountByPhone(db, store.id, phone);
    const known = account ? knownDeviceOf(client.device, deviceAccount(account)) !== null : false;
    await limiter.consume(store.id, LIMITS.smsPerAddress, client.address, now());
    await limiter.consume(store.id, LIMITS.smsPerPhone, `${phone}@${client.address}`, now());
    // Requests from elsewhere cannot use up the owner's own recovery (finding 5 of issue 18).
    if (!known) await limiter.consume(store.id, LIMITS.smsPerPhoneAnywhere, phone, now());

    // WhatsApp first where the store has it (docs/decisions/0072), unless the customer asks for SMS.
    let canal: 'whatsapp' | 'sms' =
      body.canal !== 'sms' && whatsappCodes && (await whatsappCodes.codesAvailable(store.id))
        ? 'whatsapp'
        : 'sms';
    if (account) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = randomBytes(16).toString('base64url');
      const at = now();
      await repo.replaceRecoveryCode(db, {
        storeId: store.id,
        customerId: account.id,
        codeHash: `${salt}$${hashCode(salt, code)}`,
        createdAt: at,
        expiresAt: new Date(at.getTime() + RECOVERY_CODE_TTL_MINUTES * 60_000),
      });
      const name = ((await storeName(db, store.id)) ?? 'Comanda').slice(0, 30);
      const shown = `${code.slice(0, 3)}-${code.slice(3)}`;
      const text = `${name}: seu código para criar uma nova senha é ${shown}. Vale ${RECOVERY_CODE_TTL_MINUTES} minutos.`;
      const phoneE164 = e164(account.phoneCountry, account.phone);
      if (canal === 'whatsapp' && whatsappCodes) {
        try {
          await whatsappCodes.sendCode(store.id, phoneE164, code);
        } catch (error) {
          // WhatsApp refused or could not be reached: the code goes by SMS instead.
          log.warn({ err: error }, 'recovery code not sent by WhatsApp: SMS instead');
          canal = 'sms';
        }
      }
      if (canal === 'sms') {
        try {
          await sms.send(phoneE164, text, { storeId: store.id, secret: shown });
        } catch (error) {
          // Answering otherwise would tell that the phone has an account; the operator sees the log.
          log.error({ err: error, provider: sms.name }, 'recovery SMS not sent');
        }
      }
    }
    return {
      success: true,
      detail:
        canal === 'whatsapp'
          ? 'Se este telefone tiver cadastro, enviamos um código pelo WhatsApp.'
          : 'Se este telefone tiver cadastro, enviamos um código por SMS.',
      canal,
    };
  }

  /** POST /core/recovery_password_app/: a right code sets the new password and ends every session. */
  async resetPassword(
    store: StoreRef,
    body: RecoveryRequest,
    client: Client,
  ): Promise<WithDevice<SuccessReply>> {
    const { db, limiter, now, passwordCost } = this.deps;
    await limiter.consume(store.id, LIMITS.recoveryPerAddress, client.address, now());
    const password = await checkPassword(
      body.password,
      accountWords(await storeName(db, store.id), store.slug, body.cellphone),
    );
    const phone = loginDigitsOf(body.cellphone);
    const code = body.code.replace(/\D/g, '');
    if (!phone || code.length !== 6) throw invalidCode();

    const account = await findAccountByPhone(db, store.id, phone);
    if (!account) throw invalidCode();
    // Wrong codes sent from elsewhere must not use up the tries of the owner's device.
    const known = knownDeviceOf(client.device, deviceAccount(account)) !== null;
    const attempt = await repo.takeRecoveryCodeAttempt(
      db,
      store.id,
      account.id,
      now(),
      known ? KNOWN_DEVICE_CODE_ATTEMPTS : RECOVERY_CODE_MAX_ATTEMPTS,
    );
    if (!attempt) throw invalidCode();
    const [salt = '', expected = ''] = attempt.codeHash.split('$');
    const given = Buffer.from(hashCode(salt, code));
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected)))
      throw invalidCode();

    const passwordHash = await hashing(hashPassword(password, passwordCost, { priority: known }));
    const at = now();
    const changed = await db.transaction(async (tx) => {
      if (!(await repo.useRecoveryCode(tx, attempt.id, at))) return false;
      await setPasswordHash(tx, store.id, account.id, { passwordHash, passwordChangedAt: at, updatedAt: at });
      await endAccountSessions(tx, store.id, { customerId: account.id });
      return true;
    });
    if (!changed) throw invalidCode();
    this.deps.sessionEnds.announce({ storeId: store.id, customerId: account.id });
    // The customer signs in right after (spec section 4 "Recovery"): earlier failures no longer count.
    await limiter.clear(store.id, LIMITS.signInPerPhone, `${phone}@${client.address}`);
    return {
      reply: { success: true, detail: 'Senha alterada com sucesso!' },
      device: knownDeviceValue({ ...deviceAccount(account), passwordHash }),
    };
  }

  /** Housekeeping: expired sessions, dead recovery codes, idle limit counters. */
  async pruneExpired(): Promise<void> {
    const { db, now, limiter } = this.deps;
    await pruneExpiredSessions(db, now());
    await repo.pruneDeadRecoveryCodes(db, now());
    await limiter.pruneIdle(now());
  }

  private async signInAccount(
    storeId: number,
    phone: string,
    audience: Audience,
  ): Promise<SignInAccount | undefined> {
    const row =
      audience === 'staff'
        ? await findStaffByPhone(this.deps.db, storeId, phone)
        : await findAccountByPhone(this.deps.db, storeId, phone);
    return row && { ...row, staff: audience === 'staff' };
  }

  private startSession(store: StoreRef, account: SessionAccount) {
    return createSession(this.deps.db, {
      storeId: store.id,
      storeSlug: store.slug,
      account,
      now: this.deps.now(),
      ttlDays: this.deps.sessionTtlDays,
    });
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'), this.deps.passwordCost);
    return this.dummyHash;
  }
}

const phoneTaken = () =>
  new AppError('conflict', 'PHONE_TAKEN', 'Este telefone já tem cadastro. Entre com a sua senha.', {
    field: 'cellphone',
  });
