import type { DbExecutor } from '../../db/client.ts';
import { type OrderEditLine, orderEdits } from '../../db/schema.ts';
import { syncOrderLedger } from '../ledger/index.ts';

/*
 * The record of an order's edit (issue 33, docs/decisions/0058), written inside the edit's
 * transaction, with the ledger's adjustment of the order's takings.
 */

export interface OrderEditRecord {
  storeId: number;
  orderId: number;
  staffId: number;
  at: Date;
  totalBefore: number;
  totalAfter: number;
  linesAdded: OrderEditLine[];
  linesRemoved: OrderEditLine[];
  paymentBefore: number | null;
  paymentAfter: number | null;
}

/** Writes the edit's row in the caller's transaction; its id. */
export async function recordOrderEdit(tx: DbExecutor, edit: OrderEditRecord): Promise<number> {
  const [row] = await tx.insert(orderEdits).values(edit).returning({ id: orderEdits.id });
  // The order's takings follow its new totals: the difference is an 'ajuste' (docs/decisions/0057).
  await syncOrderLedger(tx, {
    storeId: edit.storeId,
    orderId: edit.orderId,
    at: edit.at,
    staffId: edit.staffId,
  });
  return row!.id;
}
