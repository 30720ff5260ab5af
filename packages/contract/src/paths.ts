/**
 * Paths a storefront module needs without the schemas: a module of the contract that imports zod
 * brings all of zod (95 KB) into the chunk that imports it, and the menu home's store follower loads
 * right after the menu (docs/decisions/0075).
 */

/** GET /core/v2/store/state: what an open storefront follows (`storeState` in menu.ts). */
export const STORE_STATE_PATH = '/core/v2/store/state';
