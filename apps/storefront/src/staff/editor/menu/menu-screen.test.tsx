import { type StoreDocumentBase, storeDocumentBase } from '@comanda/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { setStaffToken } from '../../lib/staff-api.ts';
import { type Call, stubStaffApi } from '../../lib/test-kit.ts';
import type { EditorDocument } from '../editor-api.ts';
import { EditorProvider } from '../editor-context.tsx';
import MenuScreen from './menu-screen.tsx';

/*
 * The menu editor on a phone, against a stubbed staff API: every change stays in the draft until
 * 'Salvar' sends the section `menu` with the version read; a refusal opens the product it names.
 */

/** A small store: drinks (water; juice in two sizes asking for a flavour) and burgers. */
function sampleDocument(): StoreDocumentBase {
  return storeDocumentBase.parse({
    slug: 'lanchonete',
    settings: { nome: 'Lanchonete' },
    look: { primary_color: '#b3261e', secondary_color: '#1f4fd1' },
    hours: [],
    payment_methods: [{ id: 1, tipo: 'dinheiro', descricao: 'Dinheiro' }],
    categories: [
      {
        ref: 'bebidas',
        descricao: 'Bebidas',
        aberto: true,
        products: [
          { ref: 'agua', descricao: 'Água', valor_venda: 450 },
          {
            ref: 'suco',
            descricao: 'Suco natural',
            groups: [{ group: 'sabor', min: 1, max: 1 }],
            variants: [
              { ref: 'suco-300', descricao: '300 ml', valor_venda: 890 },
              { ref: 'suco-500', descricao: '500 ml', valor_venda: 1190 },
            ],
          },
        ],
      },
      {
        ref: 'lanches',
        descricao: 'Lanches',
        products: [{ ref: 'x-burger', descricao: 'X-Burger', valor_venda: 2990, groups: [] }],
      },
    ],
    option_groups: [
      {
        ref: 'sabor',
        descricao: 'Sabor',
        items: [
          { ref: 'laranja', descricao: 'Laranja' },
          { ref: 'morango', descricao: 'Morango', preco: 300 },
        ],
      },
      {
        ref: 'adicionais',
        descricao: 'Adicionais',
        repetir_itens: true,
        items: [{ ref: 'bacon', descricao: 'Bacon', preco: 600 }],
      },
    ],
  });
}

function reply(document = sampleDocument()): EditorDocument {
  return {
    menu_version: 7,
    document,
    sections: {
      menu: ['categories', 'option_groups'],
      hours: ['hours', 'settings.holidays'],
      delivery: [],
      scheduling: [],
      payments: [],
      coupons: ['coupons'],
      loyalty: ['loyalty'],
      contact: ['settings.nome'],
      look: ['look'],
    },
    fonts: [],
    price_cap: 10_000_000,
    payment_provider: null,
  };
}

/** The saved section as the server answers a save: what it was sent. */
const savedAs = (call: Call) => ({
  body: { menu_version: 8, changed: true, section: call.body as Record<string, unknown> },
});

function renderMenu({
  canEdit = true,
  handlers = {},
}: {
  canEdit?: boolean;
  handlers?: Parameters<typeof stubStaffApi>[0];
} = {}) {
  setStaffToken('staff-token');
  const api = stubStaffApi({ 'PUT /staff/editor/sections/menu': savedAs, ...handlers });
  const onDirty = vi.fn();
  render(
    <EditorProvider initial={reply()} canEdit={canEdit}>
      <Suspense fallback={<p>…</p>}>
        <MenuScreen onDirty={onDirty} />
      </Suspense>
    </EditorProvider>,
  );
  return { api, onDirty, user: userEvent.setup() };
}

const saves = (api: ReturnType<typeof stubStaffApi>) => api.callsTo('PUT', '/staff/editor/sections/menu');
const sent = (api: ReturnType<typeof stubStaffApi>) =>
  saves(api).at(-1)!.body as Pick<StoreDocumentBase, 'categories' | 'option_groups'>;
const row = (list: string, name: RegExp) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('button', { name }))!;

beforeEach(() => {
  languageStore.set('pt_br');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the categories', () => {
  it('are listed in order with their products and open switch; nothing is sent until Salvar', async () => {
    const { api, user, onDirty } = renderMenu();
    const list = screen.getByRole('list', { name: 'Categorias' });
    expect(
      within(list)
        .getAllByRole('button', { name: /produto/ })
        .map((b) => b.textContent),
    ).toEqual(['Bebidas2 produtos', 'Lanches1 produto']);
    await user.click(
      within(row('Categorias', /^Lanches/)).getByRole('switch', { name: 'Aberta no cardápio' }),
    );
    await user.click(screen.getByRole('button', { name: 'Descer Bebidas' }));
    expect(screen.getByText('Bebidas: posição 2 de 2.')).toBeInTheDocument();
    expect(saves(api)).toHaveLength(0);
    expect(onDirty).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(saves(api)).toHaveLength(1);
    expect(saves(api)[0]).toBeDefined();
    const body = sent(api);
    expect(Object.keys(body).sort()).toEqual(['categories', 'option_groups']);
    expect(body.categories.map((c) => [c.ref, c.aberto])).toEqual([
      ['lanches', true],
      ['bebidas', true],
    ]);
    expect(onDirty).toHaveBeenLastCalledWith(false);
  });

  it('keeps focus on the moved row’s arrow, the other one at the end of the list', async () => {
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Descer Bebidas' }));
    expect(screen.getByRole('button', { name: 'Subir Bebidas' })).toHaveFocus();
  });

  it('a new one gets a ref from its name and opens, ready for its first product', async () => {
    const { api, user } = renderMenu();
    await user.type(screen.getByRole('textbox', { name: 'Nova categoria' }), 'Sobremesas{Enter}');
    expect(saves(api)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Sobremesas' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Novo produto' }), 'Pudim de leite');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.getByRole('heading', { name: 'Pudim de leite' })).toBeInTheDocument();
    const price = screen.getByRole('textbox', { name: 'Preço' });
    await user.clear(price);
    await user.type(price, '12,90');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(sent(api).categories.at(-1)).toMatchObject({
      ref: 'sobremesas',
      descricao: 'Sobremesas',
      aberto: false,
      products: [{ ref: 'pudim-de-leite', descricao: 'Pudim de leite', valor_venda: 1290, variants: [] }],
    });
  });
});

describe('a product', () => {
  async function openProduct(user: ReturnType<typeof userEvent.setup>, category: RegExp, product: RegExp) {
    await user.click(screen.getByRole('button', { name: category }));
    await user.click(screen.getByRole('button', { name: product }));
  }

  it('changes name, price, category and channels; back returns to its new category', async () => {
    const { api, user } = renderMenu();
    await openProduct(user, /^Bebidas/, /^Água/);
    const name = screen.getByRole('textbox', { name: 'Nome do produto' });
    await user.clear(name);
    await user.type(name, 'Água sem gás');
    const price = screen.getByRole('textbox', { name: 'Preço' });
    await user.clear(price);
    await user.type(price, '5');
    await user.click(screen.getByRole('switch', { name: 'Nos pedidos na mesa' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), 'Lanches');
    await user.click(screen.getByRole('button', { name: '‹ Lanches' }));
    expect(screen.getByRole('heading', { name: 'Lanches' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Água sem gás/ })).toHaveTextContent(`R$ 5,00`);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(
      sent(api).categories[1]!.products.map((p) => [p.ref, p.descricao, p.valor_venda, p.ativo_garcom]),
    ).toEqual([
      ['x-burger', 'X-Burger', 2990, true],
      ['agua', 'Água sem gás', 500, false],
    ]);
  });

  it('asks for option groups with min and max; a new group opens to get its options', async () => {
    const { api, user } = renderMenu();
    await openProduct(user, /^Lanches/, /^X-Burger/);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Usar um grupo que já existe' }),
      'Adicionais',
    );
    await user.click(screen.getByRole('button', { name: 'Usar grupo' }));
    const uses = screen.getByRole('list', { name: 'Grupos de opções de X-Burger' });
    const max = within(uses).getByRole('textbox', { name: 'Máximo' });
    await user.clear(max);
    await user.type(max, '3');
    expect(within(uses).getByText('Opcional, até 3')).toBeInTheDocument();

    await user.type(
      screen.getByRole('textbox', { name: 'Criar um grupo novo para este produto' }),
      'Ponto da carne',
    );
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(screen.getByRole('heading', { name: 'Ponto da carne' })).toBeInTheDocument();
    for (const option of ['Mal passado', 'Ao ponto']) {
      await user.type(screen.getByRole('textbox', { name: 'Nova opção' }), `${option}{Enter}`);
    }
    await user.click(screen.getByRole('button', { name: '‹ X-Burger' }));
    const pointUse = row('Grupos de opções de X-Burger', /^Editar grupo/);
    expect(pointUse).toBeDefined();
    const mins = within(screen.getByRole('list', { name: 'Grupos de opções de X-Burger' })).getAllByRole(
      'textbox',
      {
        name: 'Mínimo',
      },
    );
    await user.clear(mins[1]!);
    await user.type(mins[1]!, '1');
    await user.click(screen.getByRole('button', { name: 'Subir Ponto da carne' }));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    const body = sent(api);
    expect(body.categories[1]!.products[0]!.groups).toEqual([
      { group: 'ponto-da-carne', min: 1, max: 0 },
      { group: 'adicionais', min: 0, max: 3 },
    ]);
    expect(body.option_groups.at(-1)).toMatchObject({
      ref: 'ponto-da-carne',
      politica_cobranca: 'Soma',
      items: [
        { ref: 'mal-passado', descricao: 'Mal passado', preco: 0 },
        { ref: 'ao-ponto', descricao: 'Ao ponto', preco: 0 },
      ],
    });
  });

  it('gets sizes as variants: the first takes its price, each has its own', async () => {
    const { api, user } = renderMenu();
    await openProduct(user, /^Lanches/, /^X-Burger/);
    await user.type(screen.getByRole('textbox', { name: 'Nova variante' }), 'Simples{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Nova variante' }), 'Duplo{Enter}');
    expect(
      screen.getByText('O preço é o de cada variante; no cardápio:', { exact: false }),
    ).toBeInTheDocument();
    const variants = screen.getByRole('list', { name: 'Variantes de X-Burger' });
    const prices = within(variants).getAllByRole('textbox', { name: 'Preço' });
    expect(prices[0]).toHaveValue('29,90');
    await user.clear(prices[1]!);
    await user.type(prices[1]!, '36,90');
    expect(screen.getByText(`a partir de R$ 29,90`, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(sent(api).categories[1]!.products[0]).toMatchObject({
      valor_venda: 0,
      variants: [
        { ref: 'simples', valor_venda: 2990 },
        { ref: 'duplo', valor_venda: 3690 },
      ],
    });
  });
});

describe('a refused save', () => {
  it('opens the product the refusal names, its field marked with the server’s words; the draft stays', async () => {
    const detail = 'Água: o preço deve ser de R$ 0,00 a R$ 100.000,00.';
    const { api, user } = renderMenu({
      handlers: {
        'PUT /staff/editor/sections/menu': {
          status: 400,
          body: {
            code: 'PRICE_OUT_OF_RANGE',
            detail,
            field: 'categories.0.products.0.valor_venda',
            issues: [{ field: 'categories.0.products.0.valor_venda', code: 'PRICE_OUT_OF_RANGE', detail }],
          },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: /^Bebidas/ }));
    await user.click(screen.getByRole('button', { name: /^Água/ }));
    const price = screen.getByRole('textbox', { name: 'Preço' });
    await user.clear(price);
    await user.type(price, '1.000.000,00');
    await user.click(screen.getByRole('button', { name: 'Categorias' }));
    expect(screen.queryByRole('textbox', { name: 'Preço' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Não salvo: 1 problema para corrigir.');
    const field = await screen.findByRole('textbox', { name: 'Preço' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(detail));
    expect(screen.getByRole('heading', { name: 'Água' })).toBeInTheDocument();
    expect(field).toHaveValue('1.000.000,00');
    expect(saves(api)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('in English, says the rule in English', async () => {
    languageStore.set('en');
    const { user } = renderMenu({
      handlers: {
        'PUT /staff/editor/sections/menu': {
          status: 400,
          body: {
            code: 'GROUP_MIN_ABOVE_MAX',
            detail: 'Suco natural: o mínimo (2) não pode passar do máximo (1); máximo 0 é sem limite.',
            issues: [
              {
                field: 'categories.0.products.1.groups.0.min',
                code: 'GROUP_MIN_ABOVE_MAX',
                detail: 'Suco natural: o mínimo (2) não pode passar do máximo (1); máximo 0 é sem limite.',
              },
            ],
          },
        },
      },
    });
    await user.click(screen.getAllByRole('switch', { name: 'Open on the menu' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const min = await screen.findByRole('textbox', { name: 'Minimum' });
    expect(min).toHaveAccessibleDescription('The minimum cannot be above the maximum.');
    expect(screen.getByRole('heading', { name: 'Suco natural' })).toBeInTheDocument();
  });
});

describe('an option group', () => {
  it('removed while products use it: the question names them, and it leaves them', async () => {
    const { api, user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Grupos de opções' }));
    await user.click(screen.getByRole('button', { name: /^Sabor/ }));
    expect(screen.getByRole('button', { name: 'Suco natural' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover grupo' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover Sabor?' });
    expect(dialog).toHaveTextContent('Ele sai destes produtos: Suco natural.');
    await user.click(within(dialog).getByRole('button', { name: 'Remover e tirar dos produtos' }));
    expect(screen.getByRole('heading', { name: 'Grupos de opções' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    const body = sent(api);
    expect(body.option_groups.map((group) => group.ref)).toEqual(['adicionais']);
    expect(body.categories[0]!.products[1]!.groups).toEqual([]);
  });

  it('sets how it charges, repeats, and its options’ price, default quantity, ingredient flag and channels', async () => {
    const { api, user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Grupos de opções' }));
    await user.click(screen.getByRole('button', { name: /^Sabor/ }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Como cobrar' }),
      'Média: a média das escolhidas',
    );
    await user.click(screen.getByRole('switch', { name: 'Pode repetir a mesma opção' }));
    await user.click(screen.getByRole('button', { name: /^Morango/ }));
    const options = screen.getByRole('list', { name: 'Opções de Sabor' });
    const price = within(options).getByRole('textbox', { name: 'Preço' });
    await user.clear(price);
    await user.type(price, '3,50');
    const quantity = within(options).getByRole('textbox', { name: 'Quantidade padrão' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(within(options).getByRole('switch', { name: 'Ingrediente da receita' }));
    await user.click(within(options).getByRole('switch', { name: 'Mesa' }));
    await user.click(screen.getByRole('button', { name: 'Subir Morango' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(sent(api).option_groups[0]).toMatchObject({
      politica_cobranca: 'Média',
      repetir_itens: true,
      items: [
        {
          ref: 'morango',
          preco: 350,
          qt_padrao: 1,
          ingrediente: true,
          ativo_pedidos: true,
          ativo_garcom: false,
        },
        { ref: 'laranja' },
      ],
    });
  });
});

describe('an attendant', () => {
  it('opens every screen but changes nothing: no inputs enabled, no arrows, no adding, no save bar', async () => {
    const { api, user } = renderMenu({ canEdit: false });
    expect(screen.getByText('Só gerentes e donos alteram a loja. Você pode consultar.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Aberta no cardápio', checked: true })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Descer/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Nova categoria' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Bebidas/ }));
    await user.click(screen.getByRole('button', { name: /^Suco natural/ }));
    expect(screen.getByRole('textbox', { name: 'Nome do produto' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remover produto' })).toBeNull();
    expect(screen.queryByLabelText('Tirar ou escolher foto')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver como o cliente vê' })).toBeEnabled();
    expect(saves(api)).toHaveLength(0);
  });
});

describe('the preview', () => {
  it('is the customer’s dialog on the draft, fetched from nowhere; Inserir tells the price instead of filling a cart', async () => {
    const { api, user } = renderMenu();
    await user.click(screen.getByRole('button', { name: /^Bebidas/ }));
    await user.click(screen.getByRole('button', { name: /^Suco natural/ }));
    const variants = screen.getByRole('list', { name: 'Variantes de Suco natural' });
    await user.click(within(variants).getByRole('button', { name: /^500 ml/ }));
    const price = within(variants).getByRole('textbox', { name: 'Preço' });
    await user.clear(price);
    await user.type(price, '12,50');

    await user.click(screen.getByRole('button', { name: 'Ver como o cliente vê' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suco natural' });
    expect(dialog).toHaveTextContent('Prévia: é assim que o cliente vê no app');
    expect(within(dialog).getByText(`a partir de R$ 8,90`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /500 ml/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Avançar' }));
    await user.click(within(dialog).getByRole('radio', { name: /Morango/ }));
    expect(within(dialog).getByRole('status', { name: /^Total: R\$\s15,50$/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inserir' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      screen.getByText(
        `Na prévia, o cliente pagaria R$ 15,50 por 1× Suco natural (500 ml) · Sabor: Morango.`,
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/estoque'))).toEqual([]);
    expect(localStorage.getItem('shop_cart')).toBeNull();
    expect(saves(api)).toHaveLength(0);
  });

  it('is not offered for a product switched off for app and table orders', async () => {
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: /^Bebidas/ }));
    const water = row('Produtos de Bebidas', /^Água/);
    await user.click(within(water).getByRole('switch', { name: 'App' }));
    await user.click(within(water).getByRole('switch', { name: 'Mesa' }));
    expect(within(water).getByRole('button', { name: /^Água/ })).toHaveTextContent('fora do cardápio');
    await user.click(within(water).getByRole('button', { name: /^Água/ }));
    expect(screen.getByRole('button', { name: 'Ver como o cliente vê' })).toBeDisabled();
    expect(
      screen.getByText('Desligado no app e na mesa: o cliente não vê este produto.'),
    ).toBeInTheDocument();
  });
});

/** A stand-in XMLHttpRequest: answers the upload with `status` and `body` after reporting progress. */
function stubUpload(status: number, body: unknown) {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    statusText = '';
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(payload: unknown) {
      sent.push({ url: this.url, headers: this.headers, body: payload });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

describe('a product’s picture', () => {
  const photo = () =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'foto.jpg', { type: 'image/jpeg' });

  it('is sent from the camera or gallery; the server’s picture and thumbnail go into the draft', async () => {
    const uploads = stubUpload(201, {
      kind: 'product',
      url: '/media/stores/lanchonete/p/0123456789abcdef01234567-800w.webp',
      srcset: '/media/stores/lanchonete/p/0123456789abcdef01234567-480w.webp 480w',
      thumbnail: { url: '/media/stores/lanchonete/p/0123456789abcdef01234567-thumb-176w.webp', srcset: null },
      icons: null,
    });
    const { api, user } = renderMenu();
    await user.click(screen.getByRole('button', { name: /^Lanches/ }));
    await user.click(screen.getByRole('button', { name: /^X-Burger/ }));
    const input = screen.getByLabelText('Tirar ou escolher foto');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).not.toHaveAttribute('capture');
    await user.upload(input, photo());
    expect(await screen.findByRole('img', { name: 'Foto atual do produto' })).toHaveAttribute(
      'src',
      '/media/stores/lanchonete/p/0123456789abcdef01234567-800w.webp',
    );
    expect(uploads[0]).toMatchObject({
      url: '/staff/editor/pictures?kind=product',
      headers: { 'Content-Type': 'image/jpeg', Authorization: 'Bearer staff-token' },
    });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(sent(api).categories[1]!.products[0]).toMatchObject({
      url_imagem: '/media/stores/lanchonete/p/0123456789abcdef01234567-800w.webp',
      url_miniatura: '/media/stores/lanchonete/p/0123456789abcdef01234567-thumb-176w.webp',
    });
  });

  it.each([
    [413, 'PICTURE_TOO_LARGE', 'pt_br', 'A foto passa de 8 MB. Envie uma foto menor.'],
    [413, 'PICTURE_TOO_LARGE', 'en', 'The photo is over 8 MB. Send a smaller one.'],
    [
      415,
      'PICTURE_NOT_AN_IMAGE',
      'pt_br',
      'O arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou AVIF.',
    ],
    [415, 'PICTURE_NOT_AN_IMAGE', 'en', 'The file is not a photo. Send a JPEG, PNG, WebP or AVIF photo.'],
  ] as const)(
    'refused with %i %s, says why (%s); the product keeps no picture',
    async (status, code, language, text) => {
      languageStore.set(language);
      // The server's words are Portuguese; in English the editor says the code's own.
      const detail =
        code === 'PICTURE_TOO_LARGE'
          ? 'A foto passa de 8 MB. Envie uma foto menor.'
          : 'O arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou AVIF.';
      stubUpload(status, { code, detail });
      const { api, user } = renderMenu();
      await user.click(screen.getByRole('button', { name: /^Lanches/ }));
      await user.click(screen.getByRole('button', { name: /^X-Burger/ }));
      await user.upload(
        screen.getByLabelText(language === 'en' ? 'Take or choose a photo' : 'Tirar ou escolher foto'),
        photo(),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.getByRole('button', { name: language === 'en' ? 'Save' : 'Salvar' })).toBeDisabled();
      expect(saves(api)).toHaveLength(0);
    },
  );
});

describe('dragging a row', () => {
  it('by its handle with a finger moves it where it is dropped', async () => {
    const { api, user } = renderMenu();
    const rows = within(screen.getByRole('list', { name: 'Categorias' })).getAllByRole('listitem');
    rows.forEach((element, index) => {
      element.getBoundingClientRect = () =>
        ({ top: index * 100, height: 90, bottom: index * 100 + 90 }) as DOMRect;
    });
    const handle = rows[0]!.querySelector('.reorder-handle')!;
    await act(async () => {
      handle.dispatchEvent(
        new PointerEvent('pointerdown', { bubbles: true, pointerId: 3, pointerType: 'touch', clientY: 40 }),
      );
      handle.dispatchEvent(
        new PointerEvent('pointermove', { bubbles: true, pointerId: 3, pointerType: 'touch', clientY: 100 }),
      );
      handle.dispatchEvent(
        new PointerEvent('pointermove', { bubbles: true, pointerId: 3, pointerType: 'touch', clientY: 150 }),
      );
      handle.dispatchEvent(
        new PointerEvent('pointerup', { bubbles: true, pointerId: 3, pointerType: 'touch', clientY: 150 }),
      );
    });
    await waitFor(() => expect(screen.getByText('Bebidas: posição 2 de 2.')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(sent(api).categories.map((c) => c.ref)).toEqual(['lanches', 'bebidas']);
  });
});
