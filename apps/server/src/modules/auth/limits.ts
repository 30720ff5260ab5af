/**
 * Every abuse limit of the account calls (and of the maps stand-in), in one place. Counters live in the database
 * (rate_limits), so they hold across server instances; each store counts separately.
 *
 * - `window`: at most `max` uses per `windowSeconds`, counted from the first use of the window.
 * - `backoff`: consecutive failures; from the `freeFailures`-th on, each failure blocks the next
 *   attempt for `baseSeconds`·2^(failures − freeFailures), at most `maxSeconds`. A success clears a
 *   phone's failures; failures are forgotten `forgetAfterSeconds` after the last one.
 *
 * Per-address limits are generous because many customers share one address behind a mobile
 * carrier's NAT; RATE_LIMIT_MULTIPLIER scales every `max` and `freeFailures` (demos, browser tests).
 */

export interface WindowRule {
  kind: 'window';
  /** Prefix of the counter's key. */
  name: string;
  max: number;
  windowSeconds: number;
  /** Shown before "Tente novamente em …". */
  message: string;
}

export interface BackoffRule {
  kind: 'backoff';
  name: string;
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
  message: string;
}

export type LimitRule = WindowRule | BackoffRule;

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
  /**
   * Maps stand-in calls (autocomplete, geocode, reverse) from one address. The storefront debounces
   * autocomplete by 400 ms, so one customer adding an address makes a few dozen calls at most.
   */
  mapsPerAddress: {
    kind: 'window',
    name: 'maps-address',
    max: 300,
    windowSeconds: 10 * MINUTE,
    message: 'Muitas buscas de endereço.',
  },
} as const satisfies Record<string, LimitRule>;

/** When an address stops being one customer: a /64 for IPv6, the address itself for IPv4. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const [head = '', tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** "30 segundos", "1 minuto", "15 minutos". */
export function waitText(seconds: number): string {
  if (seconds < MINUTE) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / MINUTE);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
