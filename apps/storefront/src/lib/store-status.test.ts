import { describe, expect, it } from 'vitest';
import { company } from '../test/fixtures.ts';
import { canSchedule, showsClosedView, storeBanner } from './store-status.ts';

const free = [{ period: '2030-01-01T21:00:00.000Z', free: true }];
const full = [{ period: '2030-01-01T21:00:00.000Z', free: false }];
const scheduling = { agendamento_ativo: true, permite_agendamento: true };

describe('closed-store logic', () => {
  it('an open store shows the menu and no banner', () => {
    const open = company({ loja_aberta: true });
    expect(showsClosedView(open)).toBe(false);
    expect(storeBanner(open, false)).toBeNull();
  });

  it('a closed store without scheduling shows the closed view and the closed banner', () => {
    const closed = company({ loja_aberta: false });
    expect(showsClosedView(closed)).toBe(true);
    expect(storeBanner(closed, false)).toBe('closed');
  });

  it('a closed store with scheduling and free periods shows the menu and the scheduling warning', () => {
    const closed = company({ loja_aberta: false, ...scheduling, schedule_periods: free });
    expect(canSchedule(closed)).toBe(true);
    expect(showsClosedView(closed)).toBe(false);
    expect(storeBanner(closed, false)).toBe('scheduling');
    expect(storeBanner(closed, true)).toBeNull();
  });

  it('scheduling without a free period counts as closed', () => {
    const closed = company({ loja_aberta: false, ...scheduling, schedule_periods: full });
    expect(showsClosedView(closed)).toBe(true);
    expect(storeBanner(closed, true)).toBe('closed');
  });

  it('needs both scheduling flags', () => {
    const closed = company({
      loja_aberta: false,
      agendamento_ativo: true,
      permite_agendamento: false,
      schedule_periods: free,
    });
    expect(showsClosedView(closed)).toBe(true);
  });
});
