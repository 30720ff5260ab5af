import type { RegisterSessionReply, RegistersReply } from '@comanda/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { useStaffT } from '../lib/staff-texts.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import { closingPreview, differenceText, typedAmount } from './register-model.ts';
import RegisterView from './register-view.tsx';

function View({ canManage = false }: { canManage?: boolean }) {
  return <RegisterView t={useStaffT()} canManage={canManage} />;
}

const summary = {
  id: 7,
  register_id: 1,
  register_name: 'Caixa',
  opened_at: '2026-11-27T12:00:00.000Z',
  opened_by: 'Ana Caixa',
  opening_float: 10_000,
  closed_at: null,
  closed_by: null,
  expected_total: 17_590,
  counted_total: null,
  difference_total: null,
};

const openSession: RegisterSessionReply = {
  ...summary,
  store_name: 'Forno e Brasa',
  cash_in_drawer: 13_600,
  lines: [
    {
      key: 'cash',
      name: 'Dinheiro',
      cash: true,
      takings: 4_590,
      expected: 13_600,
      counted: null,
      difference: null,
    },
    {
      key: 'm2',
      name: 'Cartão de crédito',
      cash: false,
      takings: 3_990,
      expected: 3_990,
      counted: null,
      difference: null,
    },
  ],
  movements: [
    {
      id: 1,
      kind: 'sangria',
      amount: 990,
      reason: 'Depósito',
      at: '2026-11-27T15:00:00.000Z',
      by: 'Ana Caixa',
    },
  ],
  takings: [
    {
      id: 3,
      at: '2026-11-27T13:00:00.000Z',
      kind: 'venda',
      order_id: 41,
      tab_id: null,
      channel: 'app',
      payment_name: 'Dinheiro',
      line_key: 'cash',
      amount: 4_590,
    },
  ],
};

const registers = (open: boolean): RegistersReply => ({
  registers: [{ id: 1, name: 'Caixa', ativo: true, open_session: open ? summary : null }],
});

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
});

describe('the register model', () => {
  it('reads typed reais, and previews the closing with an empty box counted 0', () => {
    expect(typedAmount('150')).toBe(15_000);
    expect(typedAmount('1.234,56')).toBe(123_456);
    expect(typedAmount('abc')).toBeNull();
    expect(typedAmount('-3')).toBeNull();
    const preview = closingPreview(openSession.lines, { cash: '130,00', m2: 'x' });
    expect(preview.invalid).toEqual(['m2']);
    expect(preview.counted).toEqual({ cash: 13_000 });
    expect(preview.count.difference).toBe(-600 - 3_990);
    const r = (key: string, vars?: Record<string, string>) => `${key} ${vars?.amount ?? ''}`.trim();
    expect(differenceText(-600, r)).toBe('short R$\u00a06,00');
    expect(differenceText(0, r)).toBe('even');
  });
});

describe("the 'Caixa' tab", () => {
  it('opens a closed register with the float typed in reais', async () => {
    const api = stubStaffApi({
      'GET /staff/registers': { body: registers(false) },
      'GET /staff/register-sessions?limit=10': { body: { sessions: [], next_before: null } },
      'POST /staff/registers/1/open': { body: openSession },
    });
    render(<View />);
    await screen.findByRole('heading', { name: 'Caixa está fechado' });
    await userEvent.type(screen.getByLabelText('Troco inicial (R$)'), '100,00');
    api.on('GET /staff/registers', { body: registers(true) });
    api.on('GET /staff/register-sessions/7', { body: openSession });
    await userEvent.click(screen.getByRole('button', { name: 'Abrir caixa' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/staff/registers/1/open')[0]?.body).toEqual({ opening_float: 10_000 }),
    );
    await screen.findByRole('heading', { name: 'Caixa aberto' });
    expect(screen.getByText(/Aberto por Ana Caixa em 27\/11\/2026 09:00/)).toBeInTheDocument();
    expect(screen.getByText('Nenhum fechamento ainda.')).toBeInTheDocument();
  });

  it('refuses a sangria above the drawer before sending it, and sends one with its reason', async () => {
    const api = stubStaffApi({
      'GET /staff/registers': { body: registers(true) },
      'GET /staff/register-sessions?limit=10': { body: { sessions: [summary], next_before: null } },
      'GET /staff/register-sessions/7': { body: openSession },
      'POST /staff/register-sessions/7/movements': { body: openSession },
    });
    render(<View />);
    await screen.findByText('Depósito');
    await userEvent.click(screen.getByRole('button', { name: 'Sangria' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No caixa agora: R$ 136,00')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Valor (R$)'), '136,01');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Maior que o dinheiro no caixa (R$ 136,00).');
    expect(within(dialog).getByRole('button', { name: 'Registrar' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('Valor (R$)'));
    await userEvent.type(within(dialog).getByLabelText('Valor (R$)'), '50');
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Banco');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/staff/register-sessions/7/movements')[0]?.body).toEqual({
        kind: 'sangria',
        amount: 5_000,
        reason: 'Banco',
      }),
    );
  });

  it('shows the difference before closing, then the closing report with its print buttons', async () => {
    const closed: RegisterSessionReply = {
      ...openSession,
      closed_at: '2026-11-28T01:00:00.000Z',
      closed_by: 'Ana Caixa',
      counted_total: 17_090,
      difference_total: -500,
      lines: [
        { ...openSession.lines[0]!, counted: 13_100, difference: -500 },
        { ...openSession.lines[1]!, counted: 3_990, difference: 0 },
      ],
    };
    const api = stubStaffApi({
      'GET /staff/registers': { body: registers(true) },
      'GET /staff/register-sessions?limit=10': { body: { sessions: [], next_before: null } },
      'GET /staff/register-sessions/7': { body: openSession },
      'POST /staff/register-sessions/7/close': { body: closed },
    });
    render(<View />);
    await userEvent.click(await screen.findByRole('button', { name: 'Fechar caixa' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Contado em Dinheiro (R$)'), '131');
    await userEvent.type(within(dialog).getByLabelText('Contado em Cartão de crédito (R$)'), '39,90');
    expect(within(dialog).getByTestId('close-difference')).toHaveTextContent('Falta R$ 5,00');
    api.on('GET /staff/registers', { body: registers(false) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar fechamento' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/staff/register-sessions/7/close')[0]?.body).toEqual({
        counted: { cash: 13_100, m2: 3_990 },
      }),
    );
    await screen.findByRole('heading', { name: 'Relatório de fechamento · Caixa' });
    expect(screen.getByText('Fechado por Ana Caixa em 27/11/2026 22:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir (80 mm)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir (A4)' })).toBeInTheDocument();
  });
});
