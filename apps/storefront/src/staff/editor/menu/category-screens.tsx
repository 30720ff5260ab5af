import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../shared/confirm-dialog.tsx';
import { TextField, Toggle } from '../fields.tsx';
import { useMenuEditor } from './menu-editor-context.ts';
import {
  addCategory,
  addProduct,
  findCategory,
  itemsLinkedTo,
  moveCategory,
  moveProduct,
  removeCategory,
  updateCategory,
  updateProduct,
} from './menu-model.ts';
import { AddByName, Editable, IssueMark, priceText, RemoveButton } from './menu-parts.tsx';
import { useMenuT } from './menu-texts.ts';
import { ReorderList } from './reorder-list.tsx';

/** The menu's categories in order: each opens its products; open by default or not. */
export function CategoriesScreen() {
  const t = useMenuT();
  const headingId = useId();
  const { menu, change, canEdit, open } = useMenuEditor();
  return (
    <section className="menu-block" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('categoriesHeading')}</h3>
      <p className="editor-hint">{t('categoriesHint')}</p>
      {menu.categories.length === 0 ? <p className="menu-empty">{t('noCategories')}</p> : null}
      <ReorderList
        items={menu.categories}
        keyOf={(category) => category.ref}
        nameOf={(category) => category.descricao}
        canEdit={canEdit}
        label={t('categoriesHeading')}
        onMove={(from, to) => change((current) => moveCategory(current, from, to))}
        renderRow={(category, index) => (
          <div className="menu-row">
            <button
              type="button"
              className="menu-open"
              onClick={() => open({ kind: 'category', ref: category.ref })}
            >
              <span className="menu-row-name">{category.descricao}</span>
              <span className="menu-row-meta">
                {t('productCount', {
                  count: category.products.length,
                })}
              </span>
              <IssueMark path={`categories.${index}`} />
            </button>
            <Editable>
              <Toggle
                label={t('openByDefault')}
                path={`categories.${index}.aberto`}
                checked={category.aberto}
                onChange={(aberto) => change((current) => updateCategory(current, category.ref, { aberto }))}
              />
            </Editable>
          </div>
        )}
      />
      <AddByName
        label={t('newCategory')}
        button={t('add')}
        maxLength={80}
        onAdd={(name) => {
          const added = addCategory(menu, name);
          change(() => added.menu);
          open({ kind: 'category', ref: added.ref });
        }}
      />
    </section>
  );
}

/** A category's name and details, and its products in order with their app and table switches. */
export function CategoryScreen({ categoryRef }: { categoryRef: string }) {
  const t = useMenuT();
  const headingId = useId();
  const { menu, change, canEdit, open, back } = useMenuEditor();
  const [removing, setRemoving] = useState(false);
  const found = findCategory(menu, categoryRef);
  if (!found) return null;
  const { index, category } = found;
  const at = `categories.${index}`;
  const linked = itemsLinkedTo(
    menu,
    category.products.flatMap((product) => [product.ref, ...product.variants.map((variant) => variant.ref)]),
  );
  return (
    <section className="menu-block" aria-labelledby={headingId}>
      <h3 id={headingId}>{category.descricao || t('unnamed')}</h3>
      <p className="editor-hint">{t('productsHint')}</p>
      {category.products.length === 0 ? <p className="menu-empty">{t('noProducts')}</p> : null}
      <ReorderList
        items={category.products}
        keyOf={(product) => product.ref}
        nameOf={(product) => product.descricao}
        canEdit={canEdit}
        label={t('productsOf', { category: category.descricao })}
        onMove={(from, to) => change((current) => moveProduct(current, categoryRef, from, to))}
        renderRow={(product, productIndex) => {
          const path = `${at}.products.${productIndex}`;
          return (
            <div className="menu-row menu-product-row">
              <button
                type="button"
                className="menu-open menu-open-product"
                onClick={() => open({ kind: 'product', ref: product.ref })}
              >
                {product.url_miniatura ? (
                  <img className="menu-thumb" src={product.url_miniatura} alt="" loading="lazy" />
                ) : (
                  <span className="menu-thumb menu-thumb-empty" aria-hidden="true" />
                )}
                <span className="menu-row-text">
                  <span className="menu-row-name">{product.descricao}</span>
                  <span className="menu-row-meta">
                    {priceText(product.valor_venda, product.variants, t)}
                    {!product.ativo_pedidos && !product.ativo_garcom ? ` · ${t('hiddenEverywhere')}` : ''}
                  </span>
                  <IssueMark path={path} />
                </span>
              </button>
              <Editable className="menu-channels">
                <Toggle
                  label={t('channelApp')}
                  path={`${path}.ativo_pedidos`}
                  checked={product.ativo_pedidos}
                  onChange={(ativo_pedidos) =>
                    change((current) => updateProduct(current, product.ref, { ativo_pedidos }))
                  }
                />
                <Toggle
                  label={t('channelTable')}
                  path={`${path}.ativo_garcom`}
                  checked={product.ativo_garcom}
                  onChange={(ativo_garcom) =>
                    change((current) => updateProduct(current, product.ref, { ativo_garcom }))
                  }
                />
              </Editable>
            </div>
          );
        }}
      />
      <AddByName
        label={t('newProduct')}
        button={t('add')}
        onAdd={(name) => {
          const added = addProduct(menu, categoryRef, name);
          change(() => added.menu);
          open({ kind: 'product', ref: added.ref });
        }}
      />
      <h4>{t('aboutCategory')}</h4>
      <Editable className="menu-fields">
        <TextField
          label={t('categoryName')}
          path={`${at}.descricao`}
          value={category.descricao}
          maxLength={80}
          onChange={(descricao) => change((current) => updateCategory(current, categoryRef, { descricao }))}
        />
        <TextField
          label={t('categoryDetails')}
          hint={t('categoryDetailsHint')}
          path={`${at}.detalhes`}
          value={category.detalhes}
          multiline
          maxLength={500}
          onChange={(detalhes) => change((current) => updateCategory(current, categoryRef, { detalhes }))}
        />
        <Toggle
          label={t('openByDefault')}
          hint={t('openByDefaultHint')}
          path={`${at}.aberto`}
          checked={category.aberto}
          onChange={(aberto) => change((current) => updateCategory(current, categoryRef, { aberto }))}
        />
      </Editable>

      <RemoveButton label={t('removeCategory')} onClick={() => setRemoving(true)} />
      {removing ? (
        <ConfirmDialog
          title={t('removeCategoryTitle', { name: category.descricao })}
          question={[
            t('removeCategoryQuestion', {
              count: category.products.length,
            }),
            linked.length > 0 ? t('unlinksOptions', { options: linkedNames(linked) }) : '',
            t('untilSaved'),
          ]
            .filter(Boolean)
            .join(' ')}
          state="ask"
          errorText=""
          labels={{ cancel: t('keep'), confirm: t('remove'), sending: '', retry: '' }}
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            setRemoving(false);
            change((current) => removeCategory(current, categoryRef));
            back();
          }}
        />
      ) : null}
    </section>
  );
}

/** 'Sabores: Calabresa, Sabores: Mussarela' */
export const linkedNames = (linked: readonly { group: string; item: string }[]) =>
  linked.map((entry) => `${entry.group}: ${entry.item}`).join(', ');
