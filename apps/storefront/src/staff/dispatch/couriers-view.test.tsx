import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Courier, Settlement } from '../../lib/dispatch-types.ts';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import CouriersView from './couriers-view.tsx';

const marcos: Courier = {
  id: 7,
  nome: 'Marcos Lima',
  telefone: '11987654321',
  veiculo: 'moto',
  ativo_hoje: true,
  pagamento: { modelo: 'por_entrega', valor_entrega: 700 },
  link_ativo: false,
};

const settlement = (settled: boolean): Settlement => ({
  dia: '2026-05-05',
  entregadores: [
    {
      entregador: { id: 7, nome: 'Marcos Lima' },
      pagamento: marcos.pagamento,
      entregas: 2,
      nao_entregues: 1,
      por_faixa: [{ ate_km: null, entregas: 2, valor: 1400 }],
      distancia_m: 4200,
      diaria: 0,
      devido: 1400,
      dinheiro_coletado: 5200,
      liquido: -3800,
      acertado: settled ? { em: '2026-05-05T23:30:00Z', por: 'Dona Ana', caixa: true } : null,
    },
  ],
});

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-05T23:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  setStaffToken(null);
  vi.unstubAllGlobals();
});

describe('the Entregadores screen', () => {
  it('adds a courier paid by km band, amounts typed in reais', async () => {
    const api = stubStaffApi({
      'GET /staff/couriers': { body: { entregadores: [] } },
      'GET /staff/couriers/settlement?dia=2026-05-05': { body: { dia: '2026-05-05', entregadores: [] } },
      'POST /staff/couriers': { status: 201, body: marcos },
    });
    const user = userEvent.setup();
    render(<CouriersView storeName="Forno & Brasa" />);
    await user.click(await screen.findByRole('button', { name: 'Novo entregador' }));
    const form = screen.getByRole('dialog', { name: 'Novo entregador' });
    await user.type(within(form).getByRole('textbox', { name: 'Nome' }), 'Ana Reis');
    await user.type(within(form).getByRole('textbox', { name: 'Celular' }), '21999998888');
    expect(within(form).getByRole('textbox', { name: 'Celular' })).toHaveValue('(21) 99999-8888');
    await user.click(within(form).getByRole('radio', { name: 'Por faixa de distância' }));
    const amounts = within(form).getAllByRole('textbox', { name: 'Valor (R$)' });
    await user.type(amounts[0]!, '6,50');
    await user.type(amounts[1]!, '9');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(api.callsTo('POST', '/staff/couriers').map((call) => call.body)).toEqual([
      {
        nome: 'Ana Reis',
        telefone: '21999998888',
        veiculo: 'moto',
        ativo_hoje: true,
        pagamento: {
          modelo: 'faixa_km',
          faixas: [
            { ate_km: 3, valor: 650 },
            { ate_km: 6, valor: 900 },
          ],
        },
      },
    ]);
  });

  it('shows a new personal link once, with its QR code', async () => {
    stubStaffApi({
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
      'GET /staff/couriers/settlement?dia=2026-05-05': { body: { dia: '2026-05-05', entregadores: [] } },
      'POST /staff/couriers/7/link': {
        body: { url: 'https://pizzaria.example/entregador/abc', token: 'abc' },
      },
    });
    const user = userEvent.setup();
    render(<CouriersView storeName="Forno & Brasa" />);
    const row = await screen.findByRole('listitem', { name: 'Marcos Lima' });
    expect(row).toHaveTextContent('R$ 7,00 por entrega');
    await user.click(within(row).getByRole('button', { name: 'Criar link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link de Marcos Lima' });
    expect(within(dialog).getByRole('textbox', { name: 'Link do entregador' })).toHaveValue(
      'https://pizzaria.example/entregador/abc',
    );
    expect(
      await within(dialog).findByRole('img', { name: 'QR code do link de Marcos Lima' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
  });

  it('settles the day: who pays whom, then records it once', async () => {
    let settled = false;
    const api = stubStaffApi({
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
      'GET /staff/couriers/settlement?dia=2026-05-05': () => ({ body: settlement(settled) }),
      'POST /staff/couriers/7/settlement': () => {
        settled = true;
        return { status: 201, body: {} };
      },
    });
    const user = userEvent.setup();
    render(<CouriersView storeName="Forno & Brasa" />);
    const section = await screen.findByRole('region', { name: 'Acerto do dia' });
    const row = await within(section).findByRole('listitem', { name: 'Marcos Lima' });
    expect(row).toHaveTextContent('2× entregasR$ 14,00');
    expect(row).toHaveTextContent('O entregador devolve R$ 38,00');
    await user.click(within(row).getByRole('button', { name: 'Acertar' }));
    expect(api.callsTo('POST', '/staff/couriers/7/settlement').map((call) => call.body)).toEqual([
      { dia: '2026-05-05' },
    ]);
    // 23:30 UTC is 20:30 in São Paulo.
    expect(await within(section).findByText('Acertado às 20:30 por Dona Ana')).toBeInTheDocument();
  });
});
