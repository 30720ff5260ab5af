import type { ReactNode } from 'react';

/**
 * A compact checkout row (coupon, loyalty, notes): the title and a one-line summary on the left, its
 * actions on the right; the details live in the dialogs the actions open.
 */
export function CheckoutLine({
  id,
  title,
  summary,
  children,
}: {
  /** The title's id: the row is a region named by it. */
  id: string;
  title: string;
  summary?: ReactNode;
  /** The row's buttons. */
  children: ReactNode;
}) {
  return (
    <section className="checkout-card checkout-line" aria-labelledby={id}>
      <div className="checkout-line-text">
        <h3 id={id} className="checkout-line-title">
          {title}
        </h3>
        {summary ? <div className="checkout-line-summary">{summary}</div> : null}
      </div>
      <div className="checkout-line-actions">{children}</div>
    </section>
  );
}
