import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSettings, pizzariaDocument, refusal, savedBody } from './settings-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function lunchAndDinner() {
  const document = pizzariaDocument();
  document.hours = [0, 1, 2, 3, 4, 5, 6].flatMap((dia_semana) => [
    { dia_semana, turno: 1 as const, hr_inicio: '11:30:00', hr_fim: '14:30:00' },
    { dia_semana, turno: 2 as const, hr_inicio: '18:00:00', hr_fim: '23:00:00' },
  ]);
  return document;
}

// Each test takes many steps, on a shared machine: a roomier cap than the default 5 s.
describe('the scheduling screen', { timeout: 20_000 }, () => {
  it('turns scheduling on with both switches, shows the times it offers, and saves no limit as null', async () => {
    const { api, user } = await openSettings(/^Agendamento/, { document: lunchAndDinner() });
    expect(screen.getByText('Assim, os clientes não veem o agendamento.')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Agendamento ativo' }));
    expect(screen.getByText('Assim, os clientes não veem o agendamento.')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Aceitar pedidos agendados' }));
    expect(screen.getByText('Assim, os clientes podem agendar pedidos.')).toBeTruthy();

    const step = screen.getByLabelText('Intervalo entre horários');
    await user.clear(step);
    await user.type(step, '45');
    expect(
      screen.getByText('11:30 · 12:15 · 13:00 · 13:45 · 18:00 · 18:45 · 19:30 · 20:15 … e mais 3'),
    ).toBeTruthy();
    const capacity = screen.getByLabelText('Pedidos por horário');
    await user.type(capacity, '6');
    await user.clear(capacity);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(savedBody(api, 'scheduling')).toEqual({
      settings: {
        agendamento_ativo: true,
        permite_agendamento: true,
        schedule_step_minutes: 45,
        schedule_capacity: null,
      },
    });
  });

  it('shows a refused step beside its field', async () => {
    const detail = 'O valor deve ser pelo menos 5.';
    const { user } = await openSettings(/^Agendamento/, {
      onSave: () => refusal('settings.schedule_step_minutes', 'INVALID_INPUT', detail),
    });
    const step = screen.getByLabelText('Intervalo entre horários');
    await user.clear(step);
    await user.type(step, '3');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Não salvo: 1 problema para corrigir.');
    expect(step.getAttribute('aria-invalid')).toBe('true');
    expect(step).toHaveAccessibleDescription(
      `De 5 a 240 minutos, contados da abertura de cada turno. ${detail}`,
    );
  });

  it('is read-only for attendants', async () => {
    await openSettings(/^Agendamento/, { role: 'attendant' });
    expect(screen.getByRole('switch', { name: 'Agendamento ativo' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });
});
