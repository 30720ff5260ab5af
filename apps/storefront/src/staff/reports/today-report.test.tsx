import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { useStaffT } from '../lib/staff-texts.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import { TodayView } from './today-report.tsx';

function View() {
  return <TodayView t={useStaffT()} />;
}

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
  vi.useFakeTimers({ toFake: ['Date'] });
  // 22:30 on 5 May in São Paulo, already 6 May in UTC: the boxes start on the store's day.
  vi.setSystemTime(new Date('2026-05-06T01:30:00Z'));
  // The download: a blob address and a link's click, which in the test page must not navigate it.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  setStaffToken(null);
  vi.restoreAllMocks();
});

describe('the CSV export’s dates', () => {
  it('are typed dd/mm/aaaa, start on the store’s today, and go to the server as the store’s days', async () => {
    const api = stubStaffApi({ 'GET /staff/reports/orders.csv?from=2026-04-01&to=2026-04-30': { body: [] } });
    render(<View />);
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    expect(from).toHaveValue('05/05/2026');
    expect(to).toHaveValue('05/05/2026');
    await userEvent.clear(from);
    await userEvent.type(from, '01042026');
    await userEvent.clear(to);
    await userEvent.type(to, '30042026');
    await userEvent.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/staff/reports/orders.csv?from=2026-04-01&to=2026-04-30')).toHaveLength(1),
    );
  });

  it('cannot export while a box is not a date, and says when the range runs backwards', async () => {
    const api = stubStaffApi({});
    render(<View />);
    const from = screen.getByLabelText('De');
    const button = screen.getByRole('button', { name: 'Baixar CSV' });
    await userEvent.clear(from);
    await userEvent.type(from, '31062026');
    expect(button).toBeDisabled();
    expect(screen.getByText('Data inválida: digite dia/mês/ano, como 25/12/2026.')).toBeVisible();
    await userEvent.clear(from);
    await userEvent.type(from, '06052026');
    await userEvent.click(button);
    expect(await screen.findByText('A data final é antes da inicial.')).toBeVisible();
    expect(api.calls.filter((call) => call.path.startsWith('/staff/reports/orders.csv'))).toEqual([]);
  });
});
