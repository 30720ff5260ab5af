import type { FullProduct, TrackedOrder } from '@comanda/contract';
import { useState } from 'react';
import { apiGet } from '../../../lib/api-client.ts';
import { addLine, cartRoom } from '../../../lib/cart-actions.ts';
import { fullProductPath, orderChannel } from '../../../lib/full-product.ts';
import { type FetchFullProduct, planReorder } from '../model/reorder.ts';

/** Today's full product, or null when it is gone (404) or cannot be read (then it cannot be added). */
const fetchFull: FetchFullProduct = async (id) => {
  try {
    return await apiGet<FullProduct>(fullProductPath(id));
  } catch {
    return null;
  }
};

/** Issue 8 item 5: puts a past order's still-available lines in the cart at today's prices. */
export function useReorder() {
  const [busy, setBusy] = useState(false);
  const run = async (order: TrackedOrder): Promise<{ added: number; gone: string[] }> => {
    setBusy(true);
    try {
      const plan = await planReorder(order, fetchFull, orderChannel());
      let added = 0;
      const gone = [...plan.gone];
      for (const { line, times } of plan.lines) {
        if (times > cartRoom()) {
          gone.push(line.descricao_produto);
          continue;
        }
        addLine(line, times);
        added += times;
      }
      return { added, gone };
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
