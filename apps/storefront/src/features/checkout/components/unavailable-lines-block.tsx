import { type CartLine, formatBRL, groupIdenticalLines } from '@comanda/domain';
import { forwardRef } from 'react';
import { isFlagged, type LineCheck } from '../../../lib/cart-availability.ts';
import type { CheckoutT } from '../checkout-texts.ts';

function lineProblem(check: LineCheck, t: CheckoutT): string | null {
  switch (check.status) {
    case 'gone':
      return t('lineGone');
    case 'sold-out':
      return t('lineSoldOut');
    case 'option-gone':
      return t('lineOptionGone', { item: check.item });
    case 'options-changed':
      return t('lineOptionsChanged');
    case 'price-changed':
      return t('linePriceChanged', { before: formatBRL(check.before), after: formatBRL(check.after) });
    default:
      return null;
  }
}

/**
 * The cart lines the store no longer sells as they are (sold out, switched off, an option gone, a
 * new price), found while the checkout is open (issue 32 item 6): each named with why and a way to
 * take it out, before the customer pays. The server refuses such an order anyway (SOLD_OUT,
 * ITEM_UNAVAILABLE, PRICE_CHANGED); this says so first.
 */
export const UnavailableLinesBlock = forwardRef<
  HTMLElement,
  {
    cart: readonly CartLine[];
    checks: ReadonlyMap<number, LineCheck>;
    /** Takes the line and every line identical to it out of the cart. */
    onRemove: (sequence: number) => void;
    onOpenCart: () => void;
    t: CheckoutT;
  }
>(function UnavailableLinesBlock({ cart, checks, onRemove, onOpenCart, t }, ref) {
  const flagged = groupIdenticalLines([...cart]).flatMap((group) => {
    const check = checks.get(group.equality_seq);
    const problem = check && isFlagged(check) ? lineProblem(check, t) : null;
    return problem ? [{ group, problem, priceOnly: check?.status === 'price-changed' }] : [];
  });
  if (flagged.length === 0) return null;
  return (
    <section
      ref={ref}
      className="checkout-card checkout-unavailable"
      aria-labelledby="checkout-unavailable-title"
      tabIndex={-1}
    >
      <h3 id="checkout-unavailable-title" className="checkout-card-title">
        {t('unavailableTitle')}
      </h3>
      <p>{t('unavailableHint')}</p>
      <ul className="checkout-unavailable-lines">
        {flagged.map(({ group, problem, priceOnly }) => (
          <li key={group.equality_seq} className="checkout-unavailable-line">
            <p className="checkout-unavailable-name">
              {group.count > 1 ? `${group.count}× ` : ''}
              {group.line.descricao_produto}
            </p>
            <p className="checkout-unavailable-problem">{problem}</p>
            <div className="checkout-unavailable-actions">
              <button
                type="button"
                className="button button-secondary"
                aria-label={t('removeUnavailable', { name: group.line.descricao_produto })}
                onClick={() => onRemove(group.line.sequence)}
              >
                {t('remove')}
              </button>
              {priceOnly ? (
                <button type="button" className="button button-secondary" onClick={onOpenCart}>
                  {t('openCart')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
});
