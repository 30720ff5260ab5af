import type { PeriodReport, PeriodTotals } from '@comanda/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import PeriodReportScreen from './period-report.tsx';

// The charts are pictured by the screens suite; here they are a stand-in (no canvas in jsdom).
vi.mock('./period-charts.tsx', () => ({
  BarChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const totals = (from: string, to: string, revenue: number, sales: number): PeriodTotals => ({
  from,
  to,
  revenue,
  sales,
  average_ticket: sales === 0 ? 0 : Math.round(revenue / sales),
  service_fees: 1101,
  delivery_fees: 500,
  discounts: 0,
  cancels: 1,
  cancelled_amount: 3000,
  new_customers: 2,
  returning_customers: 1,
});

function report(from: string, to: string, previous: { from: string; to: string }): PeriodReport {
  return {
    current: totals(from, to, 30000, 3),
    previous: totals(previous.from, previous.to, 20000, 2),
    change: { revenue: 50, sales: 50, average_ticket: 0, cancels: 0, discounts: 0 },
    by_day: [{ date: to, sales: 3, revenue: 30000 }],
    by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, sales: 0, revenue: 0 })),
    by_channel: [{ channel: 'mesa', sales: 1, revenue: 12111 }],
    by_delivery_type: [{ tipo_entrega: 'Vem comer', sales: 1, revenue: 12111 }],
    by_payment: [
      { method: 'Dinheiro', sales: 1, revenue: 6056 },
      { method: 'PIX', sales: 1, revenue: 6055 },
    ],
    by_product: [{ produto: 1, descricao: 'Cerveja', categoria: 'Bebidas', qtd: 4, revenue: 4760 }],
    by_category: [{ categoria: 'Bebidas', qtd: 4, revenue: 4760 }],
  };
}

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
  vi.useFakeTimers({ toFake: ['Date'] });
  // 22:30 on 5 May in São Paulo, already 6 May in UTC: the presets end on the store's day.
  vi.setSystemTime(new Date('2026-05-06T01:30:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  setStaffToken(null);
  vi.restoreAllMocks();
});

describe('the period report', () => {
  it('opens on the last 7 store days, with the changes, the table’s methods and the channel in words', async () => {
    stubStaffApi({
      'GET /staff/reports/period?from=2026-04-29&to=2026-05-05': {
        body: report('2026-04-29', '2026-05-05', { from: '2026-04-22', to: '2026-04-28' }),
      },
    });
    render(<PeriodReportScreen />);
    expect(await screen.findByText('29/04/2026 a 05/05/2026')).toBeInTheDocument();
    expect(screen.getByText('Comparado com 22/04/2026 a 28/04/2026')).toBeInTheDocument();
    const revenue = screen.getByText('Faturamento').closest('div')!;
    expect(revenue).toHaveTextContent('R$ 300,00');
    expect(revenue).toHaveTextContent('+50%');
    expect(screen.getByText('Mesa (QR)')).toBeInTheDocument();
    expect(screen.getByText('Comer no local')).toBeInTheDocument();
    expect(screen.getByText('Dinheiro')).toBeInTheDocument();
    expect(screen.getAllByText('4× · R$ 47,60')).toHaveLength(2);
    expect(await screen.findByRole('img', { name: 'Faturamento por dia' })).toBeInTheDocument();
  });

  it('asks the server for a preset’s days and for a typed period', async () => {
    const api = stubStaffApi({
      'GET /staff/reports/period?from=2026-04-29&to=2026-05-05': {
        body: report('2026-04-29', '2026-05-05', { from: '2026-04-22', to: '2026-04-28' }),
      },
      'GET /staff/reports/period?from=2026-05-01&to=2026-05-05': {
        body: report('2026-05-01', '2026-05-05', { from: '2026-04-26', to: '2026-04-30' }),
      },
      'GET /staff/reports/period?from=2026-03-01&to=2026-03-31': {
        body: report('2026-03-01', '2026-03-31', { from: '2026-01-29', to: '2026-02-28' }),
      },
    });
    render(<PeriodReportScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Este mês' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/staff/reports/period?from=2026-05-01&to=2026-05-05')).toHaveLength(1),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Outro período' }));
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    await userEvent.clear(from);
    await userEvent.type(from, '01032026');
    await userEvent.clear(to);
    await userEvent.type(to, '31032026');
    await userEvent.click(screen.getByRole('button', { name: 'Ver' }));
    expect(await screen.findByText('01/03/2026 a 31/03/2026')).toBeInTheDocument();
  });
});
