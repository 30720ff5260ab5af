import { describe, expect, it } from 'vitest';
import { captureCouponParam, storedCoupon } from './coupon-param.ts';
import { isLocalMode, leaveTableMode, TABLE_MODE_MS } from './source.ts';
import { captureVisitEntry } from './visit-entry.ts';

const HOUR = 60 * 60 * 1000;
const stored = (key: string) => localStorage.getItem(key);

describe('table self-checkout entry (spec sections 2 and 4 "Source")', () => {
  it('/local/{table}?token= stores source local, the table, its token and the time, then shows the menu', () => {
    const to = captureVisitEntry({ pathname: '/local/3', search: '?token=abc123' }, { now: 1_000 });
    expect(to).toBe('/');
    expect(stored('source')).toBe('local');
    expect(stored('table_id')).toBe('3');
    expect(stored('table_token')).toBe('abc123');
    expect(stored('table_entered_at')).toBe('1000');
    expect(isLocalMode()).toBe(true);
  });

  it('self-checkout maps to local', () => {
    expect(captureVisitEntry({ pathname: '/self-checkout/7/', search: '?token=t' })).toBe('/');
    expect(stored('source')).toBe('local');
    expect(stored('table_id')).toBe('7');
  });

  it('keeps the rest of the query (a coupon link still works), never the token', () => {
    const search = '?token=secret&coupon=BEMVINDO10';
    expect(captureCouponParam(search)).toBe('BEMVINDO10');
    expect(captureVisitEntry({ pathname: '/local/3', search })).toBe('/?coupon=BEMVINDO10');
    expect(storedCoupon()).toBe('BEMVINDO10');
  });

  it("drops another table's code, keeps the same table's", () => {
    captureVisitEntry({ pathname: '/local/3', search: '?token=a' });
    localStorage.setItem('table_code', '1234');
    captureVisitEntry({ pathname: '/local/3', search: '?token=a' });
    expect(stored('table_code')).toBe('1234');
    captureVisitEntry({ pathname: '/local/4', search: '?token=b' });
    expect(stored('table_code')).toBeNull();
  });

  it('a QR address without a token enters table mode without one (the banner says the table is not found)', () => {
    localStorage.setItem('table_token', 'old');
    captureVisitEntry({ pathname: '/local/3', search: '' });
    expect(stored('table_token')).toBeNull();
    expect(isLocalMode()).toBe(true);
  });

  it('a table source without a table segment is no entry', () => {
    expect(captureVisitEntry({ pathname: '/local/', search: '?token=x' })).toBeNull();
    expect(stored('source')).toBeNull();
  });

  it('a table that cannot exist, without a token, still enters table mode (not the ordinary menu)', () => {
    expect(captureVisitEntry({ pathname: '/local/mesa-99', search: '' })).toBe('/');
    expect(isLocalMode()).toBe(true);
    expect(stored('table_id')).toBe('mesa-99');
  });

  it('an installed standalone app at a table stays in table mode', () => {
    captureVisitEntry({ pathname: '/local/3', search: '?token=a' }, { now: 0, standalone: true });
    expect(stored('source')).toBe('local');
    captureVisitEntry({ pathname: '/', search: '' }, { now: HOUR, standalone: true });
    expect(stored('source')).toBe('local');
  });
});

describe('campaign sources and the standalone app', () => {
  it('a campaign path stores its source and shows the menu', () => {
    expect(captureVisitEntry({ pathname: '/instagram', search: '?coupon=X' })).toBe('/?coupon=X');
    expect(stored('source')).toBe('instagram');
  });

  it('an installed standalone app is source mobile', () => {
    expect(captureVisitEntry({ pathname: '/', search: '' }, { standalone: true })).toBeNull();
    expect(stored('source')).toBe('mobile');
    captureVisitEntry({ pathname: '/whatsapp', search: '' }, { standalone: true });
    expect(stored('source')).toBe('mobile');
  });

  it('other paths leave the stored source as it is', () => {
    localStorage.setItem('source', 'whatsapp');
    expect(captureVisitEntry({ pathname: '/cart', search: '' })).toBeNull();
    expect(stored('source')).toBe('whatsapp');
  });

  it('a campaign link ends table mode and forgets the table', () => {
    captureVisitEntry({ pathname: '/local/3', search: '?token=a' });
    captureVisitEntry({ pathname: '/instagram', search: '' });
    expect(stored('source')).toBe('instagram');
    expect(stored('table_id')).toBeNull();
    expect(stored('table_token')).toBeNull();
  });
});

describe('how long table mode lasts', () => {
  it('ends 12 hours after the entry: the table keys go and the source is mobile', () => {
    captureVisitEntry({ pathname: '/local/3', search: '?token=a' }, { now: 0 });
    localStorage.setItem('table_code', '1234');
    captureVisitEntry({ pathname: '/', search: '' }, { now: TABLE_MODE_MS - 1 });
    expect(isLocalMode()).toBe(true);
    captureVisitEntry({ pathname: '/', search: '' }, { now: TABLE_MODE_MS });
    expect(isLocalMode()).toBe(false);
    expect(stored('source')).toBe('mobile');
    for (const key of ['table_id', 'table_token', 'table_entered_at', 'table_code']) {
      expect(stored(key)).toBeNull();
    }
  });

  it('table mode without an entry time is over', () => {
    localStorage.setItem('source', 'local');
    captureVisitEntry({ pathname: '/', search: '' });
    expect(isLocalMode()).toBe(false);
  });

  it("the guest's own 'Sair do modo mesa' ends it at once", () => {
    captureVisitEntry({ pathname: '/local/3', search: '?token=a' });
    leaveTableMode();
    expect(isLocalMode()).toBe(false);
    expect(stored('table_id')).toBeNull();
  });
});
