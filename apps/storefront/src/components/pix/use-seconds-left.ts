import { useEffect, useState } from 'react';
import { pixSecondsLeft } from '../../lib/pending-pix.ts';
import { PIX_TICK_MS } from './countdown.ts';

/**
 * Seconds left until `expiresAt`, ticking every second. Each tick reads the clock again (not a
 * counter), so a tab the browser throttled in the background shows the right time when it returns.
 */
export function useSecondsLeft(expiresAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = pixSecondsLeft({ expiresAt }, now);
  const done = left === 0;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), PIX_TICK_MS);
    return () => clearInterval(timer);
  }, [done]);
  return left;
}
