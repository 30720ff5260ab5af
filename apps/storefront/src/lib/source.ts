import { readStorage } from './storage.ts';

/** Spec section 3/4: localStorage 'source'; 'local' marks table self-checkout (table mode). */
export const SOURCE_KEY = 'source';
export const LOCAL_SOURCE = 'local';

export function isLocalMode(): boolean {
  return readStorage(SOURCE_KEY) === LOCAL_SOURCE;
}
