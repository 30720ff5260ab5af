import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError } from './errors.ts';

/*
 * How guessable a new password is (issue 30, F6), by zxcvbn-ts with its common and Brazilian
 * Portuguese dictionaries and the account's own words (the store's name and address, the person's
 * name and phone): `aaaaaaaa`, `12341234`, `comanda123` or a pizzeria's own name are refused, a
 * phrase of a few words passes. Server side only; the storefront shows the server's refusal.
 *
 * The estimate runs in a worker thread (WORKER below): it takes up to a few hundred
 * milliseconds of CPU on digit patterns, which would stall every other request on the event loop,
 * and its dictionaries (about 36 MiB) are loaded on the first check and freed when the worker has
 * been idle a while (docs/decisions/0028: a small store's memory).
 */

/** zxcvbn's score 3: about 10^8 guesses or more, what zxcvbn calls safe against slow offline hashing. */
export const PASSWORD_MIN_SCORE = 3;
/**
 * Only this many leading characters are estimated: the estimate's cost grows with the length, and a
 * password whose first 64 characters are hard to guess is hard to guess.
 */
export const PASSWORD_ESTIMATE_CHARS = 64;
/** Estimates that may wait; beyond it 503 PASSWORD_CHECK_BUSY rather than a queue behind a flood. */
export const MAX_WAITING_ESTIMATES = 16;
const IDLE_MS = 60_000;

export type PasswordStrengthProblem = 'COMMON_PASSWORD' | 'WEAK_PASSWORD';

interface StrengthRequest {
  id: number;
  password: string;
  userInputs: string[];
}

interface StrengthReply {
  id: number;
  /** zxcvbn's 0-4. */
  score: number;
  /** On the leaked-password list (ignoring case and surrounding spaces). */
  common: boolean;
}

/*
 * The worker's code, plain CommonJS: an evaluated worker runs the same from the TypeScript sources
 * (tests, `npm run dev`) and from the compiled server, with no entry of its own. The packages are
 * required by the paths this module resolved.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const ptBr = require(workerData.ptBr);
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...ptBr.dictionary },
  graphs: common.adjacencyGraphs,
  translations: ptBr.translations,
});
const leaked = new Set(common.dictionary['passwords-common']);
parentPort.on('message', ({ id, password, userInputs }) => {
  const { score } = zxcvbn.check(password, userInputs);
  parentPort.postMessage({ id, score, common: leaked.has(password.trim().toLowerCase()) });
});
`;

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (reply: StrengthReply) => void; reject: (e: Error) => void }>();

function startWorker(): Worker {
  const resolve = createRequire(import.meta.url).resolve;
  const started = new Worker(WORKER, {
    eval: true,
    execArgv: [],
    workerData: {
      core: resolve('@zxcvbn-ts/core'),
      common: resolve('@zxcvbn-ts/language-common'),
      ptBr: resolve('@zxcvbn-ts/language-pt-br'),
    },
  });
  started.unref();
  started.on('message', (reply: StrengthReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    waiting?.resolve(reply);
    if (pending.size === 0) scheduleIdleStop();
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`password strength worker exited (${code})`)));
  return started;
}

function scheduleIdleStop(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (pending.size > 0 || !worker) return;
    const stopping = worker;
    worker = undefined;
    void stopping.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}

const busy = () =>
  new AppError(
    'unavailable',
    'PASSWORD_CHECK_BUSY',
    'Muitas senhas sendo verificadas agora. Tente de novo em alguns segundos.',
    { retryAfterSeconds: 5 },
  );

function estimate(password: string, userInputs: string[]): Promise<StrengthReply> {
  if (pending.size >= MAX_WAITING_ESTIMATES) return Promise.reject(busy());
  clearTimeout(idleTimer);
  worker ??= startWorker();
  const request: StrengthRequest = {
    id: nextId++,
    password: [...password].slice(0, PASSWORD_ESTIMATE_CHARS).join(''),
    userInputs,
  };
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve, reject });
    worker!.postMessage(request);
  });
}

/** Why the password is too easy to guess, or null. */
export async function passwordStrengthProblem(
  password: string,
  userInputs: readonly string[],
): Promise<PasswordStrengthProblem | null> {
  const reply = await estimate(password, [...userInputs]);
  if (reply.common) return 'COMMON_PASSWORD';
  return reply.score < PASSWORD_MIN_SCORE ? 'WEAK_PASSWORD' : null;
}

/**
 * The words of an account a password must not lean on: each given text whole, word by word, and
 * run together (`Forno & Brasa` gives `forno`, `brasa`, `fornobrasa` and `fornoebrasa`); a phone's
 * digits with and without the country and area codes; and the product's own name.
 */
export function accountWords(...texts: (string | null | undefined)[]): string[] {
  const words = new Set<string>(['comanda']);
  for (const text of texts) {
    if (!text) continue;
    const lower = text.normalize('NFC').toLowerCase().trim();
    if (!lower) continue;
    const digits = lower.replace(/\D/g, '');
    if (digits.length >= 8 && digits.length === lower.replace(/[\s()+.-]/g, '').length) {
      for (const tail of [digits, digits.slice(-11), digits.slice(-9), digits.slice(-8)]) words.add(tail);
      continue;
    }
    words.add(lower);
    const parts = lower.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length > 1);
    for (const part of parts) words.add(part);
    words.add(parts.join(''));
    words.add(
      lower
        .replace(/\s*&\s*/g, ' e ')
        .split(/[^\p{L}\p{N}]+/u)
        .join(''),
    );
  }
  words.delete('');
  return [...words];
}
