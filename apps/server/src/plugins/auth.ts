import { type StaffRole, staffRoleAllows } from '@comanda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { bearerToken, resolveSession, resolveStreamTicket, type SessionIdentity } from './sessions.ts';
import type { StoreRef } from './tenant.ts';

/*
 * Who is calling: `requireCustomer(request)` and `requireStaff(request)` for any module's handler,
 * from the session tokens of sessions.ts (which the account calls start and end).
 * Without a token, or with one that is unknown, expired, revoked or from another store: 401
 * NOT_AUTHENTICATED (the storefront then clears the token and goes to /signin). With a valid token
 * of the other kind of account: 403 FORBIDDEN.
 */

export interface CustomerPrincipal {
  /** The spec's cliente_id; the same number as userId. */
  customerId: number;
  /** The token's user_id. */
  userId: number;
  storeId: number;
  sessionId: number;
  /** The login digits. */
  username: string;
}

/** A signed-in staff member (docs/decisions/0026): not a customer, so no customerId. */
export interface StaffPrincipal {
  /** The staff account's id; the same number as userId. */
  staffId: number;
  /** The token's user_id. */
  userId: number;
  storeId: number;
  sessionId: number;
  /** The login digits. */
  username: string;
  role: StaffRole;
}

type TokenResolver = (store: StoreRef, token: string) => Promise<SessionIdentity | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves a session token at a store; use requireCustomer/requireStaff rather than this. */
    resolveSessionToken: TokenResolver;
    /** Resolves an event-stream ticket at a store. */
    resolveStreamTicket: TokenResolver;
  }
}

export const SECURITY_BEARER = [{ bearerAuth: [] }];

/** What the session resolver needs of the app's context (the plugins sit under app-context.ts). */
export interface SessionResolverContext {
  app: FastifyInstance;
  db: Database;
  now: () => Date;
}

/** Registers the session resolver that requireCustomer and requireStaff use. */
export function registerAuth(ctx: SessionResolverContext): void {
  ctx.app.decorate('resolveSessionToken', (store: StoreRef, token: string) =>
    resolveSession(ctx.db, store, token, ctx.now()),
  );
  ctx.app.decorate('resolveStreamTicket', (store: StoreRef, ticket: string) =>
    resolveStreamTicket(ctx.db, store, ticket, ctx.now()),
  );
}

function sessionOfToken(request: FastifyRequest, token: string | null): Promise<SessionIdentity | null> {
  if (!token || !request.store) return Promise.resolve(null);
  return request.server.resolveSessionToken(request.store, token);
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionIdentity | null>>();

/** The request's session, resolved once per request; null when there is none. */
export function sessionOf(request: FastifyRequest): Promise<SessionIdentity | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = sessionOfToken(request, bearerToken(request.headers.authorization));
    resolved.set(request, pending);
  }
  return pending;
}

export const notAuthenticated = () =>
  new AppError('unauthorized', 'NOT_AUTHENTICATED', 'Sua sessão expirou. Entre novamente.');
export const forbidden = () => new AppError('forbidden', 'FORBIDDEN', 'Você não tem acesso a isto.');

function principalOf(session: SessionIdentity): CustomerPrincipal {
  return {
    customerId: session.accountId,
    userId: session.accountId,
    storeId: session.storeId,
    sessionId: session.sessionId,
    username: session.username,
  };
}

/** Any signed-in account of this store (customer or staff). */
export async function requireSession(request: FastifyRequest): Promise<SessionIdentity> {
  const session = await sessionOf(request);
  if (!session) throw notAuthenticated();
  return session;
}

/**
 * The event streams' account: the Authorization header's token, else a stream ticket in
 * `?ticket=` (EventSource cannot send headers; the session token stays out of URLs). 401 without
 * a live session.
 */
export async function requireSessionOrStreamTicket(
  request: FastifyRequest,
  ticket: string | undefined,
): Promise<SessionIdentity> {
  const header = bearerToken(request.headers.authorization);
  const session = header
    ? await sessionOfToken(request, header)
    : ticket && request.store
      ? await request.server.resolveStreamTicket(request.store, ticket)
      : null;
  if (!session) throw notAuthenticated();
  return session;
}

/** A signed-in customer of this store; staff accounts get 403. */
export async function requireCustomer(request: FastifyRequest): Promise<CustomerPrincipal> {
  const session = await requireSession(request);
  if (session.staffRole !== null) throw forbidden();
  return principalOf(session);
}

/**
 * A signed-in staff account of this store whose role allows at least `needed` (default: any staff
 * role); customers and staff of a lower role get 403.
 */
export async function requireStaff(
  request: FastifyRequest,
  needed: StaffRole = 'attendant',
): Promise<StaffPrincipal> {
  const session = await requireSession(request);
  const role = session.staffRole;
  if (role === null || !staffRoleAllows(role, needed)) throw forbidden();
  return {
    staffId: session.accountId,
    userId: session.accountId,
    storeId: session.storeId,
    sessionId: session.sessionId,
    username: session.username,
    role,
  };
}
