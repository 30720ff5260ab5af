import { normalizeForSearch } from '@comanda/domain';

/*
 * The payment choice's icons (issue 34: "icons for payment methods"), drawn inline like the card
 * brand marks (no image request) and only in the checkout's chunk. Decorative: the row's text names
 * the method. Each takes the text colour, so both themes and every store's colours read alike.
 */

export type PaymentIconKind = 'pix' | 'cash' | 'card' | 'card-online' | 'voucher';

/** Meal and food vouchers by the words stores use for them (Vale-refeição, VR, Alelo, Sodexo…). */
const VOUCHER = /\b(vale|vr|va|alelo|sodexo|pluxee|ticket|ben visa|voucher)\b/;

/** Which icon an in-person method gets: from its kind, and for cards from its name (vouchers). */
export function paymentIconKind(method: { tipo: string; descricao: string }): PaymentIconKind {
  if (method.tipo === 'pix') return 'pix';
  if (method.tipo === 'dinheiro') return 'cash';
  if (method.tipo === 'online') return 'card-online';
  return VOUCHER.test(normalizeForSearch(method.descricao)) ? 'voucher' : 'card';
}

const PATHS: Record<PaymentIconKind, string> = {
  // Four rounded rhombi around a centre, the shape people know from PIX.
  pix: 'M12 2.6l3.3 3.3-1.9 1.9a2 2 0 0 0-2.8 0L8.7 5.9 12 2.6zm-6.1 6.1l1.9 1.9a2 2 0 0 0 0 2.8l-1.9 1.9L2.6 12l3.3-3.3zm12.2 0l3.3 3.3-3.3 3.3-1.9-1.9a2 2 0 0 0 0-2.8l1.9-1.9zM10.6 16.2a2 2 0 0 0 2.8 0l1.9 1.9L12 21.4l-3.3-3.3 1.9-1.9z',
  // A banknote with its centre coin.
  cash: 'M2 6h20v12H2V6zm2 2v8h16V8H4zm8 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM5 9.5h2v2H5v-2zm12 3h2v2h-2v-2z',
  // A card with its stripe.
  card: 'M2 6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6zm2 0v2h16V6H4zm0 5v7h16v-7H4zm2 3h5v2H6v-2z',
  // A card with a padlock: paid in the app.
  'card-online':
    'M2 6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5h-2v-1H4v8h8v2H4a2 2 0 0 1-2-2V6zm2 0v2h16V6H4zm13.5 7a2.5 2.5 0 0 1 2.5 2.5V16h1v6h-7v-6h1v-.5a2.5 2.5 0 0 1 2.5-2.5zm0 1.5a1 1 0 0 0-1 1v.5h2v-.5a1 1 0 0 0-1-1z',
  // A fork and knife: meal vouchers.
  voucher:
    'M7 2h1.5v6a1.5 1.5 0 0 0 1 1.4V2H11v7.4A1.5 1.5 0 0 0 12 8V2h1.5v6A3 3 0 0 1 11 11v11H9.5V11A3 3 0 0 1 7 8V2zm10.5 0c.8 0 1.5.7 1.5 1.5V22h-1.5v-8H15V6.5A4.5 4.5 0 0 1 17.5 2z',
};

export function PaymentMethodIcon({ kind }: { kind: PaymentIconKind }) {
  return (
    <svg
      className="payment-method-icon"
      data-kind={kind}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[kind]} fillRule="evenodd" />
    </svg>
  );
}
