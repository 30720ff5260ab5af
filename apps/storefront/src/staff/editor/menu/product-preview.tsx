import {
  type CartLineDraft,
  type Channel,
  linePricing,
  lineQuantityCap,
  MAX_CART_LINES,
  type OrderedItem,
} from '@comanda/domain';
import { useMemo } from 'react';
import { DataCache, DataConfig } from '../../../lib/data-cache.tsx';
import { fullProductPath } from '../../../lib/full-product.ts';
import { ProductDialog } from '../../../shared/product-dialog/product-dialog.tsx';
import { useMenuEditor } from './menu-editor-context.ts';
import { type MenuT, useMenuT } from './menu-texts.ts';
import { previewOf } from './preview-product.ts';
import '../../../shared/product-dialog/product-dialog.css';

/** What the customer would pay for the choice made in the preview, in words. */
export interface Sample {
  price: number;
  text: string;
}

const units = (item: OrderedItem) => {
  const count = Math.abs(item.quantidade_pedida - item.quantidade_padrao);
  return count > 1 ? `${count}× ${item.descricao}` : item.descricao;
};

/** '1× Burger Clássico · Ponto da carne: Ao ponto; Ingredientes: sem Cebola, + Queijo prata' */
export function sampleText(line: CartLineDraft, times: number, productName: string, t: MenuT): string {
  // A variant named after its product ('Pizza Calabresa Grande') says it all; 'Grande' alone does not.
  const name = line.descricao_produto.includes(productName)
    ? line.descricao_produto
    : `${productName} (${line.descricao_produto})`;
  const choices = line.groups
    .map((group) =>
      [
        // An extra unit of what comes with the product is '+'; anything else picked is just named.
        ...group.added.map((item) => (item.quantidade_padrao > 0 ? `+ ${units(item)}` : units(item))),
        ...group.removed.map((item) => t('without', { item: units(item) })),
      ].join(', '),
    )
    .map((words, index) => (words ? `${line.groups[index]!.grupo_descricao}: ${words}` : ''))
    .filter(Boolean);
  return `${times}× ${name}${choices.length > 0 ? ` · ${choices.join('; ')}` : ''}`;
}

/**
 * The customer's own product dialog on the draft's product, before it is saved: its full products
 * come from the draft through the data cache's fallback (requests paused, a cache of its own), so nothing is
 * fetched and no real cart is touched. 'Inserir' tells what the customer would pay instead.
 */
export default function ProductPreview({
  productRef,
  channel,
  onSample,
  onClose,
}: {
  productRef: string;
  channel: Channel;
  onSample: (sample: Sample) => void;
  onClose: () => void;
}) {
  const t = useMenuT();
  const { menu, srcsetOf, settings } = useMenuEditor();
  const preview = useMemo(
    () => previewOf(menu, productRef, channel, { srcsetOf }),
    [menu, productRef, channel, srcsetOf],
  );
  const swr = useMemo(
    () => ({
      provider: () => new DataCache(),
      fallback: Object.fromEntries(
        [...(preview?.full.values() ?? [])].map((full) => [fullProductPath(full.id, channel), full]),
      ),
      isPaused: () => true,
    }),
    [preview, channel],
  );
  if (!preview) return null;
  const limits = { maxLineQuantity: settings.qtd_maxima_item, maxOrderTotal: settings.valor_maximo_pedido };
  return (
    <DataConfig value={swr}>
      <ProductDialog
        product={preview.product}
        channel={channel}
        hideNotes={channel === 'local' && settings.self_checkout_require_imply_pay}
        cartRoom={MAX_CART_LINES}
        itemRoom={() => lineQuantityCap(limits)}
        itemCap={lineQuantityCap(limits)}
        notice={
          <p className="menu-preview-notice" role="note">
            {t(channel === 'local' ? 'previewNoticeTable' : 'previewNotice')}
          </p>
        }
        onInsert={(line, times) => {
          const price = linePricing(line).unitTotal * times;
          onSample({ price, text: sampleText(line, times, preview.product.descricao, t) });
        }}
        onClose={onClose}
      />
    </DataConfig>
  );
}
