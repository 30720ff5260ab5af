import type { DocumentCoupon } from '@comanda/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { setStaffToken } from '../../lib/staff-api.ts';
import { stubStaffApi } from '../../lib/test-kit.ts';
import { documentOf, editorReplyOf, refusal, renderScreen } from '../editor-test-kit.tsx';
import CouponsSection from './coupons-section.tsx';

const PUT = 'PUT /staff/editor/sections/coupons';

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
  // 20:00 in São Paulo on 5 May 2026; only Date is faked, timers run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-05T23:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  setStaffToken(null);
  vi.unstubAllGlobals();
});

const saved = (coupons: DocumentCoupon[]) => ({
  body: { menu_version: 8, changed: true, section: { coupons } },
});

describe('the coupons screen', () => {
  it('lists each coupon with what it gives, whether it works now, its validity in UTC-3 and its limits', () => {
    stubStaffApi({});
    renderScreen(CouponsSection, {
      reply: editorReplyOf(
        documentOf({
          coupons: [
            ...documentOf().coupons,
            {
              code: 'FRETE',
              descricao: '',
              perc: false,
              valor: 500,
              local: 'Entrega',
              ativo: true,
              valid_from: '2026-06-01T03:00:00Z',
              valid_until: null,
              max_uses: null,
              max_uses_per_customer: null,
              min_subtotal: 0,
            },
          ],
        }),
      ),
    });
    const welcome = screen.getByRole('article', { name: 'Cupom BEMVINDO10' });
    expect(welcome).toHaveTextContent('10% de desconto nos produtos');
    expect(welcome).toHaveTextContent('Ativo');
    expect(welcome).toHaveTextContent('Vale até 31/12/2026 23:59');
    expect(welcome).toHaveTextContent('Limites: até 100 usos · 1 por cliente · pedido mínimo de R$ 30,00');
    const delivery = screen.getByRole('article', { name: 'Cupom FRETE' });
    expect(delivery).toHaveTextContent('R$ 5,00 de desconto na entrega');
    // Starts at midnight of 1 June in São Paulo (03:00 UTC): not yet.
    expect(delivery).toHaveTextContent('Agendado');
    expect(delivery).toHaveTextContent('Vale a partir de 01/06/2026 00:00');
    expect(delivery).toHaveTextContent('Sem limite de usos nem pedido mínimo');
  });

  it('adds a coupon: the code kept upper-case, the dates typed in store time saved as instants at UTC-3', async () => {
    const api = stubStaffApi({});
    api.on(PUT, (call) => saved((call.body as { coupons: DocumentCoupon[] }).coupons));
    const user = userEvent.setup();
    renderScreen(CouponsSection);
    await user.click(screen.getByRole('button', { name: '+ Adicionar cupom' }));
    const form = screen.getByRole('group', { name: 'Novo cupom' });
    await user.type(within(form).getByLabelText('Código'), 'pizza sexta');
    expect(within(form).getByLabelText('Código')).toHaveValue('PIZZASEXTA');
    await user.selectOptions(within(form).getByLabelText('Tipo de desconto'), 'fixed');
    await user.clear(within(form).getByLabelText('Valor do desconto'));
    await user.type(within(form).getByLabelText('Valor do desconto'), '12,50');
    await user.selectOptions(within(form).getByLabelText('Desconto sobre'), 'Ambos');
    // Typed as dd/mm/aaaa and HH:MM, the slashes and the colon put in; no time until: the whole day.
    await user.type(within(form).getByLabelText('Válido a partir de'), '08052026');
    expect(within(form).getByLabelText('Válido a partir de')).toHaveValue('08/05/2026');
    await user.type(within(form).getByLabelText('Válido a partir de: Hora'), '1800');
    expect(within(form).getByLabelText('Válido a partir de: Hora')).toHaveValue('18:00');
    await user.type(within(form).getByLabelText('Válido até'), '08/05/2026');
    await user.type(within(form).getByLabelText('Usos por cliente'), '2');
    await user.click(within(form).getByRole('button', { name: 'Pronto' }));
    expect(screen.getByRole('article', { name: 'Cupom PIZZASEXTA' })).toHaveTextContent(
      'Vale de 08/05/2026 18:00 até 08/05/2026 23:59',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.callsTo('PUT', '/staff/editor/sections/coupons')).toHaveLength(1));
    const [call] = api.callsTo('PUT', '/staff/editor/sections/coupons');
    expect((call!.body as { coupons: DocumentCoupon[] }).coupons[1]).toEqual({
      code: 'PIZZASEXTA',
      descricao: '',
      perc: false,
      valor: 1250,
      local: 'Ambos',
      ativo: true,
      valid_from: '2026-05-08T18:00:00-03:00',
      valid_until: '2026-05-08T23:59:59-03:00',
      max_uses: null,
      max_uses_per_customer: 2,
      min_subtotal: 0,
    });
    expect(await screen.findByText('Salvo. Os clientes já veem a mudança.')).toBeInTheDocument();
  });

  it('says a date that does not exist beside the field, takes 29/02 of a leap year, and an empty box as no date', async () => {
    stubStaffApi({});
    const user = userEvent.setup();
    renderScreen(CouponsSection);
    await user.click(screen.getByRole('button', { name: '+ Adicionar cupom' }));
    const form = screen.getByRole('group', { name: 'Novo cupom' });
    const until = within(form).getByLabelText('Válido até');
    const untilTime = within(form).getByLabelText('Válido até: Hora');
    await user.type(until, '29022027');
    expect(until).toHaveAccessibleDescription(/Data inválida: digite dia\/mês\/ano/);
    expect(until).toHaveAttribute('aria-invalid', 'true');
    await user.clear(until);
    await user.type(until, '29022028');
    expect(until).not.toHaveAttribute('aria-invalid');
    await user.type(untilTime, '2400');
    expect(untilTime).toHaveAccessibleDescription(/Data inválida/);
    await user.clear(untilTime);
    await user.type(untilTime, '2330');
    await user.type(within(form).getByLabelText('Código'), 'bissexto');
    await user.click(within(form).getByRole('button', { name: 'Pronto' }));
    expect(screen.getByRole('article', { name: 'Cupom BISSEXTO' })).toHaveTextContent(
      'Vale até 29/02/2028 23:30',
    );
    // Opened again, the boxes show the saved date and time as typed.
    await user.click(screen.getByRole('button', { name: 'Editar o cupom BISSEXTO' }));
    expect(screen.getByLabelText('Válido até')).toHaveValue('29/02/2028');
    expect(screen.getByLabelText('Válido até: Hora')).toHaveValue('23:30');
    await user.clear(screen.getByLabelText('Válido até'));
    await user.clear(screen.getByLabelText('Válido até: Hora'));
    await user.click(screen.getByRole('button', { name: 'Pronto' }));
    expect(screen.getByRole('article', { name: 'Cupom BISSEXTO' })).not.toHaveTextContent('Vale até');
  });

  it('says a code that would be refused before saving: too short, or taken by another coupon', async () => {
    stubStaffApi({});
    const user = userEvent.setup();
    renderScreen(CouponsSection);
    await user.click(screen.getByRole('button', { name: '+ Adicionar cupom' }));
    const code = within(screen.getByRole('group', { name: 'Novo cupom' })).getByLabelText('Código');
    await user.type(code, 'X');
    expect(code).toHaveAccessibleDescription(/O código deve ter de 2 a 40 letras/);
    await user.clear(code);
    await user.type(code, 'bemvindo10');
    expect(code).toHaveAccessibleDescription(/Outro cupom já usa este código/);
  });

  it('a refused save shows the problem beside its field in the open coupon, and keeps the draft', async () => {
    const api = stubStaffApi({
      [PUT]: refusal([
        {
          field: 'coupons.0.valor',
          code: 'INVALID_INPUT',
          detail: 'BEMVINDO10: a porcentagem deve ser de 0 a 100, com até duas casas decimais.',
        },
      ]),
    });
    const user = userEvent.setup();
    renderScreen(CouponsSection);
    await user.click(screen.getByRole('button', { name: 'Editar o cupom BEMVINDO10' }));
    const percent = screen.getByLabelText('Porcentagem');
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(screen.getByRole('button', { name: 'Pronto' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Não salvo');
    // The coupon the server named opens again, its field marked with the server's words.
    const field = screen.getByLabelText('Porcentagem');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/a porcentagem deve ser de 0 a 100/);
    expect(field).toHaveValue('15');
    expect(api.callsTo('PUT', '/staff/editor/sections/coupons')).toHaveLength(1);
  });

  it('an attendant reads the coupons and cannot change them', () => {
    stubStaffApi({});
    renderScreen(CouponsSection, { canEdit: false });
    expect(screen.getByText('Só gerentes e donos alteram a loja. Você pode consultar.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Cupom BEMVINDO10' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar|Remover|Adicionar|Salvar/ })).toBeNull();
  });
});
