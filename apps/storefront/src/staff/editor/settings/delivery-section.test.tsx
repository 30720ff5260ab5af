import { formatBRL } from '@comanda/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSettings, refusal, savedBody } from './settings-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

interface SavedDelivery {
  cities: { nome: string; neighbourhoods: { descricao: string; valor_entrega: number }[] }[];
  settings: Record<string, unknown> & {
    delivery_areas: { name: string; fee: number; polygon: number[][] }[];
  };
}

const POINTS = ['-23.5500, -46.6700', '-23.5500, -46.6550', '-23.5620, -46.6550', '-23.5620, -46.6700'];

async function typeArea(user: Awaited<ReturnType<typeof openSettings>>['user'], lines: string[]) {
  await user.selectOptions(screen.getByLabelText('Cobrar a taxa'), 'area');
  await user.click(screen.getByRole('button', { name: /Adicionar área$/ }));
  const drawer = await screen.findByRole('dialog', { name: 'Área: Área 1' });
  const points = within(drawer).getByLabelText('Pontos (latitude, longitude), um por linha');
  await user.click(points);
  await user.paste(lines.join('\n'));
  return drawer;
}

// Each test takes many steps, on a shared machine: a roomier cap than the default 5 s.
describe('the delivery screen', { timeout: 20_000 }, () => {
  it('saves the minimum order and a neighbourhood’s fee, found by searching', async () => {
    const { api, user } = await openSettings(/^Entrega e retirada/);
    // The field as it is now at each step (a re-render may put a new input in its place).
    const minimum = () => screen.getByLabelText('Pedido mínimo');
    await user.clear(await screen.findByLabelText('Pedido mínimo'));
    await waitFor(() => expect(minimum()).toHaveValue(''));
    await user.type(minimum(), '32,50');
    await waitFor(() => expect(minimum()).toHaveValue('32,50'));

    // A long list: search it, and the city opens on what matches.
    await user.type(screen.getByLabelText('Buscar cidade ou bairro'), 'pinhei');
    const saoPaulo = screen.getByRole('region', { name: 'São Paulo – SP' });
    expect(within(saoPaulo).queryByLabelText('Consolação')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Osasco – SP' })).toBeNull();
    const pinheiros = within(saoPaulo).getByLabelText('Pinheiros');
    expect(pinheiros).toHaveAccessibleDescription(
      `Com desconto: ${formatBRL(0)} em pedidos a partir de ${formatBRL(8000)}`,
    );
    await user.clear(pinheiros);
    await user.type(pinheiros, '11');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    const body = savedBody(api, 'delivery') as unknown as SavedDelivery;
    expect(body.settings.valor_minimo).toBe(3250);
    const saved = body.cities[0]!.neighbourhoods.find((n) => n.descricao === 'Pinheiros');
    expect(saved?.valor_entrega).toBe(1100);
    expect(body.cities[1]!.neighbourhoods).toHaveLength(2);
  });

  it('adds a neighbourhood with a ref of its own and switches one off', async () => {
    const { api, user } = await openSettings(/^Entrega e retirada/);
    await user.click(screen.getByRole('button', { name: /^Osasco – SP/ }));
    const osasco = screen.getByRole('region', { name: 'Osasco – SP' });
    await user.type(within(osasco).getByLabelText('Novo bairro em Osasco'), 'Centro');
    await user.click(within(osasco).getByRole('button', { name: 'Adicionar bairro' }));
    await user.click(within(osasco).getByRole('button', { name: /^Mais de Presidente Altino/ }));
    await user.click(within(osasco).getByRole('switch', { name: 'Entregar em Presidente Altino' }));
    expect(within(osasco).getByLabelText('Presidente Altino (desativado)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    const city = (
      savedBody(api, 'delivery').cities as { neighbourhoods: { ref: string; ativo: boolean }[] }[]
    )[1]!;
    expect(city.neighbourhoods.map((n) => [n.ref, n.ativo])).toEqual([
      ['osasco-centro', true],
      ['presidente-altino', false],
      ['centro', true],
    ]);
  });

  it('saves an area typed as coordinates as a closed ring, and tells its size in people’s terms', async () => {
    const { api, user } = await openSettings(/^Entrega e retirada/);
    const drawer = await typeArea(user, POINTS);
    expect(within(drawer).getByRole('status').textContent).toMatch(/^4 pontos · cerca de 2 km²/);
    await user.click(within(drawer).getByRole('button', { name: 'Pronto' }));
    const area = screen.getByRole('region', { name: 'Área 1' });
    expect(within(area).getByText('4 pontos · cerca de 2 km²')).toBeTruthy();
    await user.clear(within(area).getByLabelText('Taxa'));
    await user.type(within(area).getByLabelText('Taxa'), '7');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    const settings = (savedBody(api, 'delivery') as unknown as SavedDelivery).settings;
    expect(settings.delivery_fee_type).toBe('area');
    expect(settings.delivery_areas).toEqual([
      {
        name: 'Área 1',
        fee: 700,
        polygon: [
          [-23.55, -46.67],
          [-23.55, -46.655],
          [-23.562, -46.655],
          [-23.562, -46.67],
          [-23.55, -46.67],
        ],
      },
    ]);
  });

  it('says which line of typed points is not a point, and keeps the drawer open', async () => {
    const { user } = await openSettings(/^Entrega e retirada/);
    const drawer = await typeArea(user, [POINTS[0]!, 'Rua Augusta, 1500']);
    expect(within(drawer).getByText('A linha 2 não é um ponto: "Rua Augusta, 1500".')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Pronto' })).toBeDisabled();
  });

  it('shows a polygon refused as not closed beside its area, and nothing is saved', async () => {
    const detail =
      'Área 1: a área deve ser um polígono fechado: pelo menos 4 pontos, o último igual ao primeiro.';
    const { api, user } = await openSettings(/^Entrega e retirada/, {
      onSave: () => refusal('settings.delivery_areas.0.polygon', 'POLYGON_NOT_CLOSED', detail),
    });
    const drawer = await typeArea(user, POINTS.slice(0, 2));
    expect(within(drawer).getByRole('status').textContent).toBe(
      '2 pontos marcados: marque pelo menos 3 cantos.',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Pronto' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Não salvo: 1 problema para corrigir.');
    const area = screen.getByRole('region', { name: 'Área 1' });
    expect(within(area).getByText(detail)).toBeTruthy();
    expect(
      within(area).getByText(
        '2 pontos marcados: uma área precisa de pelo menos 3 cantos (ao salvar, o último se liga ao primeiro).',
      ),
    ).toBeTruthy();
    expect(
      (savedBody(api, 'delivery') as unknown as SavedDelivery).settings.delivery_areas[0]!.polygon,
    ).toHaveLength(2);
    expect(screen.getByText('Alterações não salvas.')).toBeTruthy();
  });

  it('is read-only for attendants', async () => {
    await openSettings(/^Entrega e retirada/, { role: 'attendant' });
    expect(screen.getByRole('switch', { name: 'Entregar' })).toBeDisabled();
    expect(screen.getByLabelText('Pedido mínimo')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });
});
