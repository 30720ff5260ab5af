import { createHash, randomBytes } from 'node:crypto';
import { type SessionTokenPayload, sessionTokenPayload } from '@comanda/contract';
import type { DbExecutor } from '../../db/client.ts';
import * as repo from './repository.ts';

/*
 * Session tokens: `<base64url(JSON {user_id, username, store, exp})>.<secret>`, the secret being
 * 32 random bytes in base64url. The payload lets the storefront read who is signed in (spec
 * section 4); the server trusts only its sessions table, where the SHA-256 of the secret is kept
 * (a stolen table cannot be replayed). The payload must match the session it names, so an edited
 * payload is an invalid token. Deleting the row revokes the token at once.
 */

const SECRET_BYTES = 32;
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const MAX_TOKEN_LENGTH = 1024;

export interface SessionIdentity {
  sessionId: number;
  customerId: number;
  storeId: number;
  username: string;
  isSuperuser: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export async function createSession(
  db: DbExecutor,
  input: {
    storeId: number;
    storeSlug: string;
    customerId: number;
    username: string;
    now: Date;
    ttlDays: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + input.ttlDays * 24 * 3600 * 1000);
  const payload: SessionTokenPayload = {
    user_id: input.customerId,
    username: input.username,
    store: input.storeSlug,
    exp: Math.floor(expiresAt.getTime() / 1000),
  };
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  await repo.insertSession(db, {
    storeId: input.storeId,
    customerId: input.customerId,
    secretHash: sha256(secret),
    createdAt: input.now,
    expiresAt,
  });
  // Expired sessions of this customer go when a new one starts (the rest go in housekeeping).
  await repo.deleteExpiredCustomerSessions(db, input.storeId, input.customerId, input.now);
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
  const session = await repo.findLiveSession(db, store.id, sha256(parsed.secret), now);
  if (!session) return null;
  if (session.customerId !== parsed.payload.user_id || session.username !== parsed.payload.username)
    return null;
  return { ...session, storeId: store.id };
}

/** The bearer token of an Authorization header ('Bearer …', or DRF's 'Token …'). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
