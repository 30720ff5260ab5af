import type { CustomerAddress, SavedCard } from '@comanda/contract';
import type { DbExecutor } from '../../db/client.ts';
import { listAddresses } from '../addresses/service.ts';

/*
 * The parts of the customer record that other modules own. Until the cards module exists its list
 * is empty; that module fills it in here (same signature).
 */

/**
 * The customer's saved addresses (spec section 3 "Server address" plus the client shape), deleted
 * ones excluded, with fees under the store's current fee model.
 */
export function listCustomerAddresses(
  db: DbExecutor,
  storeId: number,
  customerId: number,
): Promise<CustomerAddress[]> {
  return listAddresses(db, storeId, customerId);
}

/** The customer's saved cards (spec section 3 "Card"), deleted ones excluded. */
export async function listCustomerCards(
  _db: DbExecutor,
  _storeId: number,
  _customerId: number,
): Promise<SavedCard[]> {
  return [];
}
