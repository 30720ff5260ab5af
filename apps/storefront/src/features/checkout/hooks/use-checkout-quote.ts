import type { Company, Customer, CustomerAddress, LoyaltyProgram, PaymentMethod } from '@comanda/contract';
import { type Cart, type CheckoutDraft, type CheckoutQuote, inPersonOffered } from '@comanda/domain';
import { useMemo } from 'react';
import { inPersonMethods, type OrderDraft } from '../model/order.ts';
import { quoteOf } from '../model/quote.ts';

export interface CheckoutQuoteInput {
  company: Company;
  /** The store's active loyalty program, if any. */
  program: LoyaltyProgram | null;
  draft: OrderDraft;
  cart: Cart;
  customer: Customer;
  /** The store's payment types (the start data). */
  methods: readonly PaymentMethod[];
  tableOrder: boolean;
}

export interface CheckoutQuoteView {
  /** The draft as the quote read it: what the order sends. */
  sent: CheckoutDraft;
  quote: CheckoutQuote;
  /** The periods a closed store can be scheduled for. */
  freePeriods: readonly string[];
  /** The chosen address, unless it was deleted. */
  address: CustomerAddress | null;
  /** The in-person methods for the order's delivery type, in the store's order. */
  offeredMethods: readonly PaymentMethod[];
  /** The chosen method, when it is one of them. */
  chosenMethod: PaymentMethod | null;
}

/** The checkout's one quote of what the screen shows now, and what each block needs of it. */
export function useCheckoutQuote({
  company,
  program,
  draft,
  cart,
  customer,
  methods,
  tableOrder,
}: CheckoutQuoteInput): CheckoutQuoteView {
  const {
    store,
    draft: sent,
    quote,
  } = useMemo(
    () => quoteOf(company, program, { draft, cart, customer, methods, tableOrder }),
    [company, program, draft, cart, customer, methods, tableOrder],
  );
  // A table whose store requires paying in the app is offered online payment only (issue 15).
  const inPerson = inPersonOffered(store, tableOrder);
  const offeredMethods = useMemo(
    () => (inPerson ? inPersonMethods(methods, quote.deliveryType) : []),
    [inPerson, methods, quote.deliveryType],
  );
  const address = customer.enderecos.find((entry) => entry.id === draft.addressId && !entry.excluido) ?? null;
  const chosenMethod = offeredMethods.find((method) => method.id === draft.paymentId) ?? null;
  return { sent, quote, freePeriods: store.freePeriods, address, offeredMethods, chosenMethod };
}
