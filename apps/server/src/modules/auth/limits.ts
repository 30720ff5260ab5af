import type { LimitRule } from '../../plugins/rate-limit.ts';

/**
 * The abuse limits of the account calls, counted by the rate limiter (plugins/rate-limit.ts).
 *
 * Per-address limits are generous because many customers share one address behind a mobile
 * carrier's NAT; RATE_LIMIT_MULTIPLIER scales every `max` and `freeFailures` (demos, browser tests).
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const SIGN_IN_MESSAGE = 'Muitas tentativas de entrar.';

export const LIMITS = {
  /**
   * Password guesses against one phone from one address: 5 free, then 30 s, 1 min, 2 min … up to
   * 15 min between tries. Counted per address so guesses from elsewhere cannot lock the owner out.
   */
  signInPerPhone: {
    kind: 'backoff',
    name: 'signin-phone',
    freeFailures: 5,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: SIGN_IN_MESSAGE,
  },
  /**
   * Password guesses against one phone from anywhere (many addresses): 50 free, then the same
   * back-off. A known device of the account is not held by it (known-device.ts).
   */
  signInPerPhoneAnywhere: {
    kind: 'backoff',
    name: 'signin-phone-any',
    freeFailures: 50,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: SIGN_IN_MESSAGE,
  },
  /** Wrong passwords from a known device (someone else holding the owner's phone). */
  signInPerDevice: {
    kind: 'backoff',
    name: 'signin-device',
    freeFailures: 10,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: SIGN_IN_MESSAGE,
  },
  /**
   * Sign-ins of one store that reach the password hash, known devices aside: one store's flood
   * cannot take every hash of the server (about 10 a second at cost 17).
   */
  signInPerStore: {
    kind: 'window',
    name: 'signin-store',
    max: 120,
    windowSeconds: MINUTE,
    message: 'Muitas pessoas entrando agora.',
  },
  /** Failed sign-ins from one address, whatever the phone (password spraying). */
  signInPerAddress: {
    kind: 'backoff',
    name: 'signin-address',
    freeFailures: 20,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: SIGN_IN_MESSAGE,
  },
  /** Recovery SMS to one phone asked from one address (counted whether or not the phone has an account). */
  smsPerPhone: {
    kind: 'window',
    name: 'sms-phone',
    max: 3,
    windowSeconds: HOUR,
    message: 'Muitos códigos pedidos para este telefone.',
  },
  /** Recovery SMS to one phone from anywhere; a known device of the account is not held by it. */
  smsPerPhoneAnywhere: {
    kind: 'window',
    name: 'sms-phone-any',
    max: 10,
    windowSeconds: HOUR,
    message: 'Muitos códigos pedidos para este telefone.',
  },
  /** Recovery SMS requested from one address. */
  smsPerAddress: {
    kind: 'window',
    name: 'sms-address',
    max: 10,
    windowSeconds: HOUR,
    message: 'Muitos códigos pedidos a partir desta rede.',
  },
  /** Recovery-code submissions from one address (each code also dies after 5 wrong tries). */
  recoveryPerAddress: {
    kind: 'window',
    name: 'recovery-address',
    max: 20,
    windowSeconds: HOUR,
    message: 'Muitas tentativas de recuperar a senha.',
  },
  /** Accounts created from one address. */
  signUpPerAddress: {
    kind: 'window',
    name: 'signup-address',
    max: 10,
    windowSeconds: HOUR,
    message: 'Muitos cadastros feitos a partir desta rede.',
  },
  /** Phone lookups from one address (the lookup tells whether a phone has an account). */
  lookupPerAddress: {
    kind: 'window',
    name: 'lookup-address',
    max: 60,
    windowSeconds: HOUR,
    message: 'Muitas consultas de telefone.',
  },
} as const satisfies Record<string, LimitRule>;
