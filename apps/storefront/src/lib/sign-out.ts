import { apiFetch } from './api-client.ts';
import { clearToken, getToken } from './session.ts';
import { clearReturnPath } from './sign-in-return.ts';

/**
 * Spec section 4: logout sends a request and clears the session. The server revokes the token at
 * once; the session ends on this device whatever it answered (offline, already expired).
 * `leave` moves off the signed-in screen in the same tick as the token goes, so its guard never
 * flashes /signin on the way out.
 *
 * The customer's cached reply stays in memory under its own key (/core/cliente_app/{id}): nobody
 * else's session reads that key, and emptying it with the data cache's mutate would make a sign-in of the same
 * customer within the dedupe window wait forever for the discarded request.
 */
export async function signOut(leave: () => void): Promise<void> {
  const token = getToken();
  if (token) {
    try {
      await apiFetch('/core/v2/auth/session-logout/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
    } catch {
      // Nothing to tell the customer: they are signed out here either way.
    }
  }
  clearToken();
  leave();
  // A guard that ran on the way out did not send anyone to sign in.
  setTimeout(clearReturnPath, 0);
}
