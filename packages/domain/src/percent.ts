import type { Centavos } from './money.ts';

/**
 * `percent`% of an amount of centavos, rounded half up to a whole centavo. The percentage is
 * taken to two decimals (12.5%, 7.25%) and the arithmetic stays on integers, so 10% of 5 centavos
 * is exactly 0.5 and rounds to 1 instead of drifting below the half.
 */
export function percentOfCentavos(base: Centavos, percent: number): Centavos {
  if (!Number.isSafeInteger(base)) throw new RangeError(`Not an amount of centavos: ${base}`);
  if (!Number.isFinite(percent)) throw new RangeError(`Not a percentage: ${percent}`);
  const hundredthsOfPercent = Math.round(percent * 100);
  const scaled = base * hundredthsOfPercent;
  const sign = scaled < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(scaled) + 5000) / 10000);
}

/** Throws unless the value is a non-negative whole number of centavos. */
export function assertCentavos(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer amount of centavos, got ${value}`);
  }
}
