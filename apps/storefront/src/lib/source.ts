import { STANDALONE_SOURCE } from '@comanda/domain';
import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, writeStorage } from './storage.ts';

/** Spec section 3/4: localStorage 'source'; 'local' marks table self-checkout (table mode). */
export const SOURCE_KEY = 'source';
export const LOCAL_SOURCE = 'local';

/** Table mode's keys: the spec's table_id, and ours beside it (docs/decisions/0031). */
export const TABLE_ID_KEY = 'table_id';
/** The QR code's `?token=` (docs/decisions/0021), sent as token_mesa and with the tab calls. */
export const TABLE_TOKEN_KEY = 'table_token';
/** When the QR code was read (epoch ms): table mode ends TABLE_MODE_MS later. */
export const TABLE_ENTERED_AT_KEY = 'table_entered_at';
/** The waiter's code of the table's open tab, once the guest typed it (sent as codigo_mesa). */
export const TABLE_CODE_KEY = 'table_code';

/** The table's tab screen (rounds, totals, calls). */
export const TAB_PATH = '/mesa';

/** A guest leaves the table within hours; a phone found next day is not at that table any more. */
export const TABLE_MODE_MS = 12 * 60 * 60 * 1000;

export function isLocalMode(): boolean {
  return readStorage(SOURCE_KEY) === LOCAL_SOURCE;
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Table mode, re-rendering when the guest enters or leaves it. */
export function useLocalMode(): boolean {
  return useSyncExternalStore(subscribe, isLocalMode, isLocalMode);
}

function changed() {
  for (const listener of listeners) listener();
}

/** A table's QR code was read: table mode at that table. Another table's code is forgotten. */
export function enterTableMode(tableId: string, token: string | null, now: number): void {
  if (readStorage(TABLE_ID_KEY) !== tableId) removeStorage(TABLE_CODE_KEY);
  writeStorage(SOURCE_KEY, LOCAL_SOURCE);
  writeStorage(TABLE_ID_KEY, tableId);
  if (token) writeStorage(TABLE_TOKEN_KEY, token);
  else removeStorage(TABLE_TOKEN_KEY);
  writeStorage(TABLE_ENTERED_AT_KEY, String(now));
  changed();
}

/**
 * Out of table mode (the guest's 'Sair do modo mesa', 12 hours gone, or another source's link): the
 * table's keys go, and the source becomes `source` (the spec's 'mobile' after an order, by default).
 */
export function leaveTableMode(source: string = STANDALONE_SOURCE): void {
  for (const key of [TABLE_ID_KEY, TABLE_TOKEN_KEY, TABLE_ENTERED_AT_KEY, TABLE_CODE_KEY]) removeStorage(key);
  writeStorage(SOURCE_KEY, source);
  changed();
}

/** Table mode with no entry time, or an entry TABLE_MODE_MS away from now, is over. */
export function tableModeExpired(now: number): boolean {
  if (!isLocalMode()) return false;
  const enteredAt = Number(readStorage(TABLE_ENTERED_AT_KEY));
  return !(Math.abs(now - enteredAt) < TABLE_MODE_MS);
}
