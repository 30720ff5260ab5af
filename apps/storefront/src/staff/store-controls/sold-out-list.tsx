import type { MenuAvailabilityReply, SoldOutReply } from '@comanda/contract';
import { matchesSearch } from '@comanda/domain';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { featureTranslator } from '../../lib/i18n.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { isNetworkFailure } from '../lib/staff-errors.ts';
import './sold-out-list.css';

const ptBr = {
  title: 'Esgotados',
  hint: 'Marque o que acabou: some do pedido na hora. Uma opção vale para todos os grupos que a têm.',
  search: 'Buscar produto ou opção',
  clear: 'Limpar a busca',
  products: 'Produtos',
  options: 'Opções',
  soldOut: 'Esgotado',
  available: 'Disponível',
  switchLabel: 'Esgotado: {name}',
  soldOutCount: '{count} esgotados',
  soldOutCount_one: '{count} esgotado',
  usedIn: 'Em {products}',
  usedInMore: 'Em {products} e mais {count}',
  usedInNone: 'Em nenhum produto à venda',
  copies: 'em {count} grupos',
  nothingFound: 'Nada encontrado para “{query}”.',
  loading: 'Carregando…',
  failed: 'Não foi possível: {detail}',
  networkFailed: 'Sem conexão com o servidor: nada foi alterado. Tente de novo.',
};

const en: Partial<Record<keyof typeof ptBr, string>> = {
  title: 'Sold out',
  hint: 'Mark what ran out: it leaves the menu at once. An option counts for every group that has it.',
  search: 'Search a product or option',
  clear: 'Clear the search',
  products: 'Products',
  options: 'Options',
  soldOut: 'Sold out',
  available: 'Available',
  switchLabel: 'Sold out: {name}',
  soldOutCount: '{count} sold out',
  usedIn: 'In {products}',
  usedInMore: 'In {products} and {count} more',
  usedInNone: 'In no product on sale',
  copies: 'in {count} groups',
  nothingFound: 'Nothing found for “{query}”.',
  loading: 'Loading…',
  failed: 'Could not: {detail}',
  networkFailed: 'Could not reach the server: nothing changed. Try again.',
};

const useSoldOutT = featureTranslator({ pt_br: ptBr, en });
type SoldOutT = ReturnType<typeof useSoldOutT>;

/** Products named under an option list before "and N more". */
const PRODUCTS_NAMED = 3;

type Kind = 'products' | 'option-items';

interface Row {
  id: number;
  descricao: string;
  esgotado: boolean;
  /** Option items: how many groups hold a copy (one switch for all). */
  copies?: number;
}

interface Block {
  key: string;
  kind: Kind;
  title: string;
  subtitle: string | null;
  rows: Row[];
}

function withSoldOut(menu: MenuAvailabilityReply, kind: Kind, id: number, esgotado: boolean) {
  if (kind === 'products') {
    const flip = <T extends Row>(entry: T) => (entry.id === id ? { ...entry, esgotado } : entry);
    return { ...menu, categories: menu.categories.map((c) => ({ ...c, products: c.products.map(flip) })) };
  }
  return {
    ...menu,
    option_lists: menu.option_lists.map((list) => ({
      ...list,
      items: list.items.map((item) => (item.ids.includes(id) ? { ...item, esgotado } : item)),
    })),
  };
}

function usedIn(products: string[], t: SoldOutT): string {
  if (products.length === 0) return t('usedInNone');
  const named = products.slice(0, PRODUCTS_NAMED).join(', ');
  return products.length > PRODUCTS_NAMED
    ? t('usedInMore', { products: named, count: products.length - PRODUCTS_NAMED })
    : t('usedIn', { products: named });
}

/** The blocks as the screen lists them, only the rows matching the search (all without one). */
export function soldOutBlocks(menu: MenuAvailabilityReply, query: string, t: SoldOutT): Block[] {
  const searching = query.trim() !== '';
  const blocks: Block[] = [];
  for (const category of menu.categories) {
    // A category's own name finds all its products; otherwise the products' names.
    const whole = searching && matchesSearch(category.descricao, query);
    const rows = category.products.filter((p) => !searching || whole || matchesSearch(p.descricao, query));
    if (rows.length > 0)
      blocks.push({
        key: `c${category.id}`,
        kind: 'products',
        title: category.descricao,
        subtitle: null,
        rows,
      });
  }
  for (const list of menu.option_lists) {
    const title = list.groups.join(' · ');
    // By the groups' or the items' names; not by the products, or a pizza's name would list every border.
    const whole = searching && matchesSearch(title, query);
    const rows = list.items
      .filter((item) => !searching || whole || matchesSearch(item.descricao, query))
      .map((item) => ({
        id: item.id,
        descricao: item.descricao,
        esgotado: item.esgotado,
        copies: item.ids.length,
      }));
    if (rows.length > 0)
      blocks.push({
        key: `g${list.key}`,
        kind: 'option-items',
        title,
        subtitle: usedIn(list.products, t),
        rows,
      });
  }
  return blocks;
}

/**
 * The sold-out switches a service uses on a phone (docs/decisions/0051): a search that stays in
 * reach, the menu's categories and option lists folded to one line each (opened by a tap, or by
 * a search that finds something in them), and one switch per option item whatever the number of
 * groups holding it.
 */
export function SoldOutList() {
  const t = useSoldOutT();
  const [menu, setMenu] = useState<MenuAvailabilityReply | null>(null);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const searchRef = useRef<HTMLDivElement>(null);

  /** A failed call in the server's words, or in ours when there was no network: never the browser's. */
  const failure = (caught: unknown) =>
    isNetworkFailure(caught)
      ? t('networkFailed')
      : t('failed', { detail: caught instanceof StaffApiError ? caught.detail : String(caught) });

  const reload = () =>
    staffFetch<MenuAvailabilityReply>('/staff/menu/availability').then(setMenu, (caught) =>
      setError(failure(caught)),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the screen opens
  useEffect(() => {
    void reload();
  }, []);

  // The search sticks under the app's own sticky top bar, whatever its height on this screen.
  useLayoutEffect(() => {
    const bar = document.querySelector<HTMLElement>('.staff-topbar');
    const search = searchRef.current;
    if (!bar || !search || typeof ResizeObserver === 'undefined') return;
    const place = () => {
      search.style.top = `${bar.getBoundingClientRect().height}px`;
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  const soldOut = async (kind: Kind, id: number, value: boolean) => {
    setError(null);
    // The switch moves at once; a refusal puts the list back as the server has it.
    setMenu((current) => current && withSoldOut(current, kind, id, value));
    try {
      await staffFetch<SoldOutReply>(`/staff/menu/${kind}/${id}/sold-out`, {
        method: 'PUT',
        json: { sold_out: value },
      });
    } catch (caught) {
      setError(failure(caught));
      void reload();
    }
  };

  const searching = query.trim() !== '';
  const blocks = menu ? soldOutBlocks(menu, query, t) : [];
  const toggle = (key: string, open: boolean) =>
    setOpened((current) => {
      if (current.has(key) === open) return current;
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  const render = (block: Block): ReactNode => {
    const out = block.rows.filter((row) => row.esgotado).length;
    return (
      <details
        key={block.key}
        className="soldout-block"
        open={searching || opened.has(block.key)}
        onToggle={(event) => {
          if (!searching) toggle(block.key, event.currentTarget.open);
        }}
      >
        <summary>
          <span className="soldout-block-title">
            <strong>{block.title}</strong>
            {block.subtitle ? <small>{block.subtitle}</small> : null}
          </span>
          {out > 0 ? <span className="soldout-count">{t('soldOutCount', { count: out })}</span> : null}
        </summary>
        <ul className="soldout-rows">
          {block.rows.map((row) => (
            <li key={row.id}>
              <label className="soldout-row" data-sold-out={row.esgotado || undefined}>
                <span className="soldout-name">
                  {row.descricao}
                  {row.copies && row.copies > 1 ? <small>{t('copies', { count: row.copies })}</small> : null}
                </span>
                <span className="soldout-state">{row.esgotado ? t('soldOut') : t('available')}</span>
                <input
                  type="checkbox"
                  checked={row.esgotado}
                  aria-label={t('switchLabel', { name: row.descricao })}
                  onChange={(event) => void soldOut(block.kind, row.id, event.target.checked)}
                />
              </label>
            </li>
          ))}
        </ul>
      </details>
    );
  };

  const productBlocks = blocks.filter((block) => block.kind === 'products');
  const optionBlocks = blocks.filter((block) => block.kind === 'option-items');
  return (
    <section className="staff-card soldout" aria-labelledby="staff-soldout-title">
      <h2 id="staff-soldout-title">{t('title')}</h2>
      <p className="staff-muted">{t('hint')}</p>
      <div className="soldout-search" ref={searchRef}>
        <input
          type="search"
          value={query}
          placeholder={t('search')}
          aria-label={t('search')}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => {
            // On a phone the list is below the store's other controls: bring the search to the top,
            // where it stays while the results scroll under it.
            const search = searchRef.current;
            if (!search) return;
            const top = search.getBoundingClientRect().top - Number.parseFloat(search.style.top || '0');
            if (top > 1) window.scrollBy({ top, behavior: 'smooth' });
          }}
        />
        {query ? (
          <button
            type="button"
            className="soldout-clear"
            aria-label={t('clear')}
            onClick={() => setQuery('')}
          >
            ×
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {!menu && !error ? <p className="staff-muted">{t('loading')}</p> : null}
      {menu && searching && blocks.length === 0 ? (
        <p className="staff-muted" role="status">
          {t('nothingFound', { query: query.trim() })}
        </p>
      ) : null}
      {productBlocks.length > 0 ? (
        <section className="soldout-part" aria-labelledby="soldout-products">
          <h3 id="soldout-products">{t('products')}</h3>
          {productBlocks.map(render)}
        </section>
      ) : null}
      {optionBlocks.length > 0 ? (
        <section className="soldout-part" aria-labelledby="soldout-options">
          <h3 id="soldout-options">{t('options')}</h3>
          {optionBlocks.map(render)}
        </section>
      ) : null}
    </section>
  );
}
