import { useEffect } from 'react';
import { clearFlash, useFlash } from '../../lib/flash.ts';

const FLASH_MS = 4000;

/**
 * The confirmation toast of lib/flash.ts, above the tab bar. The live region is always there, so a
 * screen reader announces each message; it is drawn only while it has one. A bare live region, not
 * role=status, so a screen's own status message stays the only 'status' on it.
 */
export function FlashHost() {
  const flash = useFlash();
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(clearFlash, FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  return (
    <p aria-live="polite" aria-atomic="true" className={flash ? 'flash flash-shown' : 'flash'}>
      {flash?.text ?? ''}
    </p>
  );
}
