import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSettings, pizzariaDocument, refusal, savedBody } from './settings-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const day = (name: string) => screen.getByRole('region', { name });

// Each test takes many steps, on a shared machine: a roomier cap than the default 5 s.
describe('the hours screen', { timeout: 20_000 }, () => {
  it('closes a day, adds a second shift, copies a day to others and saves the hours whole', async () => {
    const { api, user } = await openSettings(/^Horários/);
    await user.click(within(day('Segunda-feira')).getByRole('switch', { name: 'Segunda-feira' }));
    expect(within(day('Segunda-feira')).getByText('Fechado o dia todo')).toBeTruthy();

    const tuesday = day('Terça-feira');
    const opens = within(tuesday).getByLabelText('Abre');
    await user.clear(opens);
    await user.type(opens, '1800');
    expect((opens as HTMLInputElement).value).toBe('18:00');
    const closes = within(tuesday).getByLabelText('Fecha');
    await user.clear(closes);
    await user.type(closes, '0200');
    expect(
      within(tuesday).getByText('Passa da meia-noite: fica aberto até 02:00 do dia seguinte.'),
    ).toBeTruthy();
    await user.click(within(tuesday).getByRole('button', { name: 'Adicionar o 2º turno de Terça-feira' }));
    expect(within(tuesday).getByRole('group', { name: /Terça-feira, 2º turno/ })).toBeTruthy();

    await user.click(
      within(tuesday).getByRole('button', { name: 'Copiar os horários de Terça-feira para outros dias' }),
    );
    await user.click(within(tuesday).getByRole('checkbox', { name: 'Quarta-feira' }));
    await user.click(within(tuesday).getByRole('checkbox', { name: 'Quinta-feira' }));
    await user.click(within(tuesday).getByRole('button', { name: 'Copiar' }));
    expect(
      within(day('Quinta-feira'))
        .getAllByLabelText('Abre')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['18:00', '18:00']);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    const body = savedBody(api, 'hours');
    const hours = body.hours as { dia_semana: number; turno: number; hr_inicio: string; hr_fim: string }[];
    expect(hours.filter((shift) => shift.dia_semana === 1)).toEqual([]);
    for (const weekday of [2, 3, 4])
      expect(hours.filter((shift) => shift.dia_semana === weekday)).toEqual([
        { dia_semana: weekday, turno: 1, hr_inicio: '18:00', hr_fim: '02:00' },
        { dia_semana: weekday, turno: 2, hr_inicio: '18:00', hr_fim: '23:00' },
      ]);
    expect(hours.filter((shift) => shift.dia_semana === 0)).toHaveLength(1);
    expect(body.settings).toEqual({ holidays: [], time_zone: 'America/Sao_Paulo' });
    expect(Object.keys(body).sort()).toEqual(['hours', 'settings']);
  });

  it('offers Brazil’s time zones by city and saves the one chosen with the hours', async () => {
    const { api, user } = await openSettings(/^Horários/);
    const zone = screen.getByLabelText('Fuso horário da loja') as HTMLSelectElement;
    expect(zone.value).toBe('America/Sao_Paulo');
    expect([...zone.options].map((option) => option.textContent)).toEqual([
      'Horário de Brasília',
      'Manaus (AM, RR, RO)',
      'Cuiabá (MT, MS)',
      'Rio Branco (AC)',
      'Fernando de Noronha',
    ]);
    await user.selectOptions(zone, 'America/Manaus');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(savedBody(api, 'hours').settings).toEqual({ holidays: [], time_zone: 'America/Manaus' });
  });

  it('lists holidays as people read dates, adds and removes them', async () => {
    const document = pizzariaDocument();
    document.settings.holidays = ['2027-01-01'];
    const { api, user } = await openSettings(/^Horários/, { document });
    const holidays = screen.getByRole('region', { name: 'Datas de feriado' });
    expect(within(holidays).getByText('sexta-feira, 1 de janeiro de 2027')).toBeTruthy();
    const date = within(holidays).getByLabelText('Data do feriado');
    await user.type(date, '31022027');
    expect(within(holidays).getByText('Data inválida: use dia/mês/ano, como 25/12/2026.')).toBeTruthy();
    expect(
      (within(holidays).getByRole('button', { name: 'Adicionar feriado' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(date);
    await user.type(date, '25122026');
    expect((date as HTMLInputElement).value).toBe('25/12/2026');
    await user.click(within(holidays).getByRole('button', { name: 'Adicionar feriado' }));
    expect(within(holidays).getByText('sexta-feira, 25 de dezembro de 2026')).toBeTruthy();
    await user.click(
      within(holidays).getByRole('button', {
        name: 'Remover o feriado de sexta-feira, 1 de janeiro de 2027',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(savedBody(api, 'hours').settings).toEqual({
      holidays: ['2026-12-25'],
      time_zone: 'America/Sao_Paulo',
    });
  });

  it('shows a refused time beside its field, and nothing is taken as saved', async () => {
    const detail = 'Use um horário HH:MM.';
    const { api, user } = await openSettings(/^Horários/, {
      onSave: () => refusal('hours.1.hr_inicio', 'INVALID_INPUT', detail),
    });
    const monday = day('Segunda-feira');
    const opens = within(monday).getByLabelText('Abre');
    await user.clear(opens);
    await user.type(opens, '25:00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Não salvo: 1 problema para corrigir.');
    expect(savedBody(api, 'hours').hours).toContainEqual({
      dia_semana: 1,
      turno: 1,
      hr_inicio: '25:00',
      hr_fim: '23:59:00',
    });
    expect(opens.getAttribute('aria-invalid')).toBe('true');
    expect(opens).toHaveAccessibleDescription(detail);
    expect(screen.getByText('Alterações não salvas.')).toBeTruthy();
  });

  it('is read-only for attendants', async () => {
    const { api } = await openSettings(/^Horários/, { role: 'attendant' });
    // The menu editor, mounted but hidden beside 'Ajustes', says the same to attendants.
    const hours = screen.getByRole('form', { name: 'Horários' });
    expect(within(hours).getByText('Só gerentes e donos alteram a loja. Você pode consultar.')).toBeTruthy();
    expect(within(day('Domingo')).getByRole('switch', { name: 'Domingo' })).toBeDisabled();
    expect(within(day('Domingo')).getByLabelText('Abre')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
