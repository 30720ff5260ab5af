import type { TrackedOrder } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { drink, fullProduct } from '../../../test/product-fixtures.ts';
import { planReorder } from './reorder.ts';

type Line = TrackedOrder['produtos_pedidos'][number];

const line = (overrides: Partial<Line> & { produto: number; descricao_produto: string }): Line => ({
  descricao_categoria: 'Bebidas',
  produto_valor: 600,
  valor_adicionais: 0,
  qtd: 1,
  valor_total: 600,
  observacao: '',
  itens_pedidos: [],
  ...overrides,
});

describe('planReorder', () => {
  it("rebuilds the still-available lines at today's prices and names the gone ones", async () => {
    const order = {
      produtos_pedidos: [
        line({ produto: 60, descricao_produto: 'Guaraná lata', qtd: 3, produto_valor: 500 }),
        line({ produto: 61, descricao_produto: 'Suco de caju' }),
        line({ produto: 0, descricao_produto: 'Entrega', produto_valor: 700 }),
      ],
    };
    const fetched: number[] = [];
    const plan = await planReorder(
      order,
      async (id) => {
        fetched.push(id);
        return id === 60 ? drink() : null;
      },
      'app',
    );
    expect(plan.lines).toHaveLength(1);
    expect(plan.lines[0]!.times).toBe(3);
    expect(plan.lines[0]!.line.produto).toBe(60);
    expect(plan.lines[0]!.line.produto_valor).toBe(650);
    expect(plan.gone).toEqual(['Suco de caju']);
    // The delivery line is never looked up.
    expect(fetched).toEqual([60, 61]);
  });

  it('counts a line whose options no longer fit the product as gone', async () => {
    const order = {
      produtos_pedidos: [
        line({
          produto: 70,
          descricao_produto: 'Pizza',
          itens_pedidos: [
            {
              item_id: 5,
              quantidade_pedida: 1,
              quantidade_padrao: 0,
              valor: 300,
              grupo: 9,
              grupo_descricao: 'Borda',
              descricao: 'Catupiry',
              ingrediente: false,
            },
          ],
        }),
      ],
    };
    const plan = await planReorder(order, async () => fullProduct({ id: 70, descricao: 'Pizza' }), 'app');
    expect(plan).toEqual({ lines: [], gone: ['Pizza'] });
  });
});
