import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useEditor } from '../editor-context.tsx';
import { IssuesContext } from '../fields.tsx';
import { SectionForm, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import { CategoriesScreen, CategoryScreen } from './category-screens.tsx';
import { GroupScreen, GroupsScreen } from './group-screens.tsx';
import { MenuEditorContext, type MenuEditorValue } from './menu-editor-context.ts';
import {
  findCategory,
  findGroup,
  findProduct,
  type Menu,
  type MenuPlace,
  placeOfPath,
} from './menu-model.ts';
import { useMenuT } from './menu-texts.ts';
import { ProductScreen } from './product-screen.tsx';
import './menu.css';

/**
 * The 'Cardápio' tab (issue 17): the store's categories, products, variants and option groups as
 * one draft of the section `menu`, edited over several phone screens and saved at once with
 * 'Salvar'. A refused save opens the screen of its first problem, the field marked.
 */
export default function MenuScreen({ onDirty }: SectionProps) {
  const t = useMenuT();
  const { canEdit, reply } = useEditor();
  const { draft, update, form } = useSectionForm('menu', onDirty);
  const srcsets = useRef(new Map<string, string | null>());
  const menu = useMemo<Menu>(
    () => ({ categories: draft.categories, option_groups: draft.option_groups }),
    [draft.categories, draft.option_groups],
  );
  const change = useCallback(
    (edit: (menu: Menu) => Menu) =>
      update((document) => {
        const next = edit({ categories: document.categories, option_groups: document.option_groups });
        return { ...document, categories: next.categories, option_groups: next.option_groups };
      }),
    [update],
  );
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')} screenDisablesFields>
      <MenuScreens
        menu={menu}
        change={change}
        canEdit={canEdit}
        srcsets={srcsets.current}
        settings={reply.document.settings}
      />
    </SectionForm>
  );
}

const exists = (menu: Menu, place: MenuPlace) =>
  place.kind === 'category'
    ? findCategory(menu, place.ref) !== null
    : place.kind === 'product'
      ? findProduct(menu, place.ref) !== null
      : place.kind === 'group'
        ? findGroup(menu, place.ref) !== null
        : true;

/**
 * The screens to show: those of things that are gone (removed, or a discarded draft's new ones)
 * are skipped, and a product moved to another category goes back to that one.
 */
function visibleStack(menu: Menu, stack: readonly MenuPlace[]): MenuPlace[] {
  const shown = stack.filter((place) => exists(menu, place));
  return shown.map((place, index) => {
    const next = shown[index + 1];
    if (place.kind !== 'category' || next?.kind !== 'product') return place;
    const found = findProduct(menu, next.ref);
    const category = found ? menu.categories[found.category] : undefined;
    return category && category.ref !== place.ref ? { kind: 'category', ref: category.ref } : place;
  });
}

/** The screens from the list down to a place: back goes up one at a time. */
function stackTo(menu: Menu, place: MenuPlace): MenuPlace[] {
  switch (place.kind) {
    case 'categories':
    case 'groups':
      return [place];
    case 'category':
      return [{ kind: 'categories' }, place];
    case 'product': {
      const found = findProduct(menu, place.ref);
      const category = found ? menu.categories[found.category] : undefined;
      return category
        ? [{ kind: 'categories' }, { kind: 'category', ref: category.ref }, place]
        : [{ kind: 'categories' }];
    }
    case 'group':
      return [{ kind: 'groups' }, place];
  }
}

function MenuScreens({
  menu,
  change,
  canEdit,
  srcsets,
  settings,
}: {
  menu: Menu;
  change: MenuEditorValue['change'];
  canEdit: boolean;
  srcsets: Map<string, string | null>;
  settings: MenuEditorValue['settings'];
}) {
  const t = useMenuT();
  const issues = useContext(IssuesContext);
  const [stack, setStack] = useState<MenuPlace[]>([{ kind: 'categories' }]);
  const [showIssue, setShowIssue] = useState(0);
  const screenRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef(menu);
  menuRef.current = menu;

  const shown = visibleStack(menu, stack);
  const place = shown.at(-1) ?? { kind: 'categories' };
  const root = shown[0]?.kind === 'groups' ? 'groups' : 'categories';

  const open = useCallback((next: MenuPlace) => {
    setStack((current) => [...visibleStack(menuRef.current, current), next]);
    window.scrollTo?.({ top: 0 });
  }, []);
  const back = useCallback(() => {
    setStack((current) => {
      const valid = visibleStack(menuRef.current, current);
      return valid.length > 1 ? valid.slice(0, -1) : valid;
    });
  }, []);

  // A refused save: the first problem's screen opens and its field comes into view.
  useEffect(() => {
    const first = issues
      .map((issue) => placeOfPath(menuRef.current, issue.field))
      .find((found) => found !== null);
    if (!first) return;
    setStack(stackTo(menuRef.current, first));
    setShowIssue((count) => count + 1);
  }, [issues]);
  useEffect(() => {
    if (showIssue === 0) return;
    const field = screenRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] input',
    );
    const target = field ?? screenRef.current?.querySelector<HTMLElement>('.editor-issue, .menu-issue-mark');
    target?.scrollIntoView?.({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [showIssue]);

  const value = useMemo<MenuEditorValue>(
    () => ({
      menu,
      change,
      canEdit,
      open,
      back,
      issueFields: issues.map((issue) => issue.field),
      srcsetOf: (url) => (url ? (srcsets.get(url) ?? null) : null),
      rememberSrcset: (url, srcset) => srcsets.set(url, srcset),
      settings,
    }),
    [menu, change, canEdit, open, back, issues, srcsets, settings],
  );

  const parent = shown.at(-2);
  return (
    <MenuEditorContext.Provider value={value}>
      <nav className="menu-tabs" aria-label={t('title')}>
        <button
          type="button"
          aria-pressed={root === 'categories'}
          onClick={() => setStack([{ kind: 'categories' }])}
        >
          {t('categoriesTab')}
        </button>
        <button type="button" aria-pressed={root === 'groups'} onClick={() => setStack([{ kind: 'groups' }])}>
          {t('groupsTab')}
        </button>
      </nav>
      {parent ? (
        <button type="button" className="button button-secondary button-small menu-back" onClick={back}>
          ‹ {placeTitle(menu, parent, t)}
        </button>
      ) : null}
      <div className="menu-screen" ref={screenRef}>
        {place.kind === 'categories' ? (
          <CategoriesScreen />
        ) : place.kind === 'category' ? (
          <CategoryScreen key={place.ref} categoryRef={place.ref} />
        ) : place.kind === 'product' ? (
          <ProductScreen key={place.ref} productRef={place.ref} />
        ) : place.kind === 'groups' ? (
          <GroupsScreen />
        ) : (
          <GroupScreen key={place.ref} groupRef={place.ref} />
        )}
      </div>
    </MenuEditorContext.Provider>
  );
}

function placeTitle(menu: Menu, place: MenuPlace, t: ReturnType<typeof useMenuT>): string {
  switch (place.kind) {
    case 'categories':
      return t('categoriesTab');
    case 'groups':
      return t('groupsTab');
    case 'category':
      return findCategory(menu, place.ref)?.category.descricao || t('categoriesTab');
    case 'product':
      return findProduct(menu, place.ref)?.product.descricao || t('categoriesTab');
    case 'group':
      return findGroup(menu, place.ref)?.group.descricao || t('groupsTab');
  }
}
