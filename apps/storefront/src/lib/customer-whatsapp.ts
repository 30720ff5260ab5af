import type { CustomerWhatsappReply } from '@comanda/contract';
import useSWR from 'swr';
import { ApiError, apiFetch, handleUnauthorized } from './api-client.ts';
import { getToken, useSignedIn } from './session.ts';

/*
 * The customer's consent to order updates on WhatsApp (issue 36, docs/decisions/0073), read by the
 * checkout's opt-in row and the profile's switch. Loaded only with those lazy screens. The path is
 * not among the spec's protected fragments, so the token goes along here (as the privacy call does):
 * the menu's first-load client stays as it is.
 */
export const CUSTOMER_WHATSAPP_PATH = '/core/v2/app/customer/whatsapp';

async function call(request: { method: 'GET' } | { method: 'PUT'; json: { atualizacoes_pedido: boolean } }) {
  const token = getToken();
  try {
    return await apiFetch<CustomerWhatsappReply>(CUSTOMER_WHATSAPP_PATH, {
      ...request,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) handleUnauthorized();
    throw error;
  }
}

/** GET: whether the store has WhatsApp and whether this customer gets order updates there. */
export const readCustomerWhatsapp = () => call({ method: 'GET' });

/** PUT: agree to (true) or stop (false) order updates on WhatsApp; the reply is the new state. */
export const saveCustomerWhatsapp = (on: boolean) =>
  call({ method: 'PUT', json: { atualizacoes_pedido: on } });

/** The signed-in customer's WhatsApp consent (nothing is asked without a session or a channel). */
export function useCustomerWhatsapp(storeHasChannel: boolean) {
  const signedIn = useSignedIn();
  return useSWR<CustomerWhatsappReply>(
    signedIn && storeHasChannel ? CUSTOMER_WHATSAPP_PATH : null,
    readCustomerWhatsapp,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
