import type { Customer, CustomerUpdateRequest, CustomerWhatsappReply } from '@comanda/contract';
import { useEffect } from 'react';
import { ApiError, apiFetch, handleUnauthorized } from './api-client.ts';
import { useData } from './data-cache.tsx';
import { getToken, type SessionUser, useSessionUser, useSignedIn } from './session.ts';

/** Spec section 7: GET /core/cliente_app/{userId}?format=json, the signed-in customer. */
export const customerPath = (userId: number) => `/core/cliente_app/${userId}?format=json`;

/**
 * The signed-in customer (profile, privacy, and later checkout, addresses and cards). Nothing is
 * fetched without a session; a 401/403 reply ends the session (lib/api-client.ts), and so does a
 * token that names no user.
 */
export function useCustomer() {
  const signedIn = useSignedIn();
  const user = useSessionUser();
  const swr = useData<Customer>(user ? customerPath(user.userId) : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  useEffect(() => {
    if (signedIn && !user) handleUnauthorized();
  }, [signedIn, user]);
  return { ...swr, user };
}

/**
 * PATCH /core/cliente_app/{id}: changes name, e-mail or document; the reply is the customer (put it
 * in the cache with useCustomer's `mutate`).
 */
export function updateCustomer(user: SessionUser, changes: CustomerUpdateRequest): Promise<Customer> {
  return apiFetch<Customer>(`/core/cliente_app/${user.userId}`, { method: 'PATCH', json: changes });
}

/*
 * The customer's consent to order updates on WhatsApp (issue 36, docs/decisions/0073), read by the
 * checkout's opt-in row and the profile's switch (this module loads with the lazy screens only). The path is
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
  return useData<CustomerWhatsappReply>(
    signedIn && storeHasChannel ? CUSTOMER_WHATSAPP_PATH : null,
    readCustomerWhatsapp,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
