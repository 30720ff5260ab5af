import type { PrivacyReply } from '@comanda/contract';
import { ApiError, apiFetch, handleUnauthorized } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';

/** GET /core/v2/customer/get-customer-privacy/?cid={encodedId}: null when the lookup did not succeed. */
export async function readPrivacyByLink(encodedId: string): Promise<PrivacyReply | null> {
  try {
    const reply = await apiFetch<PrivacyReply>(
      `/core/v2/customer/get-customer-privacy/?cid=${encodeURIComponent(encodedId)}`,
    );
    return reply?.success ? reply : null;
  } catch {
    return null;
  }
}

export type PrivacyUpdateOutcome = 'saved' | 'not-found' | 'failed';

/**
 * POST /core/v2/customer/update-customer-privacy: by the link's encoded id, or by the customer id
 * with the customer's own token. That path is not among the spec's protected fragments, so the
 * signed-in form adds the token itself, and a 401/403 ends the session as for a protected call.
 */
export async function updatePrivacy(
  target: { encodedId: string } | { customerId: number },
  sendPromo: boolean,
): Promise<PrivacyUpdateOutcome> {
  const byLink = 'encodedId' in target;
  const token = byLink ? null : getToken();
  try {
    const reply = await apiFetch<{ success?: boolean }>('/core/v2/customer/update-customer-privacy', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      json: {
        cid: byLink ? target.encodedId : target.customerId,
        is_encoded: byLink,
        send_promo: sendPromo,
      },
    });
    return reply?.success ? 'saved' : 'failed';
  } catch (error) {
    if (!(error instanceof ApiError)) return 'failed';
    if (!byLink && (error.status === 401 || error.status === 403)) handleUnauthorized();
    return error.status === 404 ? 'not-found' : 'failed';
  }
}
