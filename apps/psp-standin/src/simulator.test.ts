import { afterEach, describe, expect, it } from 'vitest';
import { type Standin, startStandin } from './index.ts';

let standin: Standin;
afterEach(() => standin?.close());

function charge(amount = 4490, expiresAt = new Date(Date.now() + 300_000).toISOString()) {
  return standin.context.book.create({
    shape: 'mercadopago',
    account: 'TEST-token',
    providerRef: '123',
    reference: 'ref-1',
    amount,
    description: 'Pedido 1',
    copyPaste: '000201…',
    expiresAt,
    notificationUrl: null,
    extra: {},
  });
}

describe('the simulator', () => {
  it('pays a pending charge once, by any of its names', async () => {
    standin = await startStandin();
    const pending = charge();
    const paid = await fetch(`${standin.url}/simulator/charges/ref-1/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ id: pending.id, status: 'paid', paidAmount: 4490 });
    const again = await fetch(`${standin.url}/simulator/charges/${pending.id}/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(409);
  });

  it('pays a different amount when asked (a payer who typed another value)', async () => {
    standin = await startStandin();
    const pending = charge();
    standin.pay(pending.id, 100);
    expect(standin.context.book.get(pending.id)).toMatchObject({ status: 'paid', paidAmount: 100 });
  });

  it('lists the charges on a page with a button per action, from an HTML form too', async () => {
    standin = await startStandin();
    const pending = charge(123456);
    const html = await (await fetch(`${standin.url}/`)).text();
    expect(html).toContain('R$\u00a01.234,56');
    expect(html).toContain(`/simulator/charges/${pending.id}/expire`);
    const form = await fetch(`${standin.url}/simulator/charges/${pending.id}/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: '',
      redirect: 'manual',
    });
    expect(form.status).toBe(302);
    expect(standin.context.book.get(pending.id)?.status).toBe('expired');
  });

  it('expires a pending charge past its expiry when it is looked at, so a late payment finds it expired', async () => {
    let now = new Date('2026-05-05T15:00:00Z');
    standin = await startStandin({ now: () => now });
    const pending = charge(4490, '2026-05-05T15:05:00Z');
    now = new Date('2026-05-05T15:06:00Z');
    expect(standin.context.book.move(pending.id, 'paid')).toBe(null);
    expect(standin.context.book.get(pending.id)?.status).toBe('expired');
  });
});
