/** Spec section 9 "Time limits": the countdown ticks every 1 s, the status poll every 3 s. */
export const PIX_TICK_MS = 1000;
export const PIX_POLL_MS = 3000;
/** Spec section 9: the 'copied' notice lasts 5 s (3 s in one part of the spec; 5 s here). */
export const PIX_COPIED_MS = 5000;

/** Seconds as the countdown shows them: mm:ss (05:00, 00:09). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** A moment on the store's clock, as people read it: '09:50' (pt-BR) or '9:50 AM' (en). */
export function formatClockTime(epochMs: number, language: 'pt_br' | 'en', timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'pt-BR', {
    hour: language === 'en' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: language === 'en' ? 'h12' : 'h23',
    timeZone,
  }).format(epochMs);
}
