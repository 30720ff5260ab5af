import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors.ts';

/**
 * Password hashing with scrypt (argon2id would need a native build here). OWASP's Password Storage
 * Cheat Sheet: N=2^17, r=8, p=1 (128 MiB, about 0.3 s per hash). The stored string names its own
 * parameters, `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (PHC string format, base64 without padding),
 * so the cost can change later and old hashes still verify (and are re-hashed at the next sign-in).
 */

export interface ScryptCost {
  /** log2 of N. */
  ln: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT_COST: ScryptCost = { ln: 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/**
 * Each hash holds 128·N·r bytes (128 MiB at OWASP's cost) on a libuv thread; two at a time keeps
 * a burst of sign-ins from taking the memory and the whole thread pool.
 */
export const MAX_CONCURRENT_HASHES = 2;
/**
 * Hashes that may wait for a slot. Beyond it a request is refused at once (HashingBusyError, a 503
 * with Retry-After) rather than queued behind a flood: a queue of 8 drains in about 4 hashes' time.
 */
export const MAX_WAITING_HASHES = 8;
/** The priority lane (known devices of the account) has its own bound. */
export const MAX_WAITING_PRIORITY_HASHES = 8;
/**
 * Hash slots only the priority lane may take, beyond the shared ones: a flood holding every shared
 * slot cannot make a known device wait for one of its hashes to end. An ordinary hash starts only
 * while fewer than MAX_CONCURRENT_HASHES run in all, so a priority hash shares the cores with at
 * most the ordinary ones already running, and with one of them once either ends.
 */
export const RESERVED_PRIORITY_HASHES = 1;

export class HashingBusyError extends Error {
  constructor() {
    super('password hashing queue is full');
  }
}

export interface HashOptions {
  /** Served before every ordinary waiting hash (a device the account signed in on before). */
  priority?: boolean;
}

let running = 0;
const waiting: (() => void)[] = [];
const waitingPriority: (() => void)[] = [];

const slotsFor = (priority: boolean) =>
  priority ? MAX_CONCURRENT_HASHES + RESERVED_PRIORITY_HASHES : MAX_CONCURRENT_HASHES;

async function withHashSlot<T>(work: () => Promise<T>, options: HashOptions): Promise<T> {
  const priority = options.priority === true;
  if (running >= slotsFor(priority)) {
    const lane = priority ? waitingPriority : waiting;
    const bound = priority ? MAX_WAITING_PRIORITY_HASHES : MAX_WAITING_HASHES;
    if (lane.length >= bound) throw new HashingBusyError();
    // The slot is taken for this waiter by the hash that hands it over (handOver).
    await new Promise<void>((resolve) => lane.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    running -= 1;
    handOver();
  }
}

/** Starts the waiting hashes the free slots allow, the priority lane first. */
function handOver(): void {
  for (;;) {
    const next =
      waitingPriority.length > 0 && running < slotsFor(true)
        ? waitingPriority.shift()
        : waiting.length > 0 && running < slotsFor(false)
          ? waiting.shift()
          : undefined;
    if (!next) return;
    running += 1;
    next();
  }
}

function derive(password: string, salt: Buffer, cost: ScryptCost, options: HashOptions): Promise<Buffer> {
  const N = 2 ** cost.ln;
  const scryptOptions: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r * cost.p };
  // NFKC: the same password typed on different keyboards (composed or decomposed accents) matches.
  const normalized = password.normalize('NFKC');
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(normalized, salt, KEY_BYTES, scryptOptions, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    options,
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(
  password: string,
  cost: ScryptCost = OWASP_SCRYPT_COST,
  options: HashOptions = {},
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, options);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(key)}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

const HASH_FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parseHash(stored: string): ParsedHash | null {
  const match = HASH_FORMAT.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const cost = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (cost.ln < 1 || cost.ln > 22 || cost.r < 1 || cost.p < 1) return null;
  return { cost, salt: Buffer.from(salt!, 'base64'), key: Buffer.from(key!, 'base64') };
}

/** Whether a stored value is a password hash at all (an account made at the counter has none yet). */
export function isPasswordHash(stored: string): boolean {
  return parseHash(stored) !== null;
}

export async function verifyPassword(
  password: string,
  stored: string,
  options: HashOptions = {},
): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost, options);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than the current ones. */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost.ln !== cost.ln || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}

export function scryptCost(ln: number): ScryptCost {
  return { ...OWASP_SCRYPT_COST, ln };
}

/** 503 SIGN_IN_BUSY: every hash slot is taken and the queue is full (a flood of sign-ins). */
export const hashingBusy = () =>
  new AppError(
    'unavailable',
    'SIGN_IN_BUSY',
    'Muitas pessoas entrando agora. Tente de novo em alguns segundos.',
    {
      retryAfterSeconds: 5,
    },
  );

/** Awaits a hash, answering 503 SIGN_IN_BUSY instead of failing when the hashing queue is full. */
export async function hashing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HashingBusyError) throw hashingBusy();
    throw error;
  }
}
