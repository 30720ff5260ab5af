import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { company, neighbourhood, paymentMethod, shift } from '../../../test/fixtures.ts';
import { jsonFetch, renderWithData } from '../../../test/render.tsx';
import StoreInfoDialog from './store-info-dialog.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Info
      </button>
      {open ? <StoreInfoDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function setup(over: Parameters<typeof company>[0] = {}) {
  const replies = {
    [START_PATHS.company]: [company(over)],
    [START_PATHS.hours]: [
      shift(1, 1, '11:00:00', '15:00:00'),
      shift(1, 2, '18:00:00', '23:30:00'),
      shift(7, 1, '12:00:00', '22:00:00'),
    ],
    [START_PATHS.neighbourhoods]: [
      neighbourhood({ id: 1, descricao: 'Bela Vista', valor_entrega: 500 }),
      neighbourhood({ id: 2, descricao: 'Centro', nome_cidade: 'Osasco', cidade_id: 2, valor_entrega: 1500 }),
    ],
    [START_PATHS.paymentMethods]: [
      paymentMethod({ id: 1, descricao: 'Dinheiro' }),
      paymentMethod({ id: 2, descricao: 'Cartão de crédito (na entrega)' }),
      paymentMethod({ id: 994, descricao: 'Integração' }),
    ],
  };
  vi.stubGlobal('fetch', jsonFetch(replies));
  renderWithData(<Harness />, replies);
  return userEvent.setup();
}

describe('StoreInfoDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the about tab with contact and social links', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    expect(screen.getByRole('dialog', { name: 'Forno & Brasa' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sobre' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Pizzas de fermentação natural.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Telefone/ })).toHaveAttribute('href', 'tel:+551132550000');
    expect(screen.getByRole('link', { name: /E-mail/ })).toHaveAttribute(
      'href',
      'mailto:contato@fornoebrasa.example',
    );
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/5511999990000',
    );
    // The number as people read it, not the stored digits (issue 34, #14).
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveTextContent(/\(11\)\s99999-0000/);
    expect(screen.queryByText('5511999990000')).toBeNull();
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      'https://instagram.com/fornoebrasa',
    );
    expect(screen.getByRole('link', { name: /Site/ })).toHaveAttribute('href', 'https://fornoebrasa.example');
  });

  it('lists hours per weekday with up to two shifts as HH:MM, holidays included', async () => {
    // A Wednesday in store time, so no listed day is today's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T15:00:00Z'));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('tab', { name: 'Horários' }));
    const panel = screen.getByRole('tabpanel', { name: 'Horários' });
    expect(panel).toHaveTextContent('Segunda-feira11:00 – 15:0018:00 – 23:30');
    expect(panel).toHaveTextContent('Quarta-feira (hoje)Fechado');
    expect(panel).toHaveTextContent('Feriados12:00 – 22:00');
    expect(panel).toHaveTextContent('DomingoFechado');
  });

  it('groups delivery neighbourhoods by city, or gives the radius in km', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('tab', { name: 'Entrega' }));
    expect(await screen.findByRole('heading', { name: 'Osasco' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'São Paulo' })).toBeInTheDocument();
    expect(screen.getByText('R$ 15,00')).toBeInTheDocument();
  });

  it('gives the radius for radius fees and hides the delivery tab when delivery is off', async () => {
    let user = setup({ delivery_fee_type: 'radius', delivery_max_radius: 6000 });
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('tab', { name: 'Entrega' }));
    expect(screen.getByText('Entregamos num raio de 6 km.')).toBeInTheDocument();
    document.body.innerHTML = '';
    user = setup({ authorized_delivery: false });
    await user.click(screen.getByRole('button', { name: 'Info' }));
    expect(screen.queryByRole('tab', { name: 'Entrega' })).not.toBeInTheDocument();
  });

  it('lists the payment methods without the integration ids', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('tab', { name: 'Pagamento' }));
    const panel = screen.getByRole('tabpanel', { name: 'Pagamento' });
    expect(panel).toHaveTextContent('Dinheiro');
    expect(panel).toHaveTextContent('Cartão de crédito (na entrega)');
    expect(panel).not.toHaveTextContent('Integração');
  });

  it("names the product's standard payment methods in English after the language switch (issue 34, #14)", async () => {
    languageStore.set('en');
    try {
      const user = setup();
      await user.click(screen.getByRole('button', { name: 'Info' }));
      await user.click(screen.getByRole('tab', { name: 'Payment' }));
      const panel = screen.getByRole('tabpanel', { name: 'Payment' });
      expect(panel).toHaveTextContent('Cash');
      expect(panel).toHaveTextContent('Credit card (on delivery)');
      expect(panel).not.toHaveTextContent('Dinheiro');
    } finally {
      languageStore.set('pt_br');
    }
  });

  it('adds the online entries the store takes, as the checkout offers them', async () => {
    const user = setup({ online_payment: true, payment_by_pix: true, payment_by_card: false });
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByRole('tab', { name: 'Pagamento' }));
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Dinheiro', 'Cartão de crédito (na entrega)', 'Pagamento online (PIX)']);
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    screen.getByRole('tab', { name: 'Sobre' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Horários' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Horários' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Pagamento' })).toHaveFocus();
  });

  it('keeps focus inside, closes on Escape and returns focus to the opener', async () => {
    const user = setup();
    const opener = screen.getByRole('button', { name: 'Info' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus();
    for (let i = 0; i < 15; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
