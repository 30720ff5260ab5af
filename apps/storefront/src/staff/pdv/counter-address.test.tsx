import type { StaffCustomer } from '@comanda/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { useStaffT } from '../lib/staff-texts.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import { CounterAddress } from './counter-address.tsx';
import { usePdvT } from './pdv-texts.ts';

const customer = (addresses: StaffCustomer['addresses'] = []): StaffCustomer => ({
  id: 41,
  nome: 'Rita Telefone',
  phone: '11987650000',
  phone_country: 'BR',
  has_password: false,
  pontos_fidelidade: 0,
  orders_count: 0,
  addresses,
});

const saved = {
  id: 7,
  name: 'Casa',
  full_address: 'Rua Augusta, 900 - Fundos - Consolação, São Paulo - SP',
  deliverable: true,
} as unknown as StaffCustomer['addresses'][number];

function Harness({
  byNeighbourhood,
  onSaved,
}: {
  byNeighbourhood: boolean;
  onSaved: (...args: unknown[]) => void;
}) {
  const t = usePdvT();
  const staffT = useStaffT();
  return (
    <CounterAddress
      t={t}
      staffT={staffT}
      customer={customer()}
      byNeighbourhood={byNeighbourhood}
      onSaved={onSaved}
    />
  );
}

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

describe('an address given at the counter', () => {
  it('takes the street, number and the store’s neighbourhood, saves it for the customer and chooses it', async () => {
    const api = stubStaffApi({
      'GET /core/bairros_app?format=json': {
        body: [
          {
            id: 3,
            descricao: 'Consolação',
            nome_cidade: 'São Paulo',
            cidade_id: 1,
            estado: 'SP',
            valor_entrega: 700,
            excluido: false,
          },
          {
            id: 4,
            descricao: 'Antigo',
            nome_cidade: 'São Paulo',
            cidade_id: 1,
            estado: 'SP',
            valor_entrega: 700,
            excluido: true,
          },
        ],
      },
      'POST /staff/customers/41/addresses': { status: 201, body: customer([saved]) },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<Harness byNeighbourhood onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: '+ Novo endereço' }));
    await user.type(screen.getByRole('textbox', { name: 'Rua' }), 'Rua Augusta');
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '900');
    await user.type(screen.getByRole('textbox', { name: 'Complemento e referência' }), 'Fundos');
    const district = screen.getByRole('combobox', { name: 'Bairro' });
    await screen.findByRole('option', { name: 'Consolação · São Paulo' });
    expect(screen.queryByRole('option', { name: /Antigo/ })).toBeNull();
    await user.selectOptions(district, '3');
    await user.click(screen.getByRole('button', { name: 'Salvar endereço' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(customer([saved]), 7));
    expect(api.callsTo('POST', '/staff/customers/41/addresses')[0]!.body).toEqual({
      name: 'Casa',
      street: 'Rua Augusta',
      street_number: '900',
      complement: 'Fundos',
      city_id: 1,
      district_id: 3,
    });
    expect(screen.queryByRole('textbox', { name: 'Rua' })).toBeNull();
  });

  it('sends the city for a store that charges by distance, and shows the server’s refusal', async () => {
    stubStaffApi({
      'POST /staff/customers/41/addresses': {
        status: 400,
        body: {
          code: 'LOCATION_REQUIRED',
          detail: 'Marque no mapa onde fica o endereço.',
          field: 'latitude',
        },
      },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<Harness byNeighbourhood={false} onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: '+ Novo endereço' }));
    await user.type(screen.getByRole('textbox', { name: 'Rua' }), 'Rua Sem Fim');
    await user.type(screen.getByRole('textbox', { name: 'Cidade' }), 'São Paulo');
    await user.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Marque no mapa onde fica o endereço.');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
