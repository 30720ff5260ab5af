import type { Customer, CustomerUpdateRequest } from '@comanda/contract';
import { useEffect } from 'react';
import useSWR from 'swr';
import { apiFetch, handleUnauthorized } from './api-client.ts';
import { type SessionUser, useSessionUser, useSignedIn } from './session.ts';

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
  const swr = useSWR<Customer>(user ? customerPath(user.userId) : null, {
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
