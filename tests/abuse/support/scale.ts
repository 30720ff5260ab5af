/**
 * How hard the abuse suite pushes. `npm test` runs the short form (seconds per scenario);
 * `npm run test:abuse` and `npm run bench` run the full form (ABUSE_SCALE=full).
 */
export type AbuseScale = 'short' | 'full';

export function abuseScale(): AbuseScale {
  return process.env.ABUSE_SCALE === 'full' ? 'full' : 'short';
}

/** Picks the short or the full figure of a scenario's size. */
export function bySize<T>(short: T, full: T): T {
  return abuseScale() === 'full' ? full : short;
}
