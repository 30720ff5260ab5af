import type {
  CodeChannel,
  PhoneLookupReply,
  RecoveryCodeReply,
  SignInReply,
  SuccessReply,
} from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { codeChannelOf } from '../model/code-channel.ts';

/*
 * The account calls of spec section 7 "Authentication and account", each answered as the outcome a
 * screen acts on (spec section 8): a refusal, the server's own words, or no connection.
 */

/**
 * A failure the server explained (its `detail`, and its `code` when the screen has its own words
 * for it), or no usable answer at all (network, 5xx).
 */
export type Failure = { kind: 'problem'; detail: string; code?: string } | { kind: 'offline' };

function detailOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    return body.detail;
  }
  return null;
}

function codeOf(error: unknown): string | undefined {
  const body = error instanceof ApiError ? error.body : null;
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
    ? body.code
    : undefined;
}

/** 503 SIGN_IN_BUSY: the server is checking too many passwords; the visitor can retry soon. */
const isBusy = (error: unknown) => error instanceof ApiError && error.status === 503;

function failure(error: unknown): Failure {
  if (isBusy(error)) return { kind: 'problem', detail: '', code: 'SIGN_IN_BUSY' };
  const detail = detailOf(error);
  if (!detail) return { kind: 'offline' };
  const code = codeOf(error);
  return code ? { kind: 'problem', detail, code } : { kind: 'problem', detail };
}

const isThrottled = (error: unknown) => error instanceof ApiError && error.status === 429;

export type LookupOutcome =
  /** The phone has an account: the password step. */
  | { kind: 'found'; name: string }
  /** No account (404, or a customer without a user): the sign-up step, with the name if known. */
  | { kind: 'not-found'; name: string }
  | { kind: 'throttled'; detail: string }
  | { kind: 'offline' };

/** GET /core/telefone_login_app/{digits} */
export async function lookupPhone(loginDigits: string): Promise<LookupOutcome> {
  try {
    const reply = await apiFetch<PhoneLookupReply>(`/core/telefone_login_app/${loginDigits}`);
    if (reply?.user_id) return { kind: 'found', name: reply.nome_cliente ?? '' };
    return { kind: 'not-found', name: reply?.nome_cliente ?? '' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found', name: '' };
    const detail = detailOf(error);
    if (isThrottled(error) && detail) return { kind: 'throttled', detail };
    return { kind: 'offline' };
  }
}

export type SignInOutcome =
  | { kind: 'signed-in'; token: string }
  /** Wrong phone or password, any other non-OK answer, no token, or a staff account (spec section 6). */
  | { kind: 'refused' }
  | { kind: 'throttled'; detail: string }
  /** 503: too many sign-ins being checked right now. */
  | { kind: 'busy' }
  | { kind: 'offline' };

/** Ends a session the storefront will not use (a staff account's). */
function revoke(token: string): void {
  apiFetch('/core/v2/auth/session-logout/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => {
    // It expires on its own; nothing to tell the visitor.
  });
}

/** POST /core/v2/auth/api-token-auth-without-email/ */
export async function signIn(loginDigits: string, password: string): Promise<SignInOutcome> {
  let reply: SignInReply | null;
  try {
    reply = await apiFetch<SignInReply>('/core/v2/auth/api-token-auth-without-email/', {
      method: 'POST',
      json: { username: loginDigits, password },
    });
  } catch (error) {
    const detail = detailOf(error);
    if (isThrottled(error) && detail) return { kind: 'throttled', detail };
    if (isBusy(error)) return { kind: 'busy' };
    if (error instanceof ApiError) return { kind: 'refused' };
    return { kind: 'offline' };
  }
  const token = typeof reply?.token === 'string' && reply.token !== '' ? reply.token : null;
  if (!token) return { kind: 'refused' };
  if (reply?.user?.is_superuser) {
    revoke(token);
    return { kind: 'refused' };
  }
  return { kind: 'signed-in', token };
}

export interface SignUpInput {
  name: string;
  password: string;
  /** The national number as typed. */
  cellphone: string;
  /** The country's calling code, digits only ('55'). */
  ddi: string;
  sendPromo: boolean;
}

export type SignUpOutcome = { kind: 'signed-in'; token: string } | Failure;

/** POST /core/registration_app/: the reply's detail is the session token. */
export async function signUp(input: SignUpInput): Promise<SignUpOutcome> {
  try {
    const reply = await apiFetch<{ success?: boolean; detail?: string }>('/core/registration_app/', {
      method: 'POST',
      json: {
        name: input.name.trim(),
        password: input.password,
        terms: true,
        cellphone: input.cellphone,
        ddi: input.ddi,
        send_promo: input.sendPromo,
      },
    });
    if (reply?.success && typeof reply.detail === 'string' && reply.detail !== '') {
      return { kind: 'signed-in', token: reply.detail };
    }
    return typeof reply?.detail === 'string'
      ? { kind: 'problem', detail: reply.detail }
      : { kind: 'offline' };
  } catch (error) {
    return failure(error);
  }
}

export type MessageOutcome = { kind: 'done'; detail: string } | Failure;

async function messageCall(path: string, json: unknown): Promise<MessageOutcome> {
  try {
    const reply = await apiFetch<Partial<SuccessReply> & { success?: boolean }>(path, {
      method: 'POST',
      json,
    });
    if (reply?.success) return { kind: 'done', detail: reply.detail ?? '' };
    return typeof reply?.detail === 'string'
      ? { kind: 'problem', detail: reply.detail }
      : { kind: 'offline' };
  } catch (error) {
    return failure(error);
  }
}

export type CodeOutcome = { kind: 'done'; detail: string; canal: CodeChannel } | Failure;

/**
 * POST /core/send_sms_recovery_password_app/: `canal` asks for SMS (or WhatsApp); without it the
 * server picks WhatsApp where the store has the channel. The reply names the one used (issue 36).
 */
export async function requestRecoveryCode(loginDigits: string, canal?: CodeChannel): Promise<CodeOutcome> {
  try {
    const reply = await apiFetch<Partial<RecoveryCodeReply> & { success?: boolean }>(
      '/core/send_sms_recovery_password_app/',
      { method: 'POST', json: canal ? { cellphone: loginDigits, canal } : { cellphone: loginDigits } },
    );
    if (reply?.success)
      return { kind: 'done', detail: reply.detail ?? '', canal: codeChannelOf(reply.canal) };
    return typeof reply?.detail === 'string'
      ? { kind: 'problem', detail: reply.detail }
      : { kind: 'offline' };
  } catch (error) {
    return failure(error);
  }
}

/** POST /core/recovery_password_app/ */
export const resetPassword = (loginDigits: string, code: string, password: string) =>
  messageCall('/core/recovery_password_app/', { cellphone: loginDigits, code, password });
