import type { Category, Product } from '@comanda/contract';
import { memo } from 'react';
import { ExpandIcon } from '../../../components/icons.tsx';
import type { Translate } from '../../../lib/i18n.ts';
import type { PriceLabel } from '../model/product-price.ts';
import { categoryAnchor } from './category-bar.tsx';
import { ProductRow } from './product-row.tsx';

export interface CategoryAccordionProps {
  category: Category;
  products: Product[];
  prices: ReadonlyMap<number, PriceLabel>;
  expanded: boolean;
  onToggle: (categoryId: number) => void;
  onSelect: (product: Product) => void;
  t: Translate;
}

/** Memoised: the menu is drawn a few rows per task, and each step leaves the sections drawn before alone. */
export const CategoryAccordion = memo(function CategoryAccordion({
  category,
  products,
  prices,
  expanded,
  onToggle,
  onSelect,
  t,
}: CategoryAccordionProps) {
  const panelId = `category-${category.id}-products`;
  return (
    <div className="category" id={categoryAnchor(category.id)}>
      <h2 className="category-heading">
        <button
          type="button"
          className="category-toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => onToggle(category.id)}
        >
          <span className="category-name">{category.descricao}</span>
          <span className="category-count">{t('productCount', { count: products.length })}</span>
          <ExpandIcon className="category-chevron" />
        </button>
      </h2>
      <div id={panelId} hidden={!expanded}>
        {expanded ? (
          <>
            {category.detalhes ? <p className="category-details">{category.detalhes}</p> : null}
            <ul className="product-list">
              {products.map((product) => (
                <ProductRow
                  key={product.id}
                  product={product}
                  price={prices.get(product.id) ?? { kind: 'variable' }}
                  onSelect={onSelect}
                  t={t}
                />
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
});
