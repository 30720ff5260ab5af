/**
 * TEST-ONLY clock of the closed-store server (playwright.config.ts): the CLOCK_OFFSET_MS that puts
 * the server's clock at the next Monday, 12:00 in UTC-3 (the stores' time), when the demo sakura is
 * closed all day but takes scheduled orders.
 */
const STORE_UTC_OFFSET_HOURS = -3;

/** The next Monday (7 days on when today is Monday) at 12:00 UTC-3, from `now`. */
export function nextMondayNoon(now: Date = new Date()): Date {
  // The store-local calendar day of `now`.
  const local = new Date(now.getTime() + STORE_UTC_OFFSET_HOURS * 3_600_000);
  const daysAhead = (8 - local.getUTCDay()) % 7 || 7;
  return new Date(
    Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate() + daysAhead,
      12 - STORE_UTC_OFFSET_HOURS,
    ),
  );
}

/** Milliseconds to add to the real clock so the server's clock reads nextMondayNoon(). */
export function mondayNoonOffsetMs(now: Date = new Date()): number {
  return nextMondayNoon(now).getTime() - now.getTime();
}

/** The next Tuesday (7 days on when today is Tuesday) at 12:00 UTC-3: both demo stores are open. */
export function nextTuesdayNoon(now: Date = new Date()): Date {
  return new Date(nextMondayNoon(now).getTime() + 24 * 3_600_000);
}
