import type { CustomerAddress, SavedCard } from '@comanda/contract';
import type { DbExecutor } from '../../db/client.ts';
import { listAddresses } from '../addresses/index.ts';
import { listSavedCards } from '../payments/index.ts';

/* The parts of the customer record that other modules own. */

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
export function listCustomerCards(db: DbExecutor, storeId: number, customerId: number): Promise<SavedCard[]> {
  return listSavedCards(db, storeId, customerId);
}
