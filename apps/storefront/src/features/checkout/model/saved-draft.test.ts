import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDraft } from './order.ts';
import {
  CHECKOUT_DRAFT_VALIDITY_MS,
  forgetCheckoutDraft,
  saveCheckoutDraft,
  savedCheckoutDraft,
} from './saved-draft.ts';

const draft: OrderDraft = {
  deliveryType: 'Entregar',
  addressId: 31,
  paymentId: 998,
  cardId: 4,
  changeFor: null,
  coupon: null,
  fidelity: true,
  notes: 'Sem cebola',
  scheduledPeriod: '2026-11-24T15:30:00.000Z',
  document: '',
};

describe('the checkout draft kept across a failed payment (issue 34)', () => {
  afterEach(() => localStorage.clear());

  it('keeps the loyalty reward, the payment (saved card) and the time, not the address', () => {
    saveCheckoutDraft(7, draft, 1_000);
    const { addressId: _address, ...kept } = draft;
    expect(savedCheckoutDraft(7, 2_000)).toEqual(kept);
  });

  it("is another customer's nothing, and nothing after an hour or once forgotten", () => {
    saveCheckoutDraft(7, draft, 1_000);
    expect(savedCheckoutDraft(8, 2_000)).toBeNull();
    expect(savedCheckoutDraft(7, 1_000 + CHECKOUT_DRAFT_VALIDITY_MS)).toBeNull();
    forgetCheckoutDraft();
    expect(savedCheckoutDraft(7, 2_000)).toBeNull();
  });
});
