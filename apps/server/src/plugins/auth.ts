import {
  CAPABILITIES,
  type Capability,
  type CapabilityOverrides,
  type CapabilityRule,
  type StaffRole,
  staffMay,
} from '@comanda/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Database, DbExecutor } from '../db/client.ts';
import { stores } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { bearerToken, resolveSession, resolveStreamTicket, type SessionIdentity } from './sessions.ts';
import type { StoreRef } from './tenant.ts';

/*
 * Who is calling: `requireCustomer(request)` and `requireStaff(request)` for any module's handler,
 * from the session tokens of sessions.ts (which the account calls start and end).
 * Without a token, or with one that is unknown, expired, revoked or from another store: 401
 * NOT_AUTHENTICATED (the storefront then clears the token and goes to /signin). With a valid token
 * of the other kind of account: 403 FORBIDDEN.
 *
 * Who may do what (docs/decisions/0042): a staff route names its capability once, in its config
 * (`config: { capability: 'team.manage' }`); the hook registered here checks the caller's role
 * against the domain's capability table when the request arrives, before its body is read, so a
 * caller without the role learns nothing else and sends nothing big.
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
  interface FastifyContextConfig {
    /** The capability a staff route needs (packages/domain/src/capabilities.ts). */
    capability?: Capability;
    /** The staff event stream: signed in by a stream ticket in `?ticket=` as well as by a token. */
    acceptsStreamTicket?: boolean;
  }
  interface FastifyInstance {
    /** Every route added after registerAuth, with the capability it names (the walking test reads it). */
    routeCapabilities: readonly RouteCapability[];
    /** Resolves a session token at a store; use requireCustomer/requireStaff rather than this. */
    resolveSessionToken: TokenResolver;
    /** Resolves an event-stream ticket at a store. */
    resolveStreamTicket: TokenResolver;
    /** A store's own roles for its movable capabilities, as stored (read anew each time). */
    storeCapabilityOverrides: (storeId: number) => Promise<CapabilityOverrides>;
  }
}

export interface RouteCapability {
  method: string;
  url: string;
  capability: Capability | undefined;
}

export const SECURITY_BEARER = [{ bearerAuth: [] }];

/** What the session resolver needs of the app's context (the plugins sit under app-context.ts). */
export interface SessionResolverContext {
  app: FastifyInstance;
  db: Database;
  now: () => Date;
}

/**
 * Registers the session resolver that requireCustomer and requireStaff use, and the hook that checks
 * each staff route's capability. Register it after the tenant (the hook needs request.store).
 */
export function registerAuth(ctx: SessionResolverContext): void {
  ctx.app.decorate('resolveSessionToken', (store: StoreRef, token: string) =>
    resolveSession(ctx.db, store, token, ctx.now()),
  );
  ctx.app.decorate('resolveStreamTicket', (store: StoreRef, ticket: string) =>
    resolveStreamTicket(ctx.db, store, ticket, ctx.now()),
  );
  ctx.app.decorate('storeCapabilityOverrides', (storeId: number) => capabilityOverridesOf(ctx.db, storeId));
  const routes: RouteCapability[] = [];
  ctx.app.decorate('routeCapabilities', routes);
  ctx.app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, capability: route.config?.capability });
    }
  });
  // A callback hook: the routes that name no capability (most requests) pay no promise.
  ctx.app.addHook(
    'onRequest',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const { capability, acceptsStreamTicket } = request.routeOptions.config;
      if (capability === undefined) {
        done();
        return;
      }
      checkCapability(request, capability, acceptsStreamTicket === true).then(() => done(), done);
    },
  );
}

/**
 * A store's own roles as stored (docs/decisions/0059): read anew by every check of a movable
 * capability, so a change on one instance holds on all at once; `staffMay` ignores refused entries.
 */
export async function capabilityOverridesOf(db: DbExecutor, storeId: number): Promise<CapabilityOverrides> {
  const [row] = await db
    .select({ overrides: stores.capabilityOverrides })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row?.overrides ?? {};
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
/** The same 401 for a call that sent no token at all: nothing expired, nobody signed in. */
export const notSignedIn = () =>
  new AppError('unauthorized', 'NOT_AUTHENTICATED', 'Entre na sua conta para continuar.');
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
  if (!session) throw bearerToken(request.headers.authorization) ? notAuthenticated() : notSignedIn();
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
  if (!session) throw header || ticket ? notAuthenticated() : notSignedIn();
  return session;
}

/** A signed-in customer of this store; staff accounts get 403. */
export async function requireCustomer(request: FastifyRequest): Promise<CustomerPrincipal> {
  const session = await requireSession(request);
  if (session.staffRole !== null) throw forbidden();
  return principalOf(session);
}

const checkedStaff = new WeakMap<FastifyRequest, StaffPrincipal>();

/** 401 without a live session; 403 for a customer or a member whose role may not use `capability`. */
async function checkCapability(
  request: FastifyRequest,
  capability: Capability,
  acceptsStreamTicket: boolean,
) {
  const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
  const session = acceptsStreamTicket
    ? await requireSessionOrStreamTicket(request, typeof ticket === 'string' ? ticket : undefined)
    : await requireSession(request);
  const role = session.staffRole;
  if (role === null) throw forbidden();
  // Only a capability a store may move reads the store's rules (one primary-key read).
  const overrides = (CAPABILITIES[capability] as CapabilityRule).movable
    ? await request.server.storeCapabilityOverrides(session.storeId)
    : undefined;
  if (!staffMay(role, capability, overrides)) throw forbidden();
  checkedStaff.set(request, {
    staffId: session.accountId,
    userId: session.accountId,
    storeId: session.storeId,
    sessionId: session.sessionId,
    username: session.username,
    role,
  });
}

/**
 * The signed-in staff member whose role the capability hook let through. Only a route that names its
 * capability in its config has one: any other route calling this is a programming error (a 500 that
 * the route tests catch), never a staff call let through unchecked.
 */
export function requireStaff(request: FastifyRequest): StaffPrincipal {
  const staff = checkedStaff.get(request);
  if (!staff) {
    throw new Error(`${request.method} ${request.routeOptions.url} names no capability in its config`);
  }
  return staff;
}
