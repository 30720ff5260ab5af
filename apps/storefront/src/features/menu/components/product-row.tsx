import type { Product } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { memo } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import type { PriceLabel } from '../model/product-price.ts';

export const PRODUCT_IMAGE_SIZE = 88;

function PriceText({ label, t }: { label: PriceLabel; t: Translate }) {
  if (label.kind === 'variable') return <span className="product-price">{t('variablePrice')}</span>;
  if (label.kind === 'from') {
    return (
      <span className="product-price">
        <span className="product-price-from">{t('priceFrom')}</span> {formatBRL(label.amount)}
      </span>
    );
  }
  return <span className="product-price">{formatBRL(label.amount)}</span>;
}

export interface ProductRowProps {
  product: Product;
  price: PriceLabel;
  onSelect: (product: Product) => void;
  t: Translate;
}

export const ProductRow = memo(function ProductRow({ product, price, onSelect, t }: ProductRowProps) {
  const thumbnail = product.url_miniatura !== null;
  const image = product.url_miniatura ?? product.url_imagem;
  const srcSet = (thumbnail ? product.srcset_miniatura : product.srcset_imagem) ?? undefined;
  return (
    <li className={product.esgotado ? 'product-item product-sold-out' : 'product-item'}>
      <button type="button" className="product-row" onClick={() => onSelect(product)}>
        <span className="product-text">
          <span className="product-name">{product.descricao}</span>
          {product.detalhes ? <span className="product-details">{product.detalhes}</span> : null}
          <PriceText label={price} t={t} />
          {product.esgotado ? <span className="sold-out-chip">{t('soldOut')}</span> : null}
        </span>
        {image ? (
          <img
            className="product-image"
            src={image}
            srcSet={srcSet}
            sizes={srcSet ? `${PRODUCT_IMAGE_SIZE}px` : undefined}
            alt=""
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </button>
    </li>
  );
});
