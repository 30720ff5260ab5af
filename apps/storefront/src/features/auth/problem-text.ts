import type { Failure } from './api/auth-api.ts';
import type { useAuthT } from './auth-texts.ts';

type AuthT = ReturnType<typeof useAuthT>;

/** Refusals the screens word themselves (translated); any other keeps the server's detail. */
const OWN_WORDS = {
  BLANK_PASSWORD: 'blankPassword',
  COMMON_PASSWORD: 'commonPassword',
  WEAK_PASSWORD: 'weakPassword',
  PASSWORD_CHECK_BUSY: 'passwordCheckBusy',
  SIGN_IN_BUSY: 'signinBusy',
} as const;

const hasOwnWords = (code: string | undefined): code is keyof typeof OWN_WORDS =>
  code !== undefined && Object.hasOwn(OWN_WORDS, code);

/** What a failed account call shows: the translated refusal, the server's words, or 'connection error'. */
export function problemText(outcome: Failure, t: AuthT): string {
  if (outcome.kind === 'offline') return t('connectionError');
  return hasOwnWords(outcome.code) ? t(OWN_WORDS[outcome.code]) : outcome.detail;
}
