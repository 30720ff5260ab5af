import type { BackoffRule } from '../../plugins/rate-limit.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The guesses the role rules allow (issue 33), held like the sign-in's (auth/limits.ts): a few free
 * failures, then a back-off from 30 s doubling up to 15 min.
 */
export const ROLE_LIMITS = {
  /** Wrong passwords confirming an owner's action, per member. */
  ownerPassword: {
    kind: 'backoff',
    name: 'owner-password',
    freeFailures: 5,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: 'Muitas tentativas de senha.',
  },
  /** Wrong approval codes typed on one member's device. */
  approvalCodePerMember: {
    kind: 'backoff',
    name: 'approval-code',
    freeFailures: 5,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: 'Muitas tentativas de código.',
  },
  /** Wrong approval codes in the whole store (a 4-digit code is 10 000 guesses). */
  approvalCodePerStore: {
    kind: 'backoff',
    name: 'approval-code-store',
    freeFailures: 20,
    baseSeconds: 30,
    maxSeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
    message: 'Muitas tentativas de código.',
  },
} as const satisfies Record<string, BackoffRule>;
