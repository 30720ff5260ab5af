import { Link } from 'wouter';
import { usePaymentT } from '../payment-texts.ts';
import '../payment.css';

/**
 * The card SDK's checkout route (spec section 2: a path ending in _checkout, bars hidden). Online
 * card payment is not there yet, so the screen says so and leads back to the order: never a dead end.
 */
export default function CardCheckoutScreen() {
  const t = usePaymentT();
  return (
    <section className="pix" aria-labelledby="card-checkout-title">
      <h1 id="card-checkout-title" className="pix-title">
        {t('cardTitle')}
      </h1>
      <p>{t('cardUnavailable')}</p>
      <Link href="/confirmation" className="button button-primary">
        {t('backToCheckout')}
      </Link>
    </section>
  );
}
