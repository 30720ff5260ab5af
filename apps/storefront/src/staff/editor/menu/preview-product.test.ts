import { buildCartLine, initialPicks, linePricing, pickOnly } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import { addVariant, attachGroup, type Menu, newItem, newProduct, newVariant } from './menu-model.ts';
import { draftIds, previewOf } from './preview-product.ts';

/*
 * The draft → wire mapping in the spec's terms; tests/agreement/menu-preview-agreement.test.ts holds
 * it to the server's own replies for whole stores.
 */

function menu(): Menu {
  return {
    categories: [
      {
        ref: 'bebidas',
        descricao: 'Bebidas',
        detalhes: '',
        aberto: true,
        products: [
          { ...newProduct('agua', 'Água'), valor_venda: 450, ativo_garcom: false },
          {
            ...newProduct('suco', 'Suco natural'),
            detalhes: 'Feito na hora.',
            url_imagem: '/media/s/p/suco-800w.webp',
            groups: [{ group: 'sabor', min: 1, max: 1 }],
            variants: [
              newVariant('suco-500', 'Copo 500 ml', 1190),
              { ...newVariant('suco-300', 'Copo 300 ml', 890), ativo_pedidos: false },
              {
                ...newVariant('suco-jarra', 'Jarra 1 L', 2490),
                detalhes: 'Para dois.',
                groups: [{ group: 'sabor', min: 1, max: 2 }],
              },
            ],
          },
        ],
      },
    ],
    option_groups: [
      {
        ref: 'sabor',
        descricao: 'Sabor',
        detalhes: '',
        repetir_itens: false,
        politica_cobranca: 'Média',
        items: [
          { ...newItem('laranja', 'Laranja'), preco: 0 },
          { ...newItem('morango', 'Morango'), preco: 400, product: 'agua' },
        ],
      },
    ],
  };
}

describe('the preview of a draft product', () => {
  it('is not offered where the product is switched off (the customer would not find it)', () => {
    expect(previewOf(menu(), 'agua', 'local')).toBeNull();
    expect(previewOf(menu(), 'agua', 'app')?.product).toMatchObject({ descricao: 'Água', valor_venda: 450 });
    expect(previewOf(menu(), 'nao-existe', 'app')).toBeNull();
  });

  it('lists a product with variants as a parent priced at its cheapest variant', () => {
    const preview = previewOf(menu(), 'suco', 'app')!;
    expect(preview.product).toMatchObject({
      item_pai: true,
      item_filho: false,
      valor_venda: 890,
      tem_grupos: true,
    });
  });

  it('gives each variant offered on the channel as a child that takes what it leaves out from its product', () => {
    const ids = draftIds(menu());
    const preview = previewOf(menu(), 'suco', 'app', { ids })!;
    const parent = preview.full.get(ids.product('suco'))!;
    expect(parent.variantes.map((v) => v.descricao)).toEqual(['Copo 500 ml', 'Jarra 1 L']);
    expect(preview.full.has(ids.product('suco-300'))).toBe(false);
    const glass = preview.full.get(ids.product('suco-500'))!;
    expect(glass).toMatchObject({
      item_filho: true,
      cod_pai: ids.product('suco'),
      detalhes: 'Feito na hora.',
      url_imagem: '/media/s/p/suco-800w.webp',
      valor_venda: 1190,
    });
    expect(glass.grupos.map((group) => [group.grupo.descricao, group.min, group.max])).toEqual([
      ['Sabor', 1, 1],
    ]);
    const jug = preview.full.get(ids.product('suco-jarra'))!;
    expect(jug.detalhes).toBe('Para dois.');
    expect(jug.grupos.map((group) => [group.min, group.max])).toEqual([[1, 2]]);
  });

  it('carries groups with their policy, items with prices, order and the product they stand for', () => {
    const ids = draftIds(menu());
    const glass = previewOf(menu(), 'suco', 'app', { ids })!.full.get(ids.product('suco-500'))!;
    const [sabor] = glass.grupos;
    expect(sabor!.grupo).toMatchObject({ descricao: 'Sabor', politica_cobranca: 'Média', ordem: 0 });
    expect(
      sabor!.grupo.lista_itens.map((item) => [item.descricao, item.preco, item.ordem, item.fk_item]),
    ).toEqual([
      ['Laranja', 0, 0, null],
      ['Morango', 400, 1, ids.product('agua')],
    ]);
  });

  it('prices a sample choice with the domain as the dialog will', () => {
    const ids = draftIds(menu());
    const glass = previewOf(menu(), 'suco', 'app', { ids })!.full.get(ids.product('suco-500'))!;
    const [sabor] = glass.grupos;
    const picks = pickOnly(initialPicks(glass, 'app'), sabor!, ids.item('sabor', 'morango'));
    const built = buildCartLine(glass, picks, { channel: 'app' });
    expect(built.ok).toBe(true);
    if (built.ok) expect(linePricing(built.line).unitTotal).toBe(1190 + 400);
  });

  it('gives new, unsaved products ids of their own, one per row', () => {
    let draft = addVariant(menu(), 'agua', 'Com gás').menu;
    draft = attachGroup(draft, { product: 'agua' }, 'sabor');
    const ids = draftIds(draft);
    const all = ['agua', 'com-gas', 'suco', 'suco-500', 'suco-300', 'suco-jarra'].map(ids.product);
    expect(new Set(all).size).toBe(6);
    expect(all.every((id) => id > 0)).toBe(true);
  });
});
