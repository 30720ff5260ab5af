import { type Centavos, parseReais } from './money.ts';
import { assertCentavos } from './percent.ts';

/** Change may be asked for at most R$ 200 above the total (spec section 9). */
export const MAX_CHANGE_ABOVE_TOTAL: Centavos = 20_000;

/** The change-for input accepts at most R$ 99.999,00 (spec section 9). */
export const MAX_CHANGE_INPUT: Centavos = 9_999_900;

/**
 * The change-for amount typed by the customer ('50', '50,5', '50.50', 'R$ 1.234,56'), in
 * centavos; null when it is not an amount with at most two decimals. Dots followed by groups of
 * three digits group thousands, as written in Brazil.
 */
export function parseChangeFor(text: string): Centavos | null {
  const body = text.replace(/\s+/g, '').replace(/^R\$/, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(body)) return parseReais(body.replaceAll('.', ''));
  if (/^\d+([.,]\d{1,2})?$/.test(body)) return parseReais(body);
  return null;
}

export type CashChangeVerdict =
  | {
      ok: true;
      /** The amount to send as troco_para; null when no change is needed. */
      changeFor: Centavos | null;
      /** Change the courier must bring. */
      change: Centavos;
    }
  | { ok: false; reason: 'BELOW_TOTAL'; resetPaymentType: true }
  | { ok: false; reason: 'ABOVE_MAXIMUM'; maximum: Centavos; resetPaymentType: false }
  | { ok: false; reason: 'ABOVE_INPUT_MAXIMUM'; maximum: Centavos; resetPaymentType: false };

/**
 * Spec section 5 "Cash change": the amount counts only if greater than the total; it must be at
 * least the total and at most the total plus R$ 200; below the total the payment type is reset.
 * No amount (null or 0) means the customer needs no change.
 */
export function cashChangeVerdict({
  total,
  changeFor,
}: {
  total: Centavos;
  changeFor: Centavos | null;
}): CashChangeVerdict {
  assertCentavos('total', total);
  if (changeFor === null || changeFor === 0) return { ok: true, changeFor: null, change: 0 };
  assertCentavos('changeFor', changeFor);
  if (changeFor > MAX_CHANGE_INPUT) {
    return { ok: false, reason: 'ABOVE_INPUT_MAXIMUM', maximum: MAX_CHANGE_INPUT, resetPaymentType: false };
  }
  if (changeFor < total) return { ok: false, reason: 'BELOW_TOTAL', resetPaymentType: true };
  const maximum = total + MAX_CHANGE_ABOVE_TOTAL;
  if (changeFor > maximum) return { ok: false, reason: 'ABOVE_MAXIMUM', maximum, resetPaymentType: false };
  if (changeFor === total) return { ok: true, changeFor: null, change: 0 };
  return { ok: true, changeFor, change: changeFor - total };
}
