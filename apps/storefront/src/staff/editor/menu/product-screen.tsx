import type { DocumentVariant } from '@comanda/contract';
import { type Channel, formatBRL } from '@comanda/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { ConfirmDialog } from '../../../shared/confirm-dialog.tsx';
import { MoneyField, SelectField, TextField, Toggle } from '../fields.tsx';
import { linkedNames } from './category-screens.tsx';
import { GroupUses } from './group-uses.tsx';
import { useMenuEditor } from './menu-editor-context.ts';
import {
  addVariant,
  countUnder,
  findProduct,
  itemsLinkedTo,
  moveProductToCategory,
  moveVariant,
  removeProduct,
  removeVariant,
  setOwnUses,
  updateProduct,
  updateVariant,
} from './menu-model.ts';
import { AddByName, DisclosureIcon, Editable, IssueMark, priceText, RemoveButton } from './menu-parts.tsx';
import { useMenuT } from './menu-texts.ts';
import { PictureField } from './picture-field.tsx';
import type { Sample } from './product-preview.tsx';
import { ReorderList } from './reorder-list.tsx';

/** The customer's product dialog, loaded when the preview is first opened. */
const ProductPreview = lazy(() => import('./product-preview.tsx'));

/**
 * One product: name, details, price, picture, category, the channels it is offered in, its
 * variants, the option groups it asks for, and a preview exactly as the customer will see it.
 */
export function ProductScreen({ productRef }: { productRef: string }) {
  const t = useMenuT();
  const headingId = useId();
  const { menu, change, back } = useMenuEditor();
  const [removing, setRemoving] = useState(false);
  const found = findProduct(menu, productRef);
  if (!found) return null;
  const { product } = found;
  const at = `categories.${found.category}.products.${found.index}`;
  const set = (patch: Parameters<typeof updateProduct>[2]) =>
    change((current) => updateProduct(current, productRef, patch));
  const linked = itemsLinkedTo(menu, [productRef, ...product.variants.map((variant) => variant.ref)]);

  return (
    <section className="menu-block" aria-labelledby={headingId}>
      <h3 id={headingId}>{product.descricao || t('unnamed')}</h3>
      <PreviewLauncher productRef={productRef} />
      <Editable className="menu-fields">
        <TextField
          label={t('productName')}
          path={`${at}.descricao`}
          value={product.descricao}
          maxLength={120}
          onChange={(descricao) => set({ descricao })}
        />
        <TextField
          label={t('productDetails')}
          hint={t('productDetailsHint')}
          path={`${at}.detalhes`}
          value={product.detalhes}
          multiline
          maxLength={1000}
          onChange={(detalhes) => set({ detalhes })}
        />
        {product.variants.length === 0 ? (
          <MoneyField
            label={t('price')}
            hint={t('priceHint')}
            path={`${at}.valor_venda`}
            value={product.valor_venda}
            onChange={(valor_venda) => set({ valor_venda: valor_venda ?? 0 })}
          />
        ) : (
          <p className="editor-hint menu-price-note">
            {t('priceFromVariants')} {priceText(0, product.variants, t)}
          </p>
        )}
      </Editable>
      <PictureField
        label={t('picture')}
        url={product.url_imagem}
        path={`${at}.url_imagem`}
        onUploaded={(picture) =>
          set({ url_imagem: picture.url, url_miniatura: picture.thumbnail?.url ?? picture.url })
        }
        onRemove={() => set({ url_imagem: null, url_miniatura: null })}
      />
      <Editable className="menu-fields">
        <SelectField
          label={t('category')}
          value={menu.categories[found.category]!.ref}
          options={menu.categories.map((category) => ({ value: category.ref, label: category.descricao }))}
          onChange={(categoryRef) =>
            change((current) => moveProductToCategory(current, productRef, categoryRef))
          }
        />
        <Toggle
          label={t('offeredApp')}
          hint={t('offeredAppHint')}
          path={`${at}.ativo_pedidos`}
          checked={product.ativo_pedidos}
          onChange={(ativo_pedidos) => set({ ativo_pedidos })}
        />
        <Toggle
          label={t('offeredTable')}
          hint={t('offeredTableHint')}
          path={`${at}.ativo_garcom`}
          checked={product.ativo_garcom}
          onChange={(ativo_garcom) => set({ ativo_garcom })}
        />
      </Editable>

      <h4>{t('variantsHeading')}</h4>
      <p className="editor-hint">{t('variantsHint')}</p>
      <Variants productRef={productRef} at={at} />

      <h4>{t('usesHeading')}</h4>
      <p className="editor-hint">{t('usesHint')}</p>
      <GroupUses
        owner={{ product: productRef }}
        basePath={at}
        label={t('usesOf', { name: product.descricao })}
      />

      <RemoveButton label={t('removeProduct')} onClick={() => setRemoving(true)} />
      {removing ? (
        <ConfirmDialog
          title={t('removeProductTitle', { name: product.descricao })}
          question={[
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
            change((current) => removeProduct(current, productRef));
            back();
          }}
        />
      ) : null}
    </section>
  );
}

/** Where the preview opens: app orders, or the table's when the product is offered only there. */
function previewChannel(product: { ativo_pedidos: boolean; ativo_garcom: boolean }): Channel | null {
  return product.ativo_pedidos ? 'app' : product.ativo_garcom ? 'local' : null;
}

function PreviewLauncher({ productRef }: { productRef: string }) {
  const t = useMenuT();
  const { menu } = useMenuEditor();
  const [open, setOpen] = useState(false);
  const [sample, setSample] = useState<Sample | null>(null);
  const product = findProduct(menu, productRef)?.product;
  if (!product) return null;
  const channel = previewChannel(product);
  return (
    <div className="menu-preview-launch">
      <button
        type="button"
        className="button button-primary"
        disabled={!channel}
        onClick={() => {
          setSample(null);
          setOpen(true);
        }}
      >
        {t('preview')}
      </button>
      {!channel ? <p className="editor-hint">{t('previewHidden')}</p> : null}
      {channel === 'local' ? <p className="editor-hint">{t('previewTableOnly')}</p> : null}
      {sample ? (
        <p className="menu-sample" role="status">
          {t('samplePrice', { price: formatBRL(sample.price), choice: sample.text })}
        </p>
      ) : null}
      {open && channel ? (
        <Suspense fallback={<p className="staff-muted">{t('previewLoading')}</p>}>
          <ProductPreview
            productRef={productRef}
            channel={channel}
            onSample={(result) => {
              setSample(result);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Sizes or kinds: each a row the customer picks one of, with its own price. */
function Variants({ productRef, at }: { productRef: string; at: string }) {
  const t = useMenuT();
  const listId = useId();
  const { menu, change, canEdit, issueFields } = useMenuEditor();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const product = findProduct(menu, productRef)?.product;
  if (!product) return null;
  const toggle = (ref: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });
  const isOpen = (ref: string, index: number) =>
    expanded.has(ref) || countUnder(issueFields, `${at}.variants.${index}`) > 0;
  return (
    <div className="menu-variants">
      {product.variants.length === 0 ? <p className="menu-empty">{t('noVariants')}</p> : null}
      <ReorderList
        items={product.variants}
        keyOf={(variant) => variant.ref}
        nameOf={(variant) => variant.descricao}
        canEdit={canEdit}
        label={t('variantsOf', { name: product.descricao })}
        onMove={(from, to) => change((current) => moveVariant(current, productRef, from, to))}
        renderRow={(variant, index) => (
          <button
            type="button"
            className="menu-open menu-disclosing"
            aria-expanded={isOpen(variant.ref, index)}
            aria-controls={`${listId}-${variant.ref}`}
            onClick={() => toggle(variant.ref)}
          >
            <DisclosureIcon />
            <span className="menu-row-name">{variant.descricao || t('unnamed')}</span>
            <span className="menu-row-meta">
              {variant.valor_venda > 0 ? formatBRL(variant.valor_venda) : t('variablePrice')}
              {!variant.ativo_pedidos && !variant.ativo_garcom ? ` · ${t('hiddenEverywhere')}` : ''}
            </span>
            <IssueMark path={`${at}.variants.${index}`} />
          </button>
        )}
        renderDetails={(variant, index) =>
          isOpen(variant.ref, index) ? (
            <VariantFields
              id={`${listId}-${variant.ref}`}
              productRef={productRef}
              productName={product.descricao}
              productHasUses={product.groups.length > 0}
              variant={variant}
              path={`${at}.variants.${index}`}
            />
          ) : null
        }
      />
      <AddByName
        label={t('newVariant')}
        button={t('add')}
        onAdd={(name) => {
          const added = addVariant(menu, productRef, name);
          change(() => added.menu);
          setExpanded((current) => new Set([...current, added.ref]));
        }}
      />
    </div>
  );
}

/** A variant's fields, opened under its row. */
function VariantFields({
  id,
  productRef,
  productName,
  productHasUses,
  variant,
  path,
}: {
  id: string;
  productRef: string;
  productName: string;
  /** Without options of its product, a variant's options are its own (the document's empty list is both). */
  productHasUses: boolean;
  variant: DocumentVariant;
  path: string;
}) {
  const t = useMenuT();
  const { change, canEdit } = useMenuEditor();
  const set = (patch: Parameters<typeof updateVariant>[3]) =>
    change((current) => updateVariant(current, productRef, variant.ref, patch));
  const own = variant.groups.length > 0;
  return (
    <div id={id} className="menu-row-body">
      <Editable className="menu-fields">
        <TextField
          label={t('variantName')}
          path={`${path}.descricao`}
          value={variant.descricao}
          maxLength={120}
          onChange={(descricao) => set({ descricao })}
        />
        <MoneyField
          label={t('price')}
          path={`${path}.valor_venda`}
          value={variant.valor_venda}
          onChange={(valor_venda) => set({ valor_venda: valor_venda ?? 0 })}
        />
        <TextField
          label={t('variantDetails')}
          hint={t('variantDetailsHint')}
          path={`${path}.detalhes`}
          value={variant.detalhes}
          multiline
          maxLength={1000}
          onChange={(detalhes) => set({ detalhes })}
        />
        <div className="menu-channels">
          <Toggle
            label={t('channelApp')}
            path={`${path}.ativo_pedidos`}
            checked={variant.ativo_pedidos}
            onChange={(ativo_pedidos) => set({ ativo_pedidos })}
          />
          <Toggle
            label={t('channelTable')}
            path={`${path}.ativo_garcom`}
            checked={variant.ativo_garcom}
            onChange={(ativo_garcom) => set({ ativo_garcom })}
          />
        </div>
        {productHasUses ? (
          <Toggle
            label={t('ownOptions')}
            hint={own ? t('ownOptionsHint') : t('sharedOptionsHint')}
            checked={own}
            onChange={(value) => change((current) => setOwnUses(current, productRef, variant.ref, value))}
          />
        ) : (
          <p className="editor-hint">{t('variantOptionsHint')}</p>
        )}
      </Editable>
      {own || !productHasUses ? (
        <GroupUses
          owner={{ product: productRef, variant: variant.ref }}
          basePath={path}
          label={t('usesOf', { name: `${productName} (${variant.descricao})` })}
        />
      ) : null}
      {canEdit ? (
        <button
          type="button"
          className="button button-secondary button-small menu-remove"
          onClick={() => change((current) => removeVariant(current, productRef, variant.ref))}
        >
          {t('removeVariant')}
        </button>
      ) : null}
    </div>
  );
}
