import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The known-device cookie (issue 18, finding 5): set on a successful sign-in, sign-up or password
 * reset, it tells a later sign-in that this browser already proved the password of this account,
 * so the per-phone locks an attacker can trigger from elsewhere do not apply to it, its hash goes
 * ahead of a flood's, and it can still ask for a recovery code.
 *
 * Value: `<customer id>.<nonce>.<mac>`, the MAC an HMAC-SHA256 keyed by the account's password
 * hash (a server-side secret of that account): no key to configure or share between instances,
 * and a new password forgets every device but the one that set it.
 */

export const KNOWN_DEVICE_COOKIE = 'comanda_device';
/**
 * A staff member's known device (docs/decisions/0026): its own cookie, sent to the staff calls only,
 * so signing in to the staff app on a customer's phone leaves the customer's device cookie alone.
 */
export const STAFF_DEVICE_COOKIE = 'comanda_staff_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
const NONCE_BYTES = 16;
const VALUE_FORMAT = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceAccount {
  storeId: number;
  id: number;
  passwordHash: string;
  /** A staff account's device: its ids are another sequence than customers'. */
  staff?: boolean;
}

const mac = (account: DeviceAccount, nonce: string) =>
  createHmac('sha256', account.passwordHash)
    .update(`known-device:${account.storeId}:${account.staff ? 'staff:' : ''}${account.id}:${nonce}`)
    .digest('base64url');

/** A new cookie value for this account. */
export function knownDeviceValue(account: DeviceAccount): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${account.id}.${nonce}.${mac(account, nonce)}`;
}

/** The device's nonce when the cookie value was made for this account (with its current password). */
export function knownDeviceOf(value: string | undefined, account: DeviceAccount): string | null {
  const match = value ? VALUE_FORMAT.exec(value) : null;
  if (!match || Number(match[1]) !== account.id) return null;
  const expected = Buffer.from(mac(account, match[2]!));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[2]! : null;
}

/** The cookie's value in a Cookie header, if any. */
export function knownDeviceCookieOf(
  header: string | undefined,
  cookie: string = KNOWN_DEVICE_COOKIE,
): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookie) return rest.join('=');
  }
  return undefined;
}

/** The Set-Cookie header: httpOnly, never sent cross-site, Secure over HTTPS. */
export function knownDeviceSetCookie(value: string, secure: boolean, staff = false): string {
  return [
    `${staff ? STAFF_DEVICE_COOKIE : KNOWN_DEVICE_COOKIE}=${value}`,
    staff ? 'Path=/staff' : 'Path=/',
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
