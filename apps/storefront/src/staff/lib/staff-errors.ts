import { StaffApiError } from './staff-api.ts';
import type { StaffT } from './staff-texts.ts';

/**
 * Whether a call failed for want of a network (fetch rejects with a TypeError, worded by each
 * browser: 'Failed to fetch', 'Load failed'…), not because the server refused it.
 */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof StaffApiError) && (error instanceof TypeError || !navigator.onLine);
}

/** What a staff screen says of a failed call: the server's own words, never a browser's raw message. */
export function staffErrorText(error: unknown, t: StaffT): string {
  if (error instanceof StaffApiError) return error.detail;
  if (isNetworkFailure(error)) return t('networkFailed');
  return error instanceof Error ? error.message : String(error);
}
