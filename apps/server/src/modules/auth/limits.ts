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
  /** Password guesses against one phone: 5 free, then 30 s, 1 min, 2 min … up to 15 min between tries. */
  signInPerPhone: {
    kind: 'backoff',
    name: 'signin-phone',
    freeFailures: 5,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: SIGN_IN_MESSAGE,
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
  /** Recovery SMS to one phone (counted whether or not the phone has an account). */
  smsPerPhone: {
    kind: 'window',
    name: 'sms-phone',
    max: 3,
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
