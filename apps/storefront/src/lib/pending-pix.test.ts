import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionToken } from '../test/accounts.tsx';
import {
  clearPendingPix,
  isStalePendingPix,
  markPendingPixPaid,
  PENDING_PIX_KEY,
  pendingPixOf,
  pixSecondsLeft,
  readPendingPix,
  savePendingPix,
} from './pending-pix.ts';
import { clearToken, setToken } from './session.ts';

const intent = {
  intent_id: 'pi_0123456789',
  qrcode: 'data:image/svg+xml;base64,PHN2Zy8+',
  qr_content: '00020126580014br.gov.bcb.pix',
  expires_in: 300,
  order_id: 42,
  amount: 3750,
};
const NOW = Date.UTC(2030, 0, 1, 15, 0, 0);

describe('pending PIX intent (spec section 3 "Payment intent")', () => {
  beforeEach(() => act(() => setToken(sessionToken(7))));
  afterEach(() => act(() => clearToken()));

  it('keeps the intent, its QR image, copy string and creation time, with the order and expiry', () => {
    savePendingPix(pendingPixOf(intent, { now: NOW }));
    expect(JSON.parse(localStorage.getItem(PENDING_PIX_KEY)!)).toEqual({
      intentId: 'pi_0123456789',
      qrImage: intent.qrcode,
      copyCode: intent.qr_content,
      createdAt: NOW,
      expiresAt: NOW + 300_000,
      orderId: 42,
      amount: 3750,
      userId: 7,
      paid: false,
    });
  });

  it("counts the code's validity from the store's expiration_time_pix when the intent names none", () => {
    const pending = pendingPixOf({ ...intent, expires_in: null }, { now: NOW, validitySeconds: 600 });
    expect(pending.expiresAt).toBe(NOW + 600_000);
  });

  it('is read back for the same customer only', () => {
    savePendingPix(pendingPixOf(intent, { now: NOW }));
    expect(readPendingPix()?.intentId).toBe('pi_0123456789');
    act(() => setToken(sessionToken(8)));
    expect(readPendingPix()).toBeNull();
  });

  it('is marked paid, and cleared', () => {
    savePendingPix(pendingPixOf(intent, { now: NOW }));
    markPendingPixPaid();
    expect(readPendingPix()?.paid).toBe(true);
    clearPendingPix();
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
  });

  it('counts whole seconds left, never below zero', () => {
    const pending = pendingPixOf(intent, { now: NOW });
    expect(pixSecondsLeft(pending, NOW)).toBe(300);
    expect(pixSecondsLeft(pending, NOW + 1)).toBe(300);
    expect(pixSecondsLeft(pending, NOW + 299_001)).toBe(1);
    expect(pixSecondsLeft(pending, NOW + 400_000)).toBe(0);
  });

  it('is stale after 3 minutes (spec section 9)', () => {
    const pending = pendingPixOf(intent, { now: NOW });
    expect(isStalePendingPix(pending, NOW + 180_000)).toBe(false);
    expect(isStalePendingPix(pending, NOW + 180_001)).toBe(true);
  });
});
