import type { Product } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { type Ref, useId, useState } from 'react';
import { CameraIcon } from '../../components/screen-icons.tsx';
import { NotesField } from './notes-field.tsx';
import type { ProductT } from './product-texts.ts';

export interface SummaryStepProps {
  product: Product;
  /** The parent's or the child's family; null when the product has no variants. */
  variants: readonly Product[] | null;
  variantsLoading: boolean;
  variantId: number | null;
  onVariant: (id: number) => void;
  /** Bumped on every blocked Next or Insert: remounts the picker's legend so it shakes again. */
  shake: number;
  /** The customer tried to go on without a variant. */
  blocked: boolean;
  /** The notes and quantity block, for simple products only (null hides it). */
  simple: {
    note: string;
    onNote: (value: string) => void;
    quantity: number;
    maxQuantity: number;
    onQuantity: (value: number) => void;
  } | null;
  headingRef: Ref<HTMLHeadingElement>;
  t: ProductT;
}

/** The picture spans the dialog, which is the viewport's width up to 550 px (product.css). */
const PRODUCT_MEDIA_SIZES = '(min-width: 550px) 550px, 100vw';

/** Step -1: the picture or video, the details, the variant picker and, for simple products, notes and quantity. */
export function SummaryStep({
  product,
  variants,
  variantsLoading,
  variantId,
  onVariant,
  shake,
  blocked,
  simple,
  headingRef,
  t,
}: SummaryStepProps) {
  const id = useId();
  // A picture that cannot load (offline, gone) leaves a styled placeholder, not the browser's
  // broken-image glyph.
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const imageFailed = product.url_imagem !== null && failedImage === product.url_imagem;
  return (
    <section className="summary-step" aria-labelledby={`${id}-heading`}>
      {product.url_video ? (
        <video
          className="product-media"
          src={product.url_video}
          poster={product.url_imagem ?? undefined}
          aria-label={t('productVideo', { name: product.descricao })}
          autoPlay
          muted
          loop
          playsInline
        />
      ) : imageFailed ? (
        <div className="product-media product-media-missing" data-testid="product-media-missing">
          <CameraIcon width={40} height={40} aria-hidden="true" />
        </div>
      ) : product.url_imagem ? (
        <img
          className="product-media"
          src={product.url_imagem}
          srcSet={product.srcset_imagem ?? undefined}
          sizes={product.srcset_imagem ? PRODUCT_MEDIA_SIZES : undefined}
          alt=""
          decoding="async"
          onError={() => setFailedImage(product.url_imagem)}
        />
      ) : null}
      <h3 id={`${id}-heading`} className="sr-only" tabIndex={-1} ref={headingRef}>
        {t('productSummary')}
      </h3>
      {product.detalhes ? <p className="product-description">{product.detalhes}</p> : null}

      {variants ? (
        <fieldset className="options variant-picker" aria-busy={variantsLoading}>
          <legend
            key={shake}
            className={`variant-legend${blocked && variantId === null && shake > 0 ? ' shake' : ''}`}
          >
            {t('chooseVariant')}
          </legend>
          {blocked && variantId === null ? (
            <p className="group-blocked" role="alert">
              {t('variantRequired')}
            </p>
          ) : null}
          {variantsLoading ? <div className="skeleton option-skeleton" /> : null}
          {variants.map((variant) => (
            <label key={variant.id} className="option">
              <input
                type="radio"
                name={`${id}-variant`}
                checked={variantId === variant.id}
                onChange={() => onVariant(variant.id)}
              />
              <span className="option-text">
                <span className="option-name">{variant.descricao}</span>
                {variant.detalhes ? <span className="option-details">{variant.detalhes}</span> : null}
                {variant.valor_venda > 0 ? (
                  <span className="option-price">{formatBRL(variant.valor_venda)}</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {simple ? (
        <div className="simple-block">
          <NotesField value={simple.note} onChange={simple.onNote} t={t} />
          <div className="quantity-field">
            <span id={`${id}-quantity`} className="field-label">
              {t('quantity')}
            </span>
            <span className="counter">
              <button
                type="button"
                className="counter-button"
                aria-label={t('decreaseQuantity')}
                disabled={simple.quantity <= 1}
                onClick={() => simple.onQuantity(Math.max(1, simple.quantity - 1))}
              >
                −
              </button>
              <output className="counter-value" aria-live="polite" aria-labelledby={`${id}-quantity`}>
                {simple.quantity}
              </output>
              <button
                type="button"
                className="counter-button"
                aria-label={t('increaseQuantity')}
                disabled={simple.quantity >= simple.maxQuantity}
                onClick={() => simple.onQuantity(Math.min(simple.maxQuantity, simple.quantity + 1))}
              >
                +
              </button>
            </span>
          </div>
        </div>
      ) : null}
    </section>
  );
}
