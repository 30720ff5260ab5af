import type { Category, Company, OpeningShift, Product } from '@comanda/contract';

/**
 * The start data the server puts into the first HTML (<script type="application/json" id="boot">)
 * so the menu paints without waiting for a round trip. The API stays the source of truth: these are
 * the same replies, and the data cache refreshes them from the endpoints on its usual schedule.
 */
export interface BootData {
  /** The store's menu_version the replies were built from (see menu-version.ts). */
  menuVersion?: number;
  company?: Company[];
  categories?: Category[];
  products?: Product[];
  hours?: OpeningShift[];
}

let cached: BootData | undefined;

export function readBoot(doc: Document = document): BootData {
  if (cached) return cached;
  const element = doc.getElementById('boot');
  cached = {};
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (parsed && typeof parsed === 'object') cached = parsed as BootData;
    } catch {
      // A broken boot block only costs the round trips it was meant to save.
    }
  }
  return cached;
}

/** For tests. */
export function resetBoot(): void {
  cached = undefined;
}
