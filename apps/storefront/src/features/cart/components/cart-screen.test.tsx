import type { FullProduct, Product } from '@comanda/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, saveCart } from '../../../lib/cart-store.ts';
import { fullProductPath } from '../../../lib/full-product.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { burger, cartWith, drink, halfAndHalf, listed } from '../../../test/product-fixtures.ts';
import { jsonFetch, renderWithData } from '../../../test/render.tsx';
import CartScreen from './cart-screen.tsx';

function setup({
  products = [listed(drink()), listed(burger()), listed(halfAndHalf())],
  full = [burger(), halfAndHalf()],
}: {
  products?: Product[];
  full?: FullProduct[];
} = {}) {
  const replies = {
    [START_PATHS.products]: products,
    ...Object.fromEntries(full.map((p) => [fullProductPath(p.id, 'app'), p])),
  };
  vi.stubGlobal('fetch', jsonFetch(replies));
  renderWithData(<CartScreen />, { [START_PATHS.products]: products });
  return userEvent.setup();
}

const line = (name: RegExp | string) => screen.getByRole('listitem', { name });
const total = () => screen.getByRole('status', { name: 'Total' });
const finish = () => screen.getByRole('button', { name: 'Finalizar' });

describe('CartScreen', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/cart');
    cartStore.set([]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state with a way back to the menu', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao cardápio' })).toHaveAttribute('href', '/');
  });

  it("shows each line with its product's menu picture", () => {
    saveCart(cartWith([{ product: drink() }, { product: halfAndHalf(), picks: { 5: { 51: 1 } } }]));
    setup({
      products: [
        listed(drink(), {
          url_miniatura: '/media/g-176w.webp',
          srcset_miniatura: '/media/g-88w.webp 88w, /media/g-176w.webp 176w',
        }),
        listed(halfAndHalf()),
      ],
    });
    const picture = line('Guaraná lata').querySelector('img');
    expect(picture).toHaveAttribute('src', '/media/g-176w.webp');
    expect(picture).toHaveAttribute('srcset', '/media/g-88w.webp 88w, /media/g-176w.webp 176w');
    expect(picture).toHaveAttribute('sizes', '56px');
    expect(screen.getAllByRole('listitem')[1]!.querySelector('img')).toBeNull();
  });

  it('groups identical lines with a count badge, and adds one more', async () => {
    saveCart(
      cartWith([
        { product: drink(), times: 2 },
        { product: halfAndHalf(), picks: { 5: { 51: 1 } } },
      ]),
    );
    const user = setup();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const drinks = line('Guaraná lata');
    expect(within(drinks).getByText('2×')).toBeInTheDocument();
    expect(within(drinks).getByText('2 iguais')).toBeInTheDocument();
    expect(within(drinks).getByText('R$ 13,00')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Finalizar' })).toBeEnabled();
    expect(total()).toHaveTextContent('R$ 72,90');

    await user.click(within(drinks).getByRole('button', { name: 'Adicionar mais um: Guaraná lata' }));
    expect(within(line('Guaraná lata')).getByText('3×')).toBeInTheDocument();
    expect(cartStore.get()).toHaveLength(4);
    expect(total()).toHaveTextContent('R$ 79,40');
  });

  it("lists a line's extras per group as Added and Removed", () => {
    saveCart(cartWith([{ product: burger(), picks: { 1: { 12: 1 }, 2: { 21: 1 }, 3: { 31: 2, 32: 1 } } }]));
    setup();
    const item = line('Burger Clássico');
    expect(item).toHaveTextContent('Ponto da carneAdicionadosAo ponto');
    expect(item).toHaveTextContent('IngredientesRemovidosCebola roxa');
    expect(item).toHaveTextContent('AdicionaisAdicionados2× Bacon, Ovo');
  });

  it('asks "only one or all" when deleting one of several identical lines', async () => {
    saveCart(
      cartWith([
        { product: drink(), times: 3 },
        { product: halfAndHalf(), picks: { 5: { 51: 1 } } },
      ]),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Remover: Guaraná lata' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover Guaraná lata?' });
    expect(dialog).toHaveTextContent('Há 3 iguais no carrinho. Remover só um ou todos?');
    await user.click(within(dialog).getByRole('button', { name: 'Só um' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(line('Guaraná lata')).getByText('2×')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover: Guaraná lata' }));
    await user.click(screen.getByRole('button', { name: 'Todos' }));
    expect(screen.queryByRole('listitem', { name: 'Guaraná lata' })).not.toBeInTheDocument();
    expect(cartStore.get().map((l) => l.descricao_produto)).toEqual(['Pizza Meio a Meio Grande']);
    expect(screen.getByRole('heading', { name: 'Itens do carrinho' })).toHaveFocus();
  });

  it('asks for a confirmation when deleting a single line; Cancel keeps it', async () => {
    saveCart(cartWith([{ product: drink() }]));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Remover: Guaraná lata' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover Guaraná lata?' });
    expect(dialog).toHaveTextContent('Este item sairá do carrinho.');
    expect(within(dialog).queryByRole('button', { name: 'Só um' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(cartStore.get()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remover: Guaraná lata' }));
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(cartStore.get()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeInTheDocument();
  });

  it('cleans the cart after a confirmation', async () => {
    saveCart(
      cartWith([
        { product: drink(), times: 2 },
        { product: halfAndHalf(), picks: { 5: { 51: 1 } } },
      ]),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Limpar carrinho' }));
    const dialog = screen.getByRole('dialog', { name: 'Limpar o carrinho?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(cartStore.get()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Limpar carrinho' }));
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(cartStore.get()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeInTheDocument();
  });

  it('Finish goes to /confirmation; Buy more goes back to the menu', async () => {
    saveCart(cartWith([{ product: drink() }]));
    const user = setup();
    expect(screen.getByRole('link', { name: 'Comprar mais' })).toHaveAttribute('href', '/');
    await vi.waitFor(() => expect(finish()).toBeEnabled());
    await user.click(finish());
    expect(location.pathname).toBe('/confirmation');
  });

  it('flags a product that is gone, keeps it out of the total and blocks Finish until it is removed', async () => {
    saveCart(cartWith([{ product: drink() }, { product: halfAndHalf(), picks: { 5: { 51: 1 } } }]));
    const user = setup({ products: [listed(halfAndHalf())] });
    const gone = line('Guaraná lata');
    expect(gone).toHaveTextContent('Este produto não está mais disponível. Remova-o para finalizar.');
    expect(gone).toHaveTextContent('Fora do total');
    expect(within(gone).getByRole('button', { name: 'Adicionar mais um: Guaraná lata' })).toBeDisabled();
    expect(
      await screen.findByText('Remova ou atualize os itens marcados para finalizar.'),
    ).toBeInTheDocument();
    expect(total()).toHaveTextContent('R$ 59,90');
    expect(finish()).toBeDisabled();

    await user.click(within(gone).getByRole('button', { name: 'Remover: Guaraná lata' }));
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await vi.waitFor(() => expect(finish()).toBeEnabled());
  });

  it('flags a changed price with both prices; keeping it at the new price puts it back in the total', async () => {
    saveCart(cartWith([{ product: drink(), times: 2 }]));
    const user = setup({ products: [listed(drink(), { valor_venda: 700 })] });
    const changed = line('Guaraná lata');
    expect(changed).toHaveTextContent('O preço mudou de R$ 6,50 para R$ 7,00.');
    expect(total()).toHaveTextContent('R$ 0,00');
    expect(finish()).toBeDisabled();

    await user.click(within(changed).getByRole('button', { name: 'Manter com o novo preço' }));
    expect(cartStore.get().map((l) => l.produto_valor)).toEqual([700, 700]);
    expect(line('Guaraná lata')).not.toHaveTextContent('O preço mudou');
    expect(total()).toHaveTextContent('R$ 14,00');
    await vi.waitFor(() => expect(finish()).toBeEnabled());
  });

  it('checks options against the full product: an item price change is flagged', async () => {
    saveCart(cartWith([{ product: burger(), picks: { 1: { 12: 1 }, 3: { 31: 1 } } }]));
    const changed = burger();
    changed.grupos[2]!.grupo.lista_itens[0]!.preco = 800;
    setup({ full: [changed] });
    expect(await screen.findByText(/O preço mudou de R\$ 38,90 para R\$ 40,90\./)).toBeInTheDocument();
  });

  it('speaks English', () => {
    act(() => languageStore.set('en'));
    saveCart(cartWith([{ product: burger(), picks: { 1: { 12: 1 }, 2: { 21: 1 } } }]));
    setup();
    expect(line('Burger Clássico')).toHaveTextContent('IngredientesRemovedCebola roxa');
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear cart' })).toBeInTheDocument();
  });
});
