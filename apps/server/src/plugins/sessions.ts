import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SessionTokenPayload, sessionTokenPayload } from '@comanda/contract';
import type { StaffRole } from '@comanda/domain';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { customers, sessions, staffAccounts } from '../db/schema.ts';
import { runStatement, statement } from '../db/statements.ts';

/*
 * Session tokens: `<base64url(JSON {user_id, store, exp})>.<secret>`, the secret being 32 random
 * bytes in base64url. The payload lets the storefront read who is signed in (spec section 4) and
 * carries no personal data (no phone number: issue 18, finding 8); the server trusts only its sessions table, where the SHA-256 of the secret is kept
 * (a stolen table cannot be replayed). The payload must match the session it names, so an edited
 * payload is an invalid token. Deleting the row revokes the token at once.
 */

const SECRET_BYTES = 32;
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const MAX_TOKEN_LENGTH = 1024;

export interface SessionIdentity {
  sessionId: number;
  /** The token's user_id: a customer's id, or a staff member's when staffRole is set. */
  accountId: number;
  storeId: number;
  username: string;
  /** The staff member's role; null for a customer's session. */
  staffRole: StaffRole | null;
}

/** Whose session: a customer's or a staff member's (the two kinds of account, docs/decisions/0026). */
export type SessionAccount = { customerId: number } | { staffId: number };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export async function createSession(
  db: DbExecutor,
  input: {
    storeId: number;
    storeSlug: string;
    account: SessionAccount;
    now: Date;
    ttlDays: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + input.ttlDays * 24 * 3600 * 1000);
  const { account } = input;
  const payload: SessionTokenPayload = {
    user_id: 'customerId' in account ? account.customerId : account.staffId,
    store: input.storeSlug,
    exp: Math.floor(expiresAt.getTime() / 1000),
  };
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  await db.insert(sessions).values({
    storeId: input.storeId,
    ...account,
    secretHash: sha256(secret),
    createdAt: input.now,
    expiresAt,
  });
  // Expired sessions of this account go when a new one starts (the rest go in housekeeping).
  await db
    .delete(sessions)
    .where(and(eq(sessions.storeId, input.storeId), ofAccount(account), lte(sessions.expiresAt, input.now)));
  const encodedPayload = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `${encodedPayload}.${secret}`, expiresAt };
}

function parseToken(token: string): { payload: SessionTokenPayload; secret: string } | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [encodedPayload, secret] = parts as [string, string];
  if (!SECRET_FORMAT.test(secret) || !/^[A-Za-z0-9_-]+$/.test(encodedPayload)) return null;
  try {
    const parsed = sessionTokenPayload.safeParse(
      JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8')),
    );
    return parsed.success ? { payload: parsed.data, secret } : null;
  } catch {
    return null;
  }
}

/** The live session a token names at this store, or null (unknown, expired, revoked, other store, edited). */
export async function resolveSession(
  db: DbExecutor,
  store: { id: number; slug: string },
  token: string,
  now: Date,
): Promise<SessionIdentity | null> {
  const parsed = parseToken(token);
  if (!parsed || parsed.payload.store !== store.slug) return null;
  const session = await findLiveSession(db, store.id, sha256(parsed.secret), now);
  if (!session) return null;
  if (session.accountId !== parsed.payload.user_id) return null;
  return { ...session, storeId: store.id };
}

/** The bearer token of an Authorization header ('Bearer …', or DRF's 'Token …'). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The live session with this secret hash at this store, and its account. Every signed-in call
 * starts here, so it is a named statement (planned once per connection).
 */
async function findLiveSession(
  db: DbExecutor,
  storeId: number,
  secretHash: string,
  now: Date,
): Promise<Omit<SessionIdentity, 'storeId'> | undefined> {
  const [row] = await runStatement<Omit<SessionIdentity, 'storeId'>>(
    db,
    statement('comanda_live_session')`
    select s.id as "sessionId", coalesce(c.id, st.id) as "accountId", coalesce(c.phone, st.phone) as "username",
      st.role as "staffRole"
    from sessions s
      left join customers c on c.id = s.customer_id and c.store_id = ${storeId}
      left join staff_accounts st on st.id = s.staff_id and st.store_id = ${storeId}
    where s.secret_hash = ${secretHash} and s.store_id = ${storeId}
      and s.expires_at > ${now.toISOString()}::timestamptz and (c.id is not null or st.id is not null)
  `,
  );
  return row;
}

/** Sign-out: the token stops working at once. */
export async function endSession(db: DbExecutor, storeId: number, sessionId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.storeId, storeId), eq(sessions.id, sessionId)));
}

/** Every session of an account (a new password, a staff member removed or given another role). */
export async function endAccountSessions(
  db: DbExecutor,
  storeId: number,
  account: SessionAccount,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.storeId, storeId), ofAccount(account)));
}

const ofAccount = (account: SessionAccount) =>
  'customerId' in account
    ? eq(sessions.customerId, account.customerId)
    : eq(sessions.staffId, account.staffId);

/** Housekeeping: the sessions that can no longer be used. */
export async function pruneExpiredSessions(db: DbExecutor, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}

// ---------------------------------------------------------------------------------------------
// Event-stream tickets (issue 18, finding 8)

/**
 * A ticket lets EventSource (which cannot send headers) open an order event stream without the
 * session token in the URL: `<session id>.<expiry, epoch seconds>.<HMAC-SHA256>`, the MAC keyed by
 * the session's stored secret hash, so it names no person, is worthless once the session ends, and
 * is accepted by the event streams only. It lives a minute: long enough to open the stream.
 */
export const STREAM_TICKET_TTL_SECONDS = 60;
const TICKET_FORMAT = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const ticketMac = (secretHash: string, storeId: number, sessionId: number, expires: number) =>
  createHmac('sha256', secretHash)
    .update(`order-stream:${storeId}:${sessionId}:${expires}`)
    .digest('base64url');

async function liveSessionById(db: DbExecutor, storeId: number, sessionId: number, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      customerId: customers.id,
      customerPhone: customers.phone,
      staffId: staffAccounts.id,
      staffPhone: staffAccounts.phone,
      staffRole: staffAccounts.role,
      secretHash: sessions.secretHash,
    })
    .from(sessions)
    .leftJoin(customers, and(eq(customers.id, sessions.customerId), eq(customers.storeId, storeId)))
    .leftJoin(staffAccounts, and(eq(staffAccounts.id, sessions.staffId), eq(staffAccounts.storeId, storeId)))
    .where(and(eq(sessions.id, sessionId), eq(sessions.storeId, storeId), gt(sessions.expiresAt, now)));
  if (!row) return undefined;
  const accountId = row.customerId ?? row.staffId;
  const username = row.customerPhone ?? row.staffPhone;
  if (accountId === null || username === null) return undefined;
  return {
    sessionId: row.sessionId,
    accountId,
    username,
    staffRole: row.customerId === null ? (row.staffRole as StaffRole) : null,
    secretHash: row.secretHash,
  };
}

/** A ticket for the event streams of a live session. */
export async function issueStreamTicket(
  db: DbExecutor,
  session: SessionIdentity,
  now: Date,
): Promise<{ ticket: string; expiresIn: number }> {
  const row = await liveSessionById(db, session.storeId, session.sessionId, now);
  if (!row) throw new Error('the session ended while its ticket was asked for');
  const expires = Math.floor(now.getTime() / 1000) + STREAM_TICKET_TTL_SECONDS;
  const mac = ticketMac(row.secretHash, session.storeId, session.sessionId, expires);
  return { ticket: `${session.sessionId}.${expires}.${mac}`, expiresIn: STREAM_TICKET_TTL_SECONDS };
}

/** The live session a ticket was issued for, or null (forged, expired, other store, session ended). */
export async function resolveStreamTicket(
  db: DbExecutor,
  store: { id: number },
  ticket: string,
  now: Date,
): Promise<SessionIdentity | null> {
  const match = TICKET_FORMAT.exec(ticket);
  if (!match) return null;
  const sessionId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= now.getTime()) return null;
  const row = await liveSessionById(db, store.id, sessionId, now);
  if (!row) return null;
  const expected = Buffer.from(ticketMac(row.secretHash, store.id, sessionId, expires));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const { secretHash: _secret, ...identity } = row;
  return { ...identity, storeId: store.id };
}

/** Whether a session is still live (an open event stream re-checks it on every heartbeat). */
export async function isSessionLive(db: DbExecutor, storeId: number, sessionId: number, now: Date) {
  return (await liveSessionById(db, storeId, sessionId, now)) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Session ends, for what this instance holds open for a session (event streams)

export type SessionEnd = { storeId: number; sessionId: number } | ({ storeId: number } & SessionAccount);

/** Tells this instance's listeners that sessions ended (logout, new password). */
export class SessionEnds {
  private readonly listeners = new Set<(end: SessionEnd) => void>();

  /** Listens until the returned function is called. */
  listen(listener: (end: SessionEnd) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(end: SessionEnd): void {
    for (const listener of this.listeners) listener(end);
  }
}

/** Whether an announced end concerns this session. */
export function endsSession(end: SessionEnd, session: SessionIdentity): boolean {
  if (end.storeId !== session.storeId) return false;
  if ('sessionId' in end) return end.sessionId === session.sessionId;
  if ('customerId' in end) return session.staffRole === null && end.customerId === session.accountId;
  return session.staffRole !== null && end.staffId === session.accountId;
}
