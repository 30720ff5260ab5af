import type { FullProduct } from '@comanda/contract';
import type { Cart, Channel } from '@comanda/domain';
import { useEffect, useMemo } from 'react';
import { ApiError, apiGet } from './api-client.ts';
import { checkLine, type FullProductResult, type LineCheck, needsFullProduct } from './cart-availability.ts';
import { useData } from './data-cache.tsx';
import { CART_FULL_PRODUCTS_KEY, FULL_PRODUCT_OPTIONS, fullProductPath } from './full-product.ts';
import { useProducts } from './start-data.ts';

type FullProductsKey = readonly [typeof CART_FULL_PRODUCTS_KEY, Channel, ...number[]];

async function fetchFullProducts([, channel, ...ids]: FullProductsKey): Promise<
  Map<number, FullProductResult>
> {
  const entries = await Promise.all(
    ids.map(async (id): Promise<[number, FullProductResult]> => {
      try {
        return [id, await apiGet<FullProduct>(fullProductPath(id, channel))];
      } catch (error) {
        return [id, error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'];
      }
    }),
  );
  return new Map(entries);
}

/**
 * On opening the cart, every line is compared with the current product list (refetched now) and,
 * when its options need it, with its full product. The result per equality number.
 */
export function useCartAvailability(cart: Cart, channel: Channel): Map<number, LineCheck> {
  const { data: products, error: productsError, mutate: refetchProducts } = useProducts();

  const hasLines = cart.length > 0;
  useEffect(() => {
    if (hasLines) void refetchProducts();
  }, [hasLines, refetchProducts]);

  const ids = useMemo(() => {
    const set = new Set<number>();
    for (const line of cart) {
      const listed = products?.find((product) => product.id === line.produto);
      if (needsFullProduct(line, listed)) set.add(line.produto);
    }
    return [...set].sort((a, b) => a - b);
  }, [cart, products]);

  const key: FullProductsKey | null = ids.length > 0 ? [CART_FULL_PRODUCTS_KEY, channel, ...ids] : null;
  const { data: fulls } = useData(key, fetchFullProducts, {
    ...FULL_PRODUCT_OPTIONS,
    keepPreviousData: true,
  });

  return useMemo(() => {
    const checks = new Map<number, LineCheck>();
    for (const line of cart) {
      if (checks.has(line.equality_seq)) continue;
      checks.set(
        line.equality_seq,
        checkLine(line, {
          products,
          productsFailed: productsError !== undefined && products === undefined,
          full: fulls?.get(line.produto),
          channel,
        }),
      );
    }
    return checks;
  }, [cart, products, productsError, fulls, channel]);
}
