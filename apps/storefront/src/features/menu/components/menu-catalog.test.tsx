import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { selectedProductStore } from '../../../lib/selected-product.ts';
import { demoMenu } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { MenuCatalog } from './menu-catalog.tsx';

function setup() {
  const { categories, products } = demoMenu();
  renderWithData(<MenuCatalog categories={categories} products={products} />);
  return userEvent.setup();
}

const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('MenuCatalog', () => {
  it('opens the categories marked aberto and keeps the others closed', () => {
    setup();
    expect(toggle('Pizzas')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('Bebidas')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: /Pizza Calabresa/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Suco de Maçã/ })).not.toBeInTheDocument();
  });

  it('toggles a category', async () => {
    const user = setup();
    await user.click(toggle('Bebidas'));
    expect(toggle('Bebidas')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Suco de Maçã/ })).toBeVisible();
    await user.click(toggle('Pizzas'));
    expect(toggle('Pizzas')).toHaveAttribute('aria-expanded', 'false');
  });

  it('finds a product typed without accents and in capitals, expanding its category', async () => {
    const user = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar no cardápio' }), 'SUCO DE MACA');
    expect(toggle('Bebidas')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Suco de Maçã/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pizzas/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Água com gás/ })).not.toBeInTheDocument();
  });

  it('says when nothing matches and restores the accordions when the search is cleared', async () => {
    const user = setup();
    const search = screen.getByRole('searchbox');
    await user.type(search, 'sushi');
    expect(screen.getByText('Nenhum produto encontrado para “sushi”.')).toBeInTheDocument();
    await user.clear(search);
    expect(toggle('Pizzas')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('Bebidas')).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows 'from' for parents and 'variable price', and hides child variants", () => {
    setup();
    const pizzas = screen.getByRole('button', { name: /Pizza Calabresa/ });
    expect(pizzas).toHaveTextContent('a partir de R$ 32,90');
    expect(screen.getByRole('button', { name: /Pizza do Chef/ })).toHaveTextContent('Preço variável');
    expect(screen.queryByRole('button', { name: /Calabresa Broto/ })).not.toBeInTheDocument();
  });

  it('selects the tapped product and opens /product', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: /Pizza do Chef/ }));
    expect(selectedProductStore.get()?.id).toBe(13);
    expect(location.pathname).toBe('/product');
  });
});

describe('the category bar', () => {
  it('lists the categories under the search, marks the first, and opens a closed one it jumps to', async () => {
    const user = setup();
    const bar = screen.getByRole('navigation', { name: 'Categorias do cardápio' });
    const chips = within(bar).getAllByRole('link');
    expect(chips.map((chip) => chip.textContent)).toEqual(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.querySelector('.category-name')?.textContent),
    );
    // Which one follows the scroll is the menu journey's (happy-dom lays nothing out).
    expect(chips.filter((chip) => chip.getAttribute('aria-current') === 'true')).toHaveLength(1);

    expect(toggle('Bebidas')).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(bar).getByRole('link', { name: 'Bebidas' }));
    expect(toggle('Bebidas')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Suco de Maçã/ })).toBeVisible();
  });

  it('steps aside while searching', async () => {
    const user = setup();
    await user.type(screen.getByRole('searchbox'), 'suco');
    expect(screen.queryByRole('navigation', { name: 'Categorias do cardápio' })).toBeNull();
  });
});
