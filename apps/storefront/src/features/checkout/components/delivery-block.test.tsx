import type { CustomerAddress } from '@comanda/contract';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { useCheckoutT } from '../checkout-texts.ts';
import { DeliveryBlock, type DeliveryBlockProps } from './delivery-block.tsx';

const home = { id: 31, name: 'Casa', full_address: 'Rua Augusta, 1500' } as CustomerAddress;

function Harness(props: Omit<DeliveryBlockProps, 't'>) {
  return <DeliveryBlock {...props} t={useCheckoutT()} />;
}

function setup(over: Partial<Omit<DeliveryBlockProps, 't'>> = {}) {
  render(
    <Harness
      modes={['Entregar', 'Retirada']}
      selected="Entregar"
      delivering
      address={home}
      deliveryFee={800}
      store={{ nome: 'Forno & Brasa', endereco: 'Rua da Loja, 10' }}
      onChooseMode={vi.fn()}
      onOpenAddresses={vi.fn()}
      {...over}
    />,
  );
}

describe('DeliveryBlock', () => {
  beforeEach(() => languageStore.set('pt_br'));

  it('delivering: the tabs, the address with its fee and a way to change it', () => {
    setup();
    expect(screen.getByRole('tab', { name: 'Entregar' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Taxa de entrega: R$ 8,00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trocar endereço' })).toBeInTheDocument();
  });

  it('without an address asks to choose one', () => {
    setup({ address: null });
    expect(screen.getByText('Nenhum endereço escolhido')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher endereço' })).toBeInTheDocument();
  });

  it('eating in at a table: no tab bar, the store card', () => {
    setup({ modes: ['Vem comer'], selected: 'Vem comer', delivering: false });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Consuma no local' })).toBeInTheDocument();
    expect(screen.getByText('Rua da Loja, 10')).toBeInTheDocument();
  });
});
