import type { Product } from '@comanda/contract';
import {
  buildCartLine,
  type CartLineDraft,
  type Channel,
  formatBRL,
  groupStatus,
  initialPicks,
  lowestVariantPrice,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type Picks,
  priceProduct,
} from '@comanda/domain';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { useFullProduct } from '../../lib/full-product.ts';
import { Dialog } from '../dialog.tsx';
import { GroupStep } from './group-step.tsx';
import { stepGroups } from './product-steps.ts';
import { useProductT } from './product-texts.ts';
import { SummaryStep } from './summary-step.tsx';

export interface ProductDialogProps {
  /** The product tapped on the menu (its list data shows while the full product loads). */
  product: Product;
  channel: Channel;
  /** Self-checkout with required in-app payment: no notes, no quantity block. */
  hideNotes: boolean;
  /** How many more lines the cart takes. */
  cartRoom: number;
  /** How many more units of this line the store takes in one order (its cap per item). */
  itemRoom: (line: CartLineDraft) => number;
  /** The store's cap on units of one item. */
  itemCap: number;
  onInsert: (line: CartLineDraft, times: number) => void;
  onClose: () => void;
  /** Shown above the product: the staff editor's preview says it is one. */
  notice?: ReactNode;
}

/** What the customer is blocked on: the summary's variant picker (-1) or a group step. */
type Blocked = number | null;

/**
 * The product dialog (spec section 2): step -1 is the summary, steps 0 and up the option groups of
 * the product or of its chosen variant (the variant's own groups: what the server rebuilds the line
 * with). Insert builds the line with the domain's buildCartLine, so an illegal combination is never
 * inserted.
 */
export function ProductDialog({
  product,
  channel,
  hideNotes,
  cartRoom,
  itemRoom,
  itemCap,
  onInsert,
  onClose,
  notice,
}: ProductDialogProps) {
  const t = useProductT();
  const titleId = useId();
  const family = product.item_pai || product.item_filho;
  const full = useFullProduct(product.id, channel);
  const [variantId, setVariantId] = useState<number | null>(product.item_filho ? product.id : null);
  const ownVariant = family && variantId !== null && variantId !== product.id;
  const variantFull = useFullProduct(ownVariant ? variantId : null, channel);
  const source = ownVariant ? variantFull : full;
  const active = family && variantId === null ? undefined : source.data;

  const [step, setStep] = useState(-1);
  const [picksState, setPicksState] = useState<{ forId: number; picks: Picks } | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [shake, setShake] = useState(0);
  const [blocked, setBlocked] = useState<Blocked>(null);
  const [insertError, setInsertError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const groups = useMemo(() => (active ? stepGroups(active, channel) : []), [active, channel]);
  const picks: Picks = active
    ? picksState?.forId === active.id
      ? picksState.picks
      : initialPicks(active, channel)
    : {};
  const setPicks = (next: Picks) => {
    if (active) setPicksState({ forId: active.id, picks: next });
  };

  // A new step starts at its top, with focus on its heading (not on the first paint).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!moved.current) return;
    contentRef.current?.scrollTo?.({ top: 0 });
    headingRef.current?.focus();
  }, [step]);

  const loading = !active && !(family && variantId === null) && !source.error;
  const simple = active !== undefined && groups.length === 0;
  const withQuantity = simple && !hideNotes;
  const times = withQuantity ? quantity : 1;
  const maxQuantity = Math.max(1, Math.min(MAX_LINE_QUANTITY, cartRoom, itemCap));
  const currentGroup = step >= 0 ? groups[step] : undefined;
  const currentOk = currentGroup ? groupStatus(currentGroup, picks).ok : true;
  const needsVariant = family && variantId === null;

  let priceText = '';
  if (active) {
    const unitTotal = priceProduct(active, picks).unitTotal;
    // A product priced by its choices (a half-and-half at R$ 0,00) has no price until one is made.
    if (unitTotal > 0 || groups.length === 0) priceText = formatBRL(unitTotal * times);
  } else if (product.item_pai && full.data) {
    const lowest = lowestVariantPrice(product, full.data.variantes);
    if (lowest !== null) priceText = `${t('priceFrom')} ${formatBRL(lowest)}`;
  }

  const goTo = (next: number) => {
    moved.current = true;
    setBlocked(null);
    setInsertError(null);
    setStep(next);
  };
  const block = (at: number) => {
    setBlocked(at);
    setShake((count) => count + 1);
  };

  const onNext = () => {
    if (step === -1) {
      if (needsVariant) return block(-1);
      if (active && groups.length > 0) goTo(0);
      return;
    }
    if (!currentOk) return block(step);
    goTo(step + 1);
  };

  const onInsertClick = () => {
    if (needsVariant) return block(-1);
    if (!active) return;
    if (!currentOk) return block(step);
    if (cartRoom < times) {
      setInsertError(t('cartFull', { max: MAX_CART_LINES }));
      return;
    }
    const result = buildCartLine(active, picks, { channel, observacao: hideNotes ? '' : note, qtd: 1 });
    if (result.ok) {
      if (itemRoom(result.line) < times) {
        setInsertError(t('itemCapReached', { max: itemCap }));
        return;
      }
      onInsert(result.line, times);
      return;
    }
    const { error } = result;
    if (error.code === 'GROUP_NOT_OK') {
      const at = groups.findIndex((group) => group.grupo.id === error.groupId);
      if (at >= 0) {
        goTo(at);
        block(at);
        return;
      }
    }
    setInsertError(t('insertFailed'));
  };

  const isLastStep = step === groups.length - 1;
  const showInsert = active !== undefined && (groups.length === 0 || (step >= 0 && isLastStep));
  const forwardBlocked = step === -1 ? needsVariant : !currentOk;

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="product-dialog">
      <header className="product-dialog-header">
        <h2 id={titleId} className="dialog-title">
          {product.descricao}
        </h2>
        <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </header>

      <div className="product-dialog-content" ref={contentRef}>
        {notice}
        {step === -1 ? (
          <SummaryStep
            product={product}
            variants={family ? (full.data?.variantes ?? []) : null}
            variantsLoading={family && !full.data && !full.error}
            variantId={variantId}
            onVariant={(id) => {
              setVariantId(id);
              setBlocked(null);
            }}
            shake={shake}
            blocked={blocked === -1}
            simple={
              withQuantity ? { note, onNote: setNote, quantity, maxQuantity, onQuantity: setQuantity } : null
            }
            headingRef={headingRef}
            t={t}
          />
        ) : currentGroup ? (
          <GroupStep
            key={currentGroup.grupo.id}
            group={currentGroup}
            picks={picks}
            channel={channel}
            onPicks={setPicks}
            position={step + 1}
            stepCount={groups.length}
            shake={shake}
            blocked={blocked === step}
            notes={isLastStep && !hideNotes ? { value: note, onChange: setNote } : null}
            headingRef={headingRef}
            t={t}
          />
        ) : null}

        {loading ? (
          <p className="product-loading" role="status" aria-busy="true">
            {t('loading')}
          </p>
        ) : null}
        {source.error && !active ? (
          <div className="product-load-error" role="alert">
            <p>{t('productLoadFailed')}</p>
            <button type="button" className="button button-secondary" onClick={() => void source.mutate()}>
              {t('tryAgain')}
            </button>
          </div>
        ) : null}
        {insertError ? (
          <p className="group-blocked" role="alert">
            {insertError}
          </p>
        ) : null}
      </div>

      <footer className="product-dialog-footer">
        <output
          className="price-chip"
          aria-label={priceText ? t('totalPrice', { price: priceText }) : undefined}
        >
          {priceText}
        </output>
        <div className="product-dialog-actions">
          {step === -1 ? (
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('cancel')}
            </button>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => goTo(step - 1)}>
              {t('back')}
            </button>
          )}
          {product.esgotado ? (
            <button type="button" className="button button-primary" disabled>
              {t('soldOut')}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              aria-disabled={forwardBlocked || undefined}
              disabled={loading}
              onClick={showInsert ? onInsertClick : onNext}
            >
              {showInsert ? t('insert') : t('next')}
            </button>
          )}
        </div>
      </footer>
    </Dialog>
  );
}
