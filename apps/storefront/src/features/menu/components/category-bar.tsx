import type { Category } from '@comanda/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';

/** The id of a category's block in the menu, which the bar jumps to. */
export const categoryAnchor = (id: number) => `category-${id}`;

/**
 * The category whose block is under the sticky header: the last one whose top has reached the
 * header's bottom edge (the first one before any has). A jump names its category until the customer
 * scrolls: the last categories of a menu can reach the bottom of the page before the header.
 */
export function useCategoryInView(ids: readonly number[], header: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState<number | null>(ids[0] ?? null);
  const jumping = useRef(false);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const edge = (header.current?.getBoundingClientRect().bottom ?? 0) + 1;
      let current = ids[0] ?? null;
      for (const id of ids) {
        const block = document.getElementById(categoryAnchor(id));
        if (block && block.getBoundingClientRect().top <= edge) current = id;
      }
      setActive(current);
    };
    const onScroll = () => {
      // The scroll a jump makes keeps the jump's category.
      if (jumping.current) jumping.current = false;
      else if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    addEventListener('scroll', onScroll, { passive: true });
    return () => {
      removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [ids, header]);

  /** Scrolls the page so that the category's block starts right under the sticky header. */
  const jump = useCallback(
    (id: number) => {
      const block = document.getElementById(categoryAnchor(id));
      if (!block) return;
      // Where the header's bottom will be once stuck (at the page's top it has not stuck yet).
      const stuck = header.current
        ? Number.parseFloat(getComputedStyle(header.current).top) + header.current.offsetHeight
        : 0;
      const top = Math.max(0, block.getBoundingClientRect().top + scrollY - stuck);
      const reachable = Math.min(top, document.documentElement.scrollHeight - innerHeight);
      jumping.current = Math.round(reachable) !== Math.round(scrollY);
      scrollTo({ top });
      setActive(id);
    },
    [header],
  );
  return { active, jump };
}

/** The sticky row of categories under the search: follows the scroll, and a tap jumps to one. */
export function CategoryBar({
  categories,
  active,
  onPick,
  t,
}: {
  categories: readonly Category[];
  active: number | null;
  onPick: (id: number) => void;
  t: Translate;
}) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = list.current;
    const chip = row?.querySelector<HTMLElement>(`[data-category="${active}"]`);
    if (!row || !chip) return;
    // The current chip in the middle of the row, without moving the page.
    row.scrollLeft = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2;
  }, [active]);
  return (
    <nav className="category-bar" aria-label={t('categoriesNav')}>
      <div className="category-bar-list" ref={list}>
        {categories.map((category) => (
          // A link to the category's block: it opens a closed category before the jump.
          <a
            key={category.id}
            href={`#${categoryAnchor(category.id)}`}
            className="category-chip"
            data-category={category.id}
            aria-current={category.id === active ? 'true' : undefined}
            onClick={(event) => {
              event.preventDefault();
              onPick(category.id);
            }}
          >
            {category.descricao}
          </a>
        ))}
      </div>
    </nav>
  );
}
