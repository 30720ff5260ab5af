import {
  errorReply,
  formatQuery,
  phoneLookupParams,
  phoneLookupReply,
  recoveryCodeReply,
  recoveryRequest,
  recoverySmsRequest,
  registrationReply,
  registrationRequest,
  signInReply,
  signInRequest,
  successReply,
} from '@comanda/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireSession, SECURITY_BEARER } from '../../plugins/auth.ts';
import { addressKey } from '../../plugins/rate-limit.ts';
import {
  KNOWN_DEVICE_COOKIE,
  knownDeviceCookieOf,
  knownDeviceSetCookie,
  STAFF_DEVICE_COOKIE,
} from './known-device.ts';
import type { AuthService, Client } from './service.ts';

const tags = ['account'];
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

const refusals = { 400: errorReply, 429: errorReply };
const busy = { 503: errorReply };

const clientOf = (request: FastifyRequest, staff = false): Client => ({
  address: addressKey(request.ip),
  device: knownDeviceCookieOf(request.headers.cookie, staff ? STAFF_DEVICE_COOKIE : KNOWN_DEVICE_COOKIE),
});

function rememberDevice(request: FastifyRequest, reply: FastifyReply, device: string, staff = false) {
  reply.header('set-cookie', knownDeviceSetCookie(device, request.protocol === 'https', staff));
}

const SIGN_IN_LIMITS =
  'After 5 failures on a phone from one address (50 from anywhere, 20 on any phone from one address) ' +
  'each try waits 30 s, doubling up to 15 min: 429 TOO_MANY_ATTEMPTS with Retry-After; 120 sign-ins a ' +
  'minute per store. A success sets the `comanda_device` cookie (httpOnly): that device is not held by ' +
  'the per-phone and per-store limits and signs in through a lane of its own. 503 SIGN_IN_BUSY ' +
  '(Retry-After) when too many passwords are being checked; the addresses that sent the most ' +
  'sign-ins in the last minute are turned away first.';

/** Phone sign-in, sign-up, logout and password recovery (spec section 7 "Authentication and account"). */
export function registerAuthRoutes(ctx: AppContext, services: { auth: AuthService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.auth;

  const housekeeping = setInterval(() => {
    service
      .pruneExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'account housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  app.get(
    '/core/telefone_login_app/:digits',
    {
      schema: {
        tags,
        summary: 'Who a phone belongs to (first step of sign-in)',
        description:
          'digits: the 11 national digits of a Brazilian mobile, or country code + national number elsewhere. ' +
          '404 PHONE_NOT_FOUND sends the storefront to sign-up. nome_cliente is the first name only. ' +
          'Limited per client address (429 TOO_MANY_ATTEMPTS with Retry-After).',
        params: phoneLookupParams,
        querystring: formatQuery,
        response: { 200: phoneLookupReply, 404: errorReply, ...refusals },
      },
    },
    (request) => service.lookupPhone(request.store, request.params.digits, addressKey(request.ip)),
  );

  app.post(
    '/core/v2/auth/api-token-auth-without-email/',
    {
      schema: {
        tags,
        summary: 'Sign in with phone and password',
        description:
          'username: the login digits. The token is `<base64url JSON {user_id, store, exp}>.<secret>`; ' +
          'send it as `Authorization: Bearer <token>`. Unknown phone and wrong password both answer 400 ' +
          'INVALID_CREDENTIALS (staff accounts are apart from customers: they sign in at /staff/auth/sign-in). ' +
          SIGN_IN_LIMITS,
        querystring: formatQuery,
        body: signInRequest,
        response: { 200: signInReply, 403: errorReply, ...refusals, ...busy },
      },
    },
    async (request, reply) => {
      const outcome = await service.signIn(request.store, request.body, clientOf(request), 'customer');
      rememberDevice(request, reply, outcome.device);
      return outcome.reply;
    },
  );

  app.post(
    '/staff/auth/sign-in',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in (the staff tools; customers sign in on the storefront)',
        description:
          'The body and reply of the customer sign-in (is_superuser true), for a member of the store’s ' +
          'team (docs/decisions/0026); a phone without one answers 400 INVALID_CREDENTIALS, like a wrong ' +
          'password. The same limits as customers, counted apart; the known-device cookie is ' +
          '`comanda_staff_device` (Path=/staff). ' +
          SIGN_IN_LIMITS,
        querystring: formatQuery,
        body: signInRequest,
        response: { 200: signInReply, 403: errorReply, ...refusals, ...busy },
      },
    },
    async (request, reply) => {
      const outcome = await service.signIn(request.store, request.body, clientOf(request, true), 'staff');
      rememberDevice(request, reply, outcome.device, true);
      return outcome.reply;
    },
  );

  app.post(
    '/core/registration_app/',
    {
      schema: {
        tags,
        summary: 'Sign up: a new customer, signed in',
        description:
          'detail is the session token. Refusals: INVALID_PHONE (cellphone or ddi), INVALID_NAME (name and ' +
          'surname), INVALID_PASSWORD (8 to 128 characters), BLANK_PASSWORD (white space only), COMMON_PASSWORD (on a list of ' +
          'the most common passwords), TERMS_REQUIRED, 409 PHONE_TAKEN; ' +
          '429 TOO_MANY_ATTEMPTS beyond 10 sign-ups per hour from one address.',
        querystring: formatQuery,
        body: registrationRequest,
        response: { 201: registrationReply, 409: errorReply, ...refusals, ...busy },
      },
    },
    async (request, reply) => {
      const outcome = await service.register(request.store, request.body, addressKey(request.ip));
      rememberDevice(request, reply, outcome.device);
      return reply.status(201).send({ success: true as const, detail: outcome.reply });
    },
  );

  app.post(
    '/core/v2/auth/session-logout/',
    {
      schema: {
        tags,
        summary: 'Sign out: the token stops working at once',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        response: { 200: successReply, 401: errorReply },
      },
    },
    async (request) => service.logout(await requireSession(request)),
  );

  app.post(
    '/core/send_sms_recovery_password_app/',
    {
      schema: {
        tags,
        summary: 'Send a password-recovery code by WhatsApp or SMS',
        description:
          '`canal`: whatsapp (default where the store has an active WhatsApp channel: its authentication template ' +
          'with a copy-code button; SMS when WhatsApp fails) or sms; the reply names the one used. ' +
          'cellphone: the login digits. Answers the same whether or not the phone has an account; the SMS ' +
          '(a 6-digit code, valid 10 minutes, 5 tries) goes only to an account. At most 3 per phone from one ' +
          'address, 10 per phone from anywhere (not counted for a known device of the account) and 10 per ' +
          'address per hour (429 TOO_MANY_ATTEMPTS). Asking again replaces the earlier code.',
        querystring: formatQuery,
        body: recoverySmsRequest,
        response: { 200: recoveryCodeReply, ...refusals },
      },
    },
    (request) => service.requestRecoveryCode(request.store, request.body, clientOf(request)),
  );

  app.post(
    '/core/recovery_password_app/',
    {
      schema: {
        tags,
        summary: 'Set a new password with the SMS code',
        description:
          'code: 6 digits, with or without the dash. A wrong, used, expired or exhausted code answers 400 ' +
          'INVALID_CODE (a known device of the account is not held by the 5 tries); INVALID_PASSWORD for a ' +
          'password outside 8 to 128 characters, BLANK_PASSWORD, COMMON_PASSWORD. Success ends every ' +
          'session of the account; the storefront then signs in with the new password.',
        querystring: formatQuery,
        body: recoveryRequest,
        response: { 200: successReply, ...refusals, ...busy },
      },
    },
    async (request, reply) => {
      const outcome = await service.resetPassword(request.store, request.body, clientOf(request));
      rememberDevice(request, reply, outcome.device);
      return outcome.reply;
    },
  );
}
