import type { MapsPlace, Neighbourhood } from '@comanda/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/accounts.tsx';
import { renderWithData } from '../../../test/render.tsx';
import type { MapsProvider } from '../api/addresses-api.ts';
import { AddressWizard } from './address-wizard.tsx';
import { OlderAddressForm } from './older-address-form.tsx';

const user = { userId: 7, username: '11987654321' };

const place = (overrides: Partial<MapsPlace> = {}): MapsPlace => ({
  description: 'Rua Augusta - Consolação, São Paulo - SP',
  street: 'Rua Augusta',
  number: null,
  district: 'Consolação',
  district_id: 1,
  city: 'São Paulo',
  city_id: 1,
  state: 'SP',
  latitude: -23.5535,
  longitude: -46.6521,
  ...overrides,
});

function fakeMaps(overrides: Partial<MapsProvider> = {}): MapsProvider {
  return {
    autocomplete: vi.fn(async () => [place()]),
    geocode: vi.fn(async (_street: string, number: string | null) =>
      place({ number, latitude: -23.554, longitude: -46.6526 }),
    ),
    reverse: vi.fn(async () => null),
    ...overrides,
  };
}

const UPSERT = 'POST /core/v2/app/customer/upsert-addresses/';

function renderWizard(maps: MapsProvider, extra: { geolocation?: Geolocation; onSaved?: () => void } = {}) {
  const onSaved = extra.onSaved ?? vi.fn();
  renderWithData(
    <AddressWizard
      user={user}
      maps={maps}
      fallbackPosition={null}
      onSaved={onSaved}
      onClose={vi.fn()}
      onManual={vi.fn()}
      geolocation={extra.geolocation}
    />,
  );
  return { ui: userEvent.setup(), onSaved };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('address wizard', () => {
  it('search → number (digits only or no number) → position (500 m) → details → save', async () => {
    const api = mockApi({
      [UPSERT]: { body: { success: true, detail: 'ok', inserted_ids: [31], ids: [31], addresses: [] } },
    });
    const maps = fakeMaps();
    const { ui, onSaved } = renderWizard(maps);

    await ui.type(screen.getByRole('searchbox', { name: 'Buscar endereço' }), 'augusta');
    const suggestions = await screen.findByRole('list', { name: 'Sugestões de endereço' }, { timeout: 2000 });
    expect(maps.autocomplete).toHaveBeenCalledTimes(1);
    await ui.click(within(suggestions).getByRole('button', { name: /Rua Augusta/ }));

    // Step 1: no number in the place.
    expect(await screen.findByRole('heading', { name: 'Qual é o número?' })).toBeVisible();
    const number = screen.getByRole('textbox', { name: 'Número' });
    const next = screen.getByRole('button', { name: 'Continuar' });
    expect(next).toBeDisabled();
    await ui.type(number, '1a2-');
    expect(number).toHaveValue('12');
    await ui.clear(number);
    await ui.click(screen.getByRole('checkbox', { name: 'Sem número' }));
    expect(next).toBeEnabled();
    await ui.click(screen.getByRole('checkbox', { name: 'Sem número' }));
    await ui.type(number, '1500');
    await ui.click(next);

    // Step 2: the reference point is the geocoded number; 11 × 50 m north is beyond 500 m.
    expect(await screen.findByRole('heading', { name: 'Confirme a localização' })).toBeVisible();
    expect(maps.geocode).toHaveBeenCalledWith('Rua Augusta', '1500', 'São Paulo');
    const confirm = screen.getByRole('button', { name: 'Confirmar localização' });
    // The stand-in's street picture around the position, the pin over it; no coordinates shown.
    const tile = () => within(screen.getByRole('group', { name: /Mapa/ })).getByRole('presentation');
    expect(tile().getAttribute('src')).toMatch(/^\/core\/v2\/maps\/tile\?lat=-?\d+\.\d{6}&lng=-?\d+\.\d{6}$/);
    const before = tile().getAttribute('src');
    expect(document.body).not.toHaveTextContent(/-\d+\.\d{3}/);
    for (let i = 0; i < 11; i += 1)
      await ui.click(screen.getByRole('button', { name: 'Mover para o norte' }));
    expect(tile().getAttribute('src')).not.toBe(before);
    expect(screen.getByRole('alert')).toHaveTextContent('muito longe');
    expect(confirm).toBeDisabled();
    await ui.click(screen.getByRole('button', { name: 'Mover para o sul' }));
    await ui.click(screen.getByRole('button', { name: 'Mover para o sul' }));
    expect(confirm).toBeEnabled();

    // Back decrements the step.
    await ui.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { name: 'Qual é o número?' })).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Continuar' }));
    await ui.click(await screen.findByRole('button', { name: 'Confirmar localização' }));

    // Step 3: no street input (the street has a name), district filled, save needs a name.
    expect(await screen.findByRole('heading', { name: 'Complete o endereço' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Rua' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Consolação');
    const save = screen.getByRole('button', { name: 'Salvar endereço' });
    expect(save).toBeDisabled();
    await ui.click(screen.getByRole('button', { name: 'Casa' }));
    expect(screen.getByRole('textbox', { name: 'Nome do endereço' })).toHaveValue('Casa');
    await ui.type(screen.getByRole('textbox', { name: 'Complemento' }), 'Apto 12');
    await ui.click(save);

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(31));
    const [call] = api.callsTo('POST', '/core/v2/app/customer/upsert-addresses/');
    expect(call!.body).toMatchObject({
      addresses: [
        {
          name: 'Casa',
          street: 'Rua Augusta',
          street_number: '1500',
          complement: 'Apto 12',
          city_id: 1,
          district_id: 1,
          search: 'augusta',
          location: false,
        },
      ],
    });
    expect(localStorage.getItem('address_id')).toBe('31');
  });

  it("an unnamed street asks for it; a missing district is 'Sem bairro' and locked; a 400 shows its detail", async () => {
    mockApi({
      [UPSERT]: {
        status: 400,
        body: {
          detail: 'Informe pelo menos 5 letras',
          code: 'STREET_TOO_SHORT',
          field: 'addresses.0.street',
        },
      },
    });
    const maps = fakeMaps({
      autocomplete: vi.fn(async () => [
        place({ street: '', number: '10', district: null, district_id: null, description: 'Sem nome, 10' }),
      ]),
    });
    const { ui } = renderWizard(maps);
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar endereço' }), 'sem nome 10');
    await ui.click(await screen.findByRole('button', { name: 'Sem nome, 10' }, { timeout: 2000 }));
    // A number: straight to step 2; but no street means no confirm.
    expect(await screen.findByRole('heading', { name: 'Confirme a localização' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirmar localização' })).toBeDisabled();
    expect(maps.geocode).not.toHaveBeenCalled();
  });

  it("details of an unnamed street: 'Rua sem nome' editable, 'Sem bairro' read-only, server error dialog", async () => {
    mockApi({
      [UPSERT]: {
        status: 400,
        body: { detail: 'Rua inválida', code: 'STREET_TOO_SHORT', field: 'addresses.0.street' },
      },
    });
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: -23.55, longitude: -46.65 } } as GeolocationPosition),
    } as unknown as Geolocation;
    const maps = fakeMaps({
      reverse: vi.fn(async () => place({ street: 'Rua X', number: '5', district: null, district_id: null })),
    });
    const { ui } = renderWizard(maps, { geolocation });
    await ui.click(screen.getByRole('button', { name: 'Usar minha localização' }));
    await ui.click(await screen.findByRole('button', { name: 'Confirmar localização' }));
    const district = await screen.findByRole('textbox', { name: 'Bairro' });
    expect(district).toHaveValue('Sem bairro');
    expect(district).toHaveAttribute('readonly');
    await ui.type(screen.getByRole('textbox', { name: 'Nome do endereço' }), 'Trabalho');
    await ui.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    // The client rules pass ('Rua X' has 5 characters); the server's refusal shows in a dialog.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Rua inválida');
  });

  it("geolocation failure alerts 'Não foi possível obter sua localização'", async () => {
    const geolocation = {
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
        fail({ code: 1, message: 'denied' } as GeolocationPositionError),
    } as unknown as Geolocation;
    const { ui } = renderWizard(fakeMaps(), { geolocation });
    await ui.click(screen.getByRole('button', { name: 'Usar minha localização' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Não foi possível obter sua localização');
    await ui.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refused save shows the server detail with got it', async () => {
    mockApi({
      [UPSERT]: {
        status: 400,
        body: { detail: 'informed local too far', code: 'LOCATION_TOO_FAR', field: 'addresses.0.latitude' },
      },
    });
    const { ui } = renderWizard(fakeMaps({ autocomplete: vi.fn(async () => [place({ number: '1500' })]) }));
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar endereço' }), 'augusta 1500');
    await ui.click(await screen.findByRole('button', { name: /Rua Augusta/ }, { timeout: 2000 }));
    await ui.click(await screen.findByRole('button', { name: 'Confirmar localização' }));
    await ui.type(await screen.findByRole('textbox', { name: 'Nome do endereço' }), 'Outro lugar');
    await ui.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('informed local too far');
    await ui.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.getByRole('button', { name: 'Salvar endereço' })).toBeEnabled();
  });
});

const hood = (
  id: number,
  descricao: string,
  cidade_id: number,
  nome_cidade: string,
  excluido = false,
): Neighbourhood => ({
  id,
  descricao,
  nome_cidade,
  cidade_id,
  estado: 'SP',
  valor_entrega: 500,
  excluido,
});

describe('address wizard: a place the store does not deliver to', () => {
  it('says so at the number step, before the other steps, and offers another search', async () => {
    const api = mockApi({
      'GET /core/v2/app/customer/delivery-check/?latitude=-23.5535&longitude=-46.6521&city=S%C3%A3o+Paulo&district=Consola%C3%A7%C3%A3o':
        {
          body: {
            deliverable: false,
            reason: 'OUT_OF_RANGE',
            detail: 'Esse endereço não está disponível para entrega',
          },
        },
    });
    const { ui } = renderWizard(fakeMaps());
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar endereço' }), 'augusta');
    const suggestions = await screen.findByRole('list', { name: 'Sugestões de endereço' }, { timeout: 2000 });
    await ui.click(within(suggestions).getByRole('button', { name: /Rua Augusta/ }));

    expect(await screen.findByRole('heading', { name: 'Qual é o número?' })).toBeVisible();
    expect(screen.getByText('Passo 2 de 4')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esse endereço não está disponível para entrega',
    );
    // Nothing more to fill for this place.
    expect(screen.queryByRole('textbox', { name: 'Número' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
    expect(api.calls.filter((call) => call.path.includes('/delivery-check/'))).toHaveLength(1);

    await ui.click(screen.getByRole('button', { name: 'Buscar outro endereço' }));
    expect(await screen.findByRole('heading', { name: 'Novo endereço' })).toBeVisible();
  });
});

describe('older address form', () => {
  const neighbourhoods = [
    hood(1, 'Consolação', 10, 'São Paulo'),
    hood(2, 'Antigo', 10, 'São Paulo', true),
    hood(3, 'Centro', 20, 'Osasco'),
  ];

  it('validates every field with the spec messages and lists the neighbourhoods of the city', async () => {
    const api = mockApi({
      'POST /core/endereco_register_app/': { body: { success: true, detail: 'ok', id: 44 } },
    });
    const onSaved = vi.fn();
    renderWithData(<OlderAddressForm user={user} neighbourhoods={neighbourhoods} onSaved={onSaved} />);
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(screen.getAllByText('Este campo é obrigatório')).toHaveLength(5); // city, district, street, number, name
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    const city = screen.getByRole('combobox', { name: 'Cidade' });
    const district = screen.getByRole('combobox', { name: 'Bairro' });
    expect(district).toBeDisabled();
    await ui.selectOptions(city, 'São Paulo');
    const options = within(district)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Escolha o bairro', 'Consolação']);
    await ui.selectOptions(district, 'Consolação');

    await ui.type(screen.getByRole('textbox', { name: 'Rua' }), 'Rua');
    await ui.type(screen.getByRole('textbox', { name: 'Número' }), '12-B');
    await ui.type(screen.getByRole('textbox', { name: 'Complemento' }), 'x'.repeat(101));
    await ui.type(screen.getByRole('textbox', { name: 'Nome do endereço' }), 'Casa');
    await ui.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(screen.getByText('Informe pelo menos 5 letras')).toBeVisible();
    expect(screen.getByText('Informe só letras e números')).toBeVisible();
    expect(screen.getByText('Máximo de 100 caracteres')).toBeVisible();

    await ui.type(screen.getByRole('textbox', { name: 'Rua' }), ' Augusta');
    await ui.clear(screen.getByRole('textbox', { name: 'Número' }));
    await ui.type(screen.getByRole('textbox', { name: 'Número' }), '12B');
    await ui.clear(screen.getByRole('textbox', { name: 'Complemento' }));
    await ui.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(44));
    expect(api.callsTo('POST', '/core/endereco_register_app/')[0]!.body).toEqual({
      cidade: 10,
      bairro: 1,
      rua: 'Rua Augusta',
      numero: '12B',
      complemento: '',
      nome: 'Casa',
      cliente: 7,
    });
    expect(localStorage.getItem('address_id')).toBe('44');
  });
});

describe('address wizard, nothing resolved', () => {
  it('goes to step 2 and looks the adjusted position up again', async () => {
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: -23.55, longitude: -46.65 } } as GeolocationPosition),
    } as unknown as Geolocation;
    let calls = 0;
    const maps = fakeMaps({
      reverse: vi.fn(async () => (calls++ === 0 ? null : place({ number: '20' }))),
    });
    const { ui } = renderWizard(maps, { geolocation });
    await ui.click(screen.getByRole('button', { name: 'Usar minha localização' }));
    expect(await screen.findByRole('heading', { name: 'Confirme a localização' })).toBeVisible();
    const confirm = screen.getByRole('button', { name: 'Confirmar localização' });
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Não encontramos uma rua');
    await ui.click(screen.getByRole('button', { name: 'Mover para o norte' }));
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 2000 });
  });
});
