import { useEffect } from 'react';
import { clearFlash, useFlash } from '../../lib/flash.ts';

const FLASH_MS = 4000;

/**
 * The confirmation toast of lib/flash.ts, above the tab bar. The status region is always there, so a
 * screen reader announces each message; it is drawn only while it has one.
 */
export function FlashHost() {
  const flash = useFlash();
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(clearFlash, FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  return (
    <p role="status" className={flash ? 'flash flash-shown' : 'flash'}>
      {flash?.text ?? ''}
    </p>
  );
}
