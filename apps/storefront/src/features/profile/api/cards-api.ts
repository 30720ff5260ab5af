import type { SavedCard } from '@comanda/contract';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * PATCH /core/cartoes/{id}/ with {excluido: true} (spec section 7 "Addresses and cards"): the card
 * is removed here and at the store's card provider.
 */
export async function deleteCard(id: number): Promise<void> {
  const reply = await apiFetch<SavedCard>(`/core/cartoes/${id}/`, {
    method: 'PATCH',
    json: { excluido: true },
  });
  if (reply?.excluido !== true) throw new Error('not deleted');
}
