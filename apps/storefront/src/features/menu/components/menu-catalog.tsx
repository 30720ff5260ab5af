import type { Category, Product } from '@comanda/contract';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n.ts';
import { selectProduct } from '../../../lib/selected-product.ts';
import {
  initiallyOpen,
  isExpanded,
  isSearching,
  menuSections,
  sectionsWithinRows,
} from '../model/menu-sections.ts';
import { type PriceLabel, priceLabel } from '../model/product-price.ts';
import { CategoryAccordion } from './category-accordion.tsx';
import { CategoryBar, useCategoryInView } from './category-bar.tsx';
import { MenuSearch } from './menu-search.tsx';

/** Product rows of the catalog's first render: a 390x844 phone shows three under the header. */
const FIRST_FRAME_ROWS = 4;
/** Product rows each next task adds until the menu is whole. */
const ROWS_PER_TASK = 3;

/** The sticky search and category bar, and the categories as accordions. */
export function MenuCatalog({ categories, products }: { categories: Category[]; products: Product[] }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searching = isSearching(deferredQuery);
  const [open, setOpen] = useState(() => initiallyOpen(categories));
  const [collapsedInSearch, setCollapsedInSearch] = useState<ReadonlySet<number>>(() => new Set());
  // Product rows drawn so far: the first render's fill a phone's screen, each next task adds a few.
  const [rows, setRows] = useState(FIRST_FRAME_ROWS);

  const sections = useMemo(
    () => menuSections(categories, products, deferredQuery),
    [categories, products, deferredQuery],
  );
  const prices = useMemo(() => {
    const map = new Map<number, PriceLabel>();
    for (const product of products)
      if (!product.item_filho) map.set(product.id, priceLabel(product, products));
    return map;
  }, [products]);

  const onQuery = (value: string) => {
    setQuery(value);
    setCollapsedInSearch(new Set());
  };

  const onToggle = useCallback(
    (id: number) => {
      const flip = (set: ReadonlySet<number>) => {
        const next = new Set(set);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      };
      if (searching) setCollapsedInSearch(flip);
      else setOpen(flip);
    },
    [searching],
  );

  const onSelect = useCallback(
    (product: Product) => {
      selectProduct(product);
      navigate('/product');
    },
    [navigate],
  );

  const found = sections.reduce((sum, section) => sum + section.products.length, 0);

  const sticky = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => sections.map((section) => section.category.id), [sections]);
  const { active: inView, jump } = useCategoryInView(ids, sticky);
  const [jumpTo, setJumpTo] = useState<number | null>(null);
  const onPick = (id: number) => {
    setRows(Number.POSITIVE_INFINITY);
    if (!open.has(id)) setOpen((set) => new Set(set).add(id));
    setJumpTo(id);
  };
  // After the picked category has opened (rendered), its block starts under the sticky header.
  useEffect(() => {
    if (jumpTo === null) return;
    jump(jumpTo);
    setJumpTo(null);
  }, [jumpTo, jump]);
  const showBar = !searching && sections.length > 1;

  const drawing =
    searching || rows === Number.POSITIVE_INFINITY ? null : sectionsWithinRows(sections, open, rows);
  const complete = drawing === null || drawing.complete;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step drawn schedules the next
  useEffect(() => {
    const timer = setTimeout(() =>
      setRows((drawn) => (complete ? Number.POSITIVE_INFINITY : drawn + ROWS_PER_TASK)),
    );
    return () => clearTimeout(timer);
  }, [complete, rows]);
  const drawn = drawing?.sections ?? sections;

  return (
    <div className="menu-catalog">
      <div className="menu-sticky" ref={sticky}>
        <MenuSearch value={query} onChange={onQuery} t={t} />
        {showBar ? (
          <CategoryBar
            categories={sections.map((section) => section.category)}
            active={inView}
            onPick={onPick}
            t={t}
          />
        ) : null}
      </div>
      <p className="sr-only" role="status">
        {searching ? t('searchResults', { count: found }) : ''}
      </p>
      {sections.length === 0 ? (
        <p className="menu-empty">
          {searching ? t('noResults', { query: deferredQuery.trim() }) : t('emptyMenu')}
        </p>
      ) : (
        drawn.map((section) => (
          <CategoryAccordion
            key={section.category.id}
            category={section.category}
            products={section.products}
            prices={prices}
            expanded={isExpanded(section.category.id, { searching, open, collapsedInSearch })}
            onToggle={onToggle}
            onSelect={onSelect}
            t={t}
          />
        ))
      )}
    </div>
  );
}
