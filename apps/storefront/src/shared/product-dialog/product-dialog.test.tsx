import type { FullProduct } from '@comanda/contract';
import type { CartLineDraft } from '@comanda/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullProductPath } from '../../lib/full-product.ts';
import { languageStore } from '../../lib/preferences.ts';
import { product } from '../../test/fixtures.ts';
import {
  burger,
  drink,
  fullProduct,
  groupItem,
  halfAndHalf,
  listed,
  productGroup,
} from '../../test/product-fixtures.ts';
import { jsonFetch, renderWithData } from '../../test/render.tsx';
import { ProductDialog, type ProductDialogProps } from './product-dialog.tsx';

/** An açaí: size (radio), toppings (counters, at most 3), syrups (checkboxes, at most 2), all 'Soma'. */
const acai = fullProduct({
  id: 70,
  descricao: 'Monte seu açaí',
  valor_venda: 0,
  grupos: [
    productGroup({
      id: 7,
      descricao: 'Tamanho',
      min: 1,
      max: 1,
      items: [
        groupItem({ id: 71, descricao: '300 ml', preco: 1490 }),
        groupItem({ id: 72, descricao: '500 ml', preco: 1990 }),
      ],
    }),
    productGroup({
      id: 8,
      descricao: 'Complementos',
      detalhes: 'Até 3, pode repetir.',
      max: 3,
      repetir_itens: true,
      items: [
        groupItem({ id: 81, descricao: 'Granola', preco: 200 }),
        groupItem({ id: 82, descricao: 'Morango', preco: 300 }),
      ],
    }),
    productGroup({
      id: 9,
      descricao: 'Caldas',
      min: 1,
      max: 2,
      items: [
        groupItem({ id: 91, descricao: 'Mel', preco: 200 }),
        groupItem({ id: 92, descricao: 'Chocolate', preco: 200 }),
        groupItem({ id: 93, descricao: 'Leite condensado', preco: 200 }),
      ],
    }),
  ],
});

function setup(full: FullProduct, props: Partial<ProductDialogProps> = {}, extra: FullProduct[] = []) {
  const onInsert = vi.fn<(line: CartLineDraft, times: number) => void>();
  const onClose = vi.fn();
  const replies = Object.fromEntries([full, ...extra].map((p) => [fullProductPath(p.id, 'app'), p]));
  vi.stubGlobal('fetch', jsonFetch(replies));
  renderWithData(
    <ProductDialog
      product={listed(full)}
      channel="app"
      hideNotes={false}
      cartRoom={100}
      itemRoom={() => 30}
      itemCap={30}
      onInsert={onInsert}
      onClose={onClose}
      {...props}
    />,
    replies,
  );
  return { user: userEvent.setup(), onInsert, onClose };
}

const price = () => screen.getByRole('status', { name: /^Total/ });
const next = () => screen.getByRole('button', { name: 'Avançar' });
const insert = () => screen.getByRole('button', { name: 'Inserir' });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 3, name });

function renderPictured() {
  setup({ ...drink(), url_imagem: '/media/guarana-800w.webp' });
  return { container: document.body };
}

describe('ProductDialog', () => {
  beforeEach(() => languageStore.set('pt_br'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the summary first: name, details, price chip, Cancel and Next', async () => {
    const { user, onClose } = setup({ ...burger(), detalhes: 'Blend bovino 160 g' });
    expect(screen.getByRole('dialog', { name: 'Burger Clássico' })).toBeInTheDocument();
    expect(screen.getByText('Blend bovino 160 g')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Avançar' })).toBeEnabled();
    expect(price()).toHaveTextContent('R$ 32,90');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a group with max 1 is a radio list; the header shows minimum, maximum and the status chip', async () => {
    const { user } = setup(burger());
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    await stepHeading('Ponto da carne');
    expect(screen.getByText('Etapa 1 de 3')).toBeInTheDocument();
    expect(screen.getByText('Mínimo: 1')).toBeInTheDocument();
    expect(screen.getByText('Máximo: 1')).toBeInTheDocument();
    expect(screen.getByText('Falta 1')).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual([
      radios[0]!.getAttribute('name'),
      radios[0]!.getAttribute('name'),
    ]);
    await user.click(screen.getByRole('radio', { name: 'Ao ponto' }));
    expect(screen.getByText('OK')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Mal passado' }));
    expect(screen.getByRole('radio', { name: 'Ao ponto' })).not.toBeChecked();
    expect(screen.getByRole('list', { name: 'Escolhidos' })).toHaveTextContent('Mal passado');
  });

  it('Next is blocked with a shake until the group minimum is met', async () => {
    const { user } = setup(burger());
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    await stepHeading('Ponto da carne');
    expect(next()).toHaveAttribute('aria-disabled', 'true');

    await user.click(next());
    expect(screen.getByRole('heading', { level: 3, name: 'Ponto da carne' })).toBeInTheDocument();
    const chip = screen.getByText('Falta 1');
    expect(chip).toHaveClass('shake');
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha mais 1 opção para continuar.');

    // Each blocked attempt remounts the chip, so the animation plays again.
    await user.click(next());
    expect(screen.getByText('Falta 1')).not.toBe(chip);
    expect(screen.getByText('Falta 1')).toHaveClass('shake');

    await user.click(screen.getByRole('radio', { name: 'Ao ponto' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(next()).not.toHaveAttribute('aria-disabled');
    await user.click(next());
    expect(await stepHeading('Ingredientes')).toHaveFocus();
  });

  it('a repeatable group is a counter list: + stops at the maximum, − at zero', async () => {
    const { user } = setup(acai);
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    await user.click(screen.getByRole('radio', { name: /500 ml/ }));
    await user.click(next());
    await stepHeading('Complementos');
    expect(screen.getByText('Máximo: 3')).toBeInTheDocument();
    expect(screen.getByText('Até 3, pode repetir.')).toBeInTheDocument();
    const addGranola = screen.getByRole('button', { name: 'Adicionar um: Granola' });
    const takeGranola = screen.getByRole('button', { name: 'Tirar um: Granola' });
    expect(takeGranola).toBeDisabled();
    await user.click(addGranola);
    await user.click(addGranola);
    await user.click(screen.getByRole('button', { name: 'Adicionar um: Morango' }));
    expect(addGranola).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Adicionar um: Morango' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Escolhidos' })).toHaveTextContent('2× Granola');
    // 500 ml + 2 granola + 1 strawberry
    expect(price()).toHaveTextContent('R$ 26,90');
    await user.click(takeGranola);
    expect(addGranola).toBeEnabled();
    expect(price()).toHaveTextContent('R$ 24,90');
  });

  it('a group without repeats is a checkbox list; past the maximum the others are disabled', async () => {
    const { user } = setup(acai);
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    await user.click(screen.getByRole('radio', { name: /300 ml/ }));
    await user.click(next());
    await user.click(next());
    await stepHeading('Caldas');
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    await user.click(screen.getByRole('checkbox', { name: /Mel/ }));
    await user.click(screen.getByRole('checkbox', { name: /Chocolate/ }));
    expect(screen.getByRole('checkbox', { name: /Leite condensado/ })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Mel/ }));
    expect(screen.getByRole('checkbox', { name: /Leite condensado/ })).toBeEnabled();
    // A chosen chip takes its item out.
    await user.click(screen.getByRole('button', { name: 'Tirar Chocolate' }));
    expect(screen.getByRole('checkbox', { name: /Chocolate/ })).not.toBeChecked();
    expect(screen.getByText('Falta 1')).toBeInTheDocument();
  });

  it('shows Unlimited for a group without a cap, and the notes only on the last group', async () => {
    const { user, onInsert } = setup(burger());
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    expect(screen.queryByRole('textbox', { name: 'Observações' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Ao ponto' }));
    await user.click(next());
    await stepHeading('Ingredientes');
    expect(screen.getByText('Máximo: Ilimitado')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Observações' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tirar um: Cebola roxa' }));
    await user.click(next());
    await stepHeading('Adicionais');
    const notes = screen.getByRole('textbox', { name: 'Observações' });
    await user.type(notes, 'bem quente');
    expect(notes).toHaveAttribute('maxLength', '50');
    await user.click(insert());
    expect(onInsert).toHaveBeenCalledTimes(1);
    const [line, times] = onInsert.mock.calls[0]!;
    expect(times).toBe(1);
    expect(line.observacao).toBe('bem quente');
    expect(line.removed_items.map((item) => item.descricao)).toEqual(['Cebola roxa']);
  });

  it('does not offer an item that is not active for app orders', async () => {
    const { user } = setup(burger());
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    await user.click(screen.getByRole('radio', { name: 'Ao ponto' }));
    await user.click(next());
    await user.click(next());
    await stepHeading('Adicionais');
    expect(screen.getByRole('button', { name: 'Adicionar um: Bacon' })).toBeInTheDocument();
    expect(screen.queryByText('Jalapeño')).not.toBeInTheDocument();
  });

  it("prices a 'Média' group as the average of the chosen flavours and inserts that line", async () => {
    const { user, onInsert } = setup(halfAndHalf());
    await screen.findByRole('button', { name: 'Avançar' });
    // Priced by its flavours: no 'R$ 0,00' chip before one is chosen.
    expect(screen.queryByText('R$ 0,00')).toBeNull();
    await user.click(next());
    await stepHeading('Sabores');
    expect(screen.getByText('O preço é a média das opções escolhidas.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Calabresa/ }));
    expect(price()).toHaveTextContent('R$ 59,90');
    await user.click(screen.getByRole('checkbox', { name: /Pepperoni/ }));
    expect(price()).toHaveTextContent('R$ 64,90');
    await user.click(insert());
    const [line] = onInsert.mock.calls[0]!;
    expect(line.groups[0]!.charge).toBe(6490);
  });

  it('a picture that fails to load (offline) leaves a styled placeholder, not a broken image (issue 34, #13)', async () => {
    const { container } = renderPictured();
    await screen.findByRole('button', { name: 'Inserir' });
    const img = container.ownerDocument.querySelector('img.product-media');
    expect(img).not.toBeNull();
    fireEvent.error(img as HTMLImageElement);
    expect(container.ownerDocument.querySelector('img.product-media')).toBeNull();
    expect(screen.getByTestId('product-media-missing')).toHaveClass('product-media');
  });

  it('the group search names what it searches, not the group title', async () => {
    const six = (first: number) =>
      [0, 1, 2, 3, 4, 5].map((n) =>
        groupItem({ id: first + n, descricao: `Opção ${first + n}`, preco: 1000 }),
      );
    const pizza = fullProduct({
      id: 55,
      descricao: 'Pizza Dois Sabores',
      valor_venda: 0,
      grupos: [
        productGroup({
          id: 5,
          descricao: 'Escolha até 2 sabores',
          min: 1,
          max: 2,
          politica_cobranca: 'SomaMaior',
          items: six(100),
        }),
        productGroup({ id: 6, descricao: 'Adicionais', items: six(200) }),
      ],
    });
    const { user } = setup(pizza);
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    await stepHeading('Escolha até 2 sabores');
    expect(screen.getByRole('searchbox', { name: 'Buscar sabor' })).toHaveAttribute(
      'placeholder',
      'Buscar sabor',
    );
    expect(screen.queryByPlaceholderText(/Buscar em/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Opção 100/ }));
    await user.click(next());
    await stepHeading('Adicionais');
    expect(screen.getByRole('searchbox', { name: 'Buscar opção' })).toHaveAttribute(
      'placeholder',
      'Buscar opção',
    );
  });

  it('a simple product has notes and a quantity that never goes below 1; Insert adds it that many times', async () => {
    const { user, onInsert } = setup(drink());
    expect(await screen.findByRole('button', { name: 'Inserir' })).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'Diminuir quantidade' });
    const more = screen.getByRole('button', { name: 'Aumentar quantidade' });
    expect(less).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(screen.getByRole('status', { name: 'Quantidade' })).toHaveTextContent('3');
    expect(price()).toHaveTextContent('R$ 19,50');
    await user.click(less);
    await user.click(less);
    expect(less).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Quantidade' })).toHaveTextContent('1');
    await user.click(more);
    await user.type(screen.getByRole('textbox', { name: 'Observações' }), 'gelado');
    await user.click(insert());
    expect(onInsert).toHaveBeenCalledWith(expect.objectContaining({ produto: 60, observacao: 'gelado' }), 2);
  });

  it('caps the quantity at the room left in the cart', async () => {
    setup(drink(), { cartRoom: 1 });
    expect(await screen.findByRole('button', { name: 'Aumentar quantidade' })).toBeDisabled();
  });

  it("caps the quantity at the store's units per item", async () => {
    const { user } = setup(drink(), { itemCap: 2, itemRoom: () => 2 });
    const more = await screen.findByRole('button', { name: 'Aumentar quantidade' });
    await user.click(more);
    expect(more).toBeDisabled();
  });

  it('refuses to add more units of an item than the store takes, saying why', async () => {
    const { user, onInsert } = setup(drink(), { itemCap: 3, itemRoom: () => 1 });
    await user.click(await screen.findByRole('button', { name: 'Aumentar quantidade' }));
    await user.click(insert());
    expect(onInsert).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Esta loja aceita no máximo 3 unidades deste item por pedido.'),
    ).toBeVisible();
  });

  it('hides notes and quantity in self-checkout with required in-app payment', async () => {
    const { user, onInsert } = setup(burger(), { hideNotes: true });
    await user.click(await screen.findByRole('button', { name: 'Avançar' }));
    await user.click(screen.getByRole('radio', { name: 'Ao ponto' }));
    await user.click(next());
    await user.click(next());
    await stepHeading('Adicionais');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(insert());
    expect(onInsert).toHaveBeenCalledTimes(1);
  });

  it('for a parent, Next waits for a variant and the steps are the chosen variant’s groups', async () => {
    const parent = fullProduct({ id: 100, descricao: 'Pizza Meio a Meio', item_pai: true, valor_venda: 0 });
    const grande = { ...halfAndHalf(), id: 102, item_filho: true, cod_pai: 100 };
    const media = fullProduct({
      id: 101,
      descricao: 'Pizza Meio a Meio Média',
      item_filho: true,
      cod_pai: 100,
      valor_venda: 0,
    });
    parent.variantes = [listed(media), { ...listed(grande), valor_venda: 0 }];
    const { user } = setup(parent, {}, [grande, media]);
    const variants = await screen.findByRole('group', { name: 'Escolha uma opção' });
    expect(within(variants).getAllByRole('radio')).toHaveLength(2);

    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha uma opção para continuar.');
    expect(screen.getByText('Escolha uma opção', { selector: 'legend' })).toHaveClass('shake');

    await user.click(within(variants).getByRole('radio', { name: /Pizza Meio a Meio Grande/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await stepHeading('Sabores');
    await user.click(screen.getByRole('checkbox', { name: /Mussarela/ }));
    expect(price()).toHaveTextContent('R$ 54,90');
  });

  it('speaks English', async () => {
    languageStore.set('en');
    const { user } = setup(burger());
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('radio', { name: 'Ao ponto' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Maximum: Unlimited')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('shows a retry when the product cannot be loaded', async () => {
    const onInsert = vi.fn();
    let fail = true;
    const answer = jsonFetch({ [fullProductPath(60, 'app')]: drink() });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (fail) return new Response('{}', { status: 500 });
      return answer(input);
    });
    renderWithData(
      <ProductDialog
        product={product({ id: 60, categoria_id: 1, descricao: 'Guaraná lata' })}
        channel="app"
        hideNotes={false}
        cartRoom={100}
        itemRoom={() => 30}
        itemCap={30}
        onInsert={onInsert}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar este produto.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Inserir' })).toBeEnabled();
  });
});
