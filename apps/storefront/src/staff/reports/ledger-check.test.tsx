import type { LedgerCheckReply } from '@comanda/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStaffT } from '../lib/staff-texts.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import { LedgerCheckCard } from './ledger-check.tsx';

function Card() {
  return <LedgerCheckCard t={useStaffT()} />;
}

const report = (overrides: Partial<LedgerCheckReply> = {}): LedgerCheckReply => ({
  date: '2026-11-27',
  provider: 'mercadopago',
  available: true,
  charges: 4,
  orders: 2,
  shares: 1,
  refunds: 1,
  unpaid: 0,
  received: 12_980,
  recorded: 12_980,
  exceptions: [],
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the check against the provider', () => {
  it('says all is well when every charge is an order, a share or a refund', async () => {
    stubStaffApi({ [`GET /staff/payments/ledger?date=${today()}`]: { body: report() } });
    render(<Card />);
    expect(await screen.findByText('Tudo confere: nenhuma cobrança sem pedido ou devolução.')).toBeVisible();
    const figures = screen.getByRole('form', { name: 'Conferência com o provedor' });
    expect(within(figures).getByText('Cobranças').nextSibling).toHaveTextContent('4');
    expect(within(figures).getByText('Recebido no provedor').nextSibling).toHaveTextContent('R$ 129,80');
    expect(within(figures).getByText('Nas vendas (online)').nextSibling).toHaveTextContent('R$ 129,80');
  });

  it('lists what does not add up, with the amount, the order and the provider’s charge', async () => {
    const calls = stubStaffApi({
      [`GET /staff/payments/ledger?date=${today()}`]: { body: report() },
      'GET /staff/payments/ledger?date=2026-11-20': {
        body: report({
          date: '2026-11-20',
          exceptions: [
            {
              kind: 'kept_without_order',
              provider_ref: '7712',
              amount: 4290,
              order_id: 31,
              created_at: '2026-11-20T14:21:00.000Z',
              detail: '…',
            },
          ],
        }),
      },
    });
    render(<Card />);
    await screen.findByText(/Tudo confere/);
    const day = screen.getByLabelText('Dia');
    await userEvent.clear(day);
    await userEvent.type(day, '20112026');
    await userEvent.click(screen.getByRole('button', { name: 'Conferir' }));
    expect(await screen.findByText('1 cobrança para conferir')).toBeVisible();
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Dinheiro retido sem pedido');
    expect(item.textContent).toContain('R$\u00a042,90');
    expect(item).toHaveTextContent('Pedido nº 31 · 20/11 11:21 · cobrança 7712 no provedor');
    expect(calls.calls.map((call) => call.path)).toContain('/staff/payments/ledger?date=2026-11-20');
  });

  it('says when the store has no provider that lists its charges', async () => {
    stubStaffApi({
      [`GET /staff/payments/ledger?date=${today()}`]: { body: report({ provider: null, available: false }) },
    });
    render(<Card />);
    expect(
      await screen.findByText('Esta loja não recebe por um provedor que liste as cobranças.'),
    ).toBeVisible();
  });
});

function today() {
  const shifted = new Date(Date.now() - 3 * 3600_000);
  return shifted.toISOString().slice(0, 10);
}
