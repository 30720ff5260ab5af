import type { Category, Product } from '@comanda/contract';
import {
  type CheckoutQuote,
  formatBRL,
  type IdenticalLines,
  isVariablePrice,
  lowestVariantPrice,
  matchesSearch,
} from '@comanda/domain';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import type { PdvT } from './pdv-texts.ts';

/*
 * The counter's menu (search, categories, products with their prices, sold out) and an order's
 * totals as the checkout quote gives them: 'Novo pedido' and the edit of an order show the same.
 */

/** The quote's totals: products, delivery, each discount, the total. */
/** A cart line as the counter lists it: how many, the product, its choices and its note. */
export function CartLineText({ group, children }: { group: IdenticalLines; children?: ReactNode }) {
  const choices = group.line.groups.flatMap((g) => g.added.map((item) => item.descricao)).join(', ');
  return (
    <span className="pdv-line-text">
      <strong>
        {group.quantity}× {group.line.descricao_produto}
      </strong>
      {choices ? <span className="staff-muted">{choices}</span> : null}
      {group.line.observacao ? <span className="staff-muted">“{group.line.observacao}”</span> : null}
      {children}
    </span>
  );
}

export function Totals({ t, totals }: { t: PdvT; totals: CheckoutQuote['totals'] }) {
  const rows: [string, number][] = [[t('subtotal'), totals.subtotal]];
  if (totals.deliveryFee > 0) rows.push([t('deliveryFee'), totals.deliveryFee]);
  if (totals.couponDiscount > 0) rows.push([t('couponDiscount'), -totals.couponDiscount]);
  if (totals.loyaltyDiscount > 0) rows.push([t('loyaltyDiscount'), -totals.loyaltyDiscount]);
  return (
    <dl className="pdv-totals">
      {rows.map(([label, amount]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{amount < 0 ? `− ${formatBRL(-amount)}` : formatBRL(amount)}</dd>
        </div>
      ))}
      <div className="pdv-total">
        <dt>{t('total')}</dt>
        <dd>{formatBRL(totals.total)}</dd>
      </div>
    </dl>
  );
}

export function MenuPicker({
  t,
  categories,
  products,
  query,
  onQuery,
  onPick,
}: {
  t: PdvT;
  categories: readonly Category[];
  products: readonly Product[];
  query: string;
  onQuery: (query: string) => void;
  onPick: (product: Product) => void;
}) {
  const sections = useMemo(() => {
    const shown = products.filter(
      (product) => !product.item_filho && (query.trim() === '' || matchesSearch(product.descricao, query)),
    );
    return [...categories]
      .sort((a, b) => a.ordem - b.ordem || a.id - b.id)
      .map((category) => ({
        category,
        products: shown
          .filter((product) => product.categoria_id === category.id)
          .sort((a, b) => a.ordem - b.ordem || a.id - b.id),
      }))
      .filter((section) => section.products.length > 0);
  }, [categories, products, query]);
  const pickFirst = (event: FormEvent) => {
    event.preventDefault();
    const first = sections[0]?.products.find((product) => !product.esgotado);
    if (first) onPick(first);
  };
  return (
    <>
      <form className="pdv-search" onSubmit={pickFirst}>
        <label className="staff-field">
          <span>{t('search')}</span>
          <input type="search" value={query} onChange={(event) => onQuery(event.target.value)} />
        </label>
      </form>
      {sections.map(({ category, products: list }) => (
        <section key={category.id} className="pdv-category">
          <h2 className="pdv-heading">{category.descricao}</h2>
          <div className="pdv-products">
            {list.map((product) => {
              const from = product.item_pai ? lowestVariantPrice(product, products) : null;
              return (
                <button
                  key={product.id}
                  type="button"
                  className="pdv-product"
                  disabled={product.esgotado === true}
                  onClick={() => onPick(product)}
                >
                  <span className="pdv-product-name">{product.descricao}</span>
                  <span className="pdv-product-price">
                    {product.esgotado
                      ? t('soldOut')
                      : from !== null
                        ? t('from', { price: formatBRL(from) })
                        : product.item_pai || isVariablePrice(product)
                          ? t('variable')
                          : formatBRL(product.valor_venda)}
                  </span>
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </>
  );
}
