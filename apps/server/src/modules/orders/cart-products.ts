import type { FullProduct } from '@comanda/domain';
import { fullProducts } from './cart-rebuild.ts';
import type { ContextProduct } from './repository.ts';

/*
 * The products that orders price, kept per store and menu version. Every change to a store's menu
 * raises its menu_version in the same transaction (the store import is the only writer), and order
 * placement reads the version in the same statement as anything else, so a copy of version V is
 * exactly what the database would return while the store is at V. Reading the cart's products
 * with their groups and items as JSON was half of placement's read statement.
 */

const MAX_PRODUCTS_PER_STORE = 5_000;
const MAX_STORES = 1_000;

export interface StoreCopies {
  version: number;
  rows: Map<number, ContextProduct>;
  products: Map<number, FullProduct>;
}

export interface CartProducts {
  rows: Map<number, ContextProduct>;
  products: Map<number, FullProduct>;
}

export class CartProductCopies {
  private readonly stores = new Map<number, StoreCopies>();

  /** This store's copies when they hold every one of these products, else null. */
  holding(storeId: number, productIds: readonly number[]): StoreCopies | null {
    const copies = this.stores.get(storeId);
    if (!copies) return null;
    return productIds.every((id) => copies.rows.has(id)) ? copies : null;
  }

  /** Keeps the products read at this menu version (replacing copies of an older one). */
  remember(storeId: number, version: number, rows: readonly ContextProduct[]): void {
    let copies = this.stores.get(storeId);
    if (copies && copies.version > version) return; // a slower order read the menu before a change
    if (!copies || copies.version !== version || copies.rows.size + rows.length > MAX_PRODUCTS_PER_STORE) {
      if (!copies && this.stores.size >= MAX_STORES) {
        const oldest = this.stores.keys().next().value;
        if (oldest !== undefined) this.stores.delete(oldest);
      }
      copies = { version, rows: new Map(), products: new Map() };
      this.stores.set(storeId, copies);
    }
    const products = fullProducts(rows);
    for (const row of rows) {
      copies.rows.set(row.id, row);
      copies.products.set(row.id, products.get(row.id)!);
    }
  }

  /**
   * The cart's products: those read now (remembered for the next orders), or, when the read
   * returned none because the held copies' version was still the store's, the held copies.
   * Shared objects: read only.
   */
  cartProducts(
    storeId: number,
    productIds: readonly number[],
    held: StoreCopies | null,
    read: { menuVersion: number; products: ContextProduct[] | null },
  ): CartProducts {
    if (read.products !== null) {
      this.remember(storeId, read.menuVersion, read.products);
      return {
        rows: new Map(read.products.map((row) => [row.id, row])),
        products: fullProducts(read.products),
      };
    }
    if (!held || held.version !== read.menuVersion) {
      throw new Error('cart products: the database skipped products the server does not hold');
    }
    const rows = new Map<number, ContextProduct>();
    const products = new Map<number, FullProduct>();
    for (const id of productIds) {
      rows.set(id, held.rows.get(id)!);
      products.set(id, held.products.get(id)!);
    }
    return { rows, products };
  }
}
