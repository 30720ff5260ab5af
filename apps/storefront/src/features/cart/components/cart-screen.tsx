import type { Product } from '@comanda/contract';
import {
  type CartLine,
  cartTotals,
  DEFAULT_ORDER_LIMITS,
  formatBRL,
  groupIdenticalLines,
  type IdenticalLines,
  itemRoom,
  MAX_CART_LINES,
} from '@comanda/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CartIcon } from '../../../components/icons.tsx';
import { addLine, cartRoom, cleanCart, removeLine, replaceLines } from '../../../lib/cart-actions.ts';
import { isFlagged, type LineCheck } from '../../../lib/cart-availability.ts';
import { useCart } from '../../../lib/cart-store.ts';
import { orderChannel } from '../../../lib/full-product.ts';
import { useCompany, useProducts } from '../../../lib/start-data.ts';
import { useCartAvailability } from '../../../lib/use-cart-availability.ts';
import { useCartT } from '../cart-texts.ts';
import { CartLineCard, type LinePicture } from './cart-line-card.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import '../cart.css';

/** The menu row's picture of a line's product (its variant's, else its own), while the menu lists it. */
function linePicture(line: CartLine, products: readonly Product[] | undefined): LinePicture | null {
  const listed =
    products?.find((product) => product.id === line.produto && product.url_miniatura) ??
    products?.find((product) => product.id === line.product.id);
  if (!listed?.url_miniatura) return null;
  return { src: listed.url_miniatura, srcSet: listed.srcset_miniatura };
}

type OpenDialog = { kind: 'delete'; group: IdenticalLines } | { kind: 'clean' } | null;

const CHECKING: LineCheck = { status: 'checking' };

/** /cart (spec section 2 "Cart"). */
export default function CartScreen() {
  const t = useCartT();
  const cart = useCart();
  const { data: company } = useCompany();
  const [, navigate] = useLocation();
  const checks = useCartAvailability(cart, orderChannel());
  const { data: products } = useProducts();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);

  // A removed line takes its buttons with it: focus goes to the list (or the empty state) heading.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    headingRef.current?.focus();
  });

  if (cart.length === 0) {
    return (
      <section className="cart-empty" aria-labelledby="cart-empty-title">
        <CartIcon width={56} height={56} className="cart-empty-icon" />
        <h2 id="cart-empty-title" className="cart-empty-title" tabIndex={-1} ref={headingRef}>
          {t('emptyTitle')}
        </h2>
        <p>{t('emptyText')}</p>
        <Link href="/" className="button button-primary cart-empty-button">
          {t('backToMenu')}
        </Link>
      </section>
    );
  }

  const groups = groupIdenticalLines(cart);
  const checkOf = (equalitySeq: number) => checks.get(equalitySeq) ?? CHECKING;
  const { subtotal } = cartTotals(cart.filter((line) => !isFlagged(checkOf(line.equality_seq))));
  const flagged = groups.some((group) => isFlagged(checkOf(group.equality_seq)));
  const checking = groups.some((group) => checkOf(group.equality_seq).status === 'checking');
  const room = cartRoom(cart);
  const limits = company
    ? { maxLineQuantity: company.qtd_maxima_item, maxOrderTotal: company.valor_maximo_pedido }
    : DEFAULT_ORDER_LIMITS;
  const hint = flagged
    ? t('fixFlagged')
    : checking
      ? t('checking')
      : room === 0
        ? t('cartFull', { max: MAX_CART_LINES })
        : '';

  const close = () => setDialog(null);
  const removeAndClose = (sequence: number, all: boolean, groupGone: boolean) => {
    refocus.current = groupGone;
    removeLine(sequence, { all });
    setDialog(null);
  };

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title" className="sr-only" tabIndex={-1} ref={headingRef}>
        {t('cartItems')}
      </h2>
      <ul className="cart-lines" aria-labelledby="cart-title">
        {groups.map((group) => {
          const check = checkOf(group.equality_seq);
          return (
            <CartLineCard
              key={group.equality_seq}
              group={group}
              picture={linePicture(group.line, products)}
              check={check}
              canAdd={room > 0 && itemRoom(limits, cart, group.line) > 0}
              onAddOne={() => addLine(group.line)}
              onDelete={() => setDialog({ kind: 'delete', group })}
              onReadd={() => {
                if (check.status === 'price-changed') replaceLines(group.equality_seq, check.rebuilt);
              }}
              t={t}
            />
          );
        })}
      </ul>

      <div className="cart-more">
        <Link href="/" className="button button-secondary">
          {t('buyMore')}
        </Link>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setDialog({ kind: 'clean' })}
        >
          {t('cleanCart')}
        </button>
      </div>

      <div className="cart-bar">
        <p className="cart-total">
          <span id="cart-total-label">{t('total')}</span>
          <output aria-labelledby="cart-total-label">{formatBRL(subtotal)}</output>
        </p>
        <button
          type="button"
          className="button button-primary"
          disabled={flagged || checking}
          aria-describedby={hint ? 'cart-hint' : undefined}
          onClick={() => navigate('/confirmation')}
        >
          {t('finish')}
        </button>
        {hint ? (
          <p id="cart-hint" className="cart-hint" role="status">
            {hint}
          </p>
        ) : null}
      </div>

      {dialog?.kind === 'delete' ? (
        dialog.group.count > 1 ? (
          <ConfirmDialog
            title={t('deleteTitle', { name: dialog.group.line.descricao_produto })}
            text={t('deleteOneOrAll', { count: dialog.group.count })}
            onClose={close}
            actions={[
              { label: t('cancel'), onClick: close },
              {
                label: t('deleteOnlyOne'),
                onClick: () => removeAndClose(dialog.group.sequences.at(-1)!, false, false),
              },
              {
                label: t('deleteAll'),
                primary: true,
                onClick: () => removeAndClose(dialog.group.line.sequence, true, true),
              },
            ]}
          />
        ) : (
          <ConfirmDialog
            title={t('deleteTitle', { name: dialog.group.line.descricao_produto })}
            text={t('deleteConfirm')}
            onClose={close}
            actions={[
              { label: t('cancel'), onClick: close },
              {
                label: t('remove'),
                primary: true,
                onClick: () => removeAndClose(dialog.group.line.sequence, false, true),
              },
            ]}
          />
        )
      ) : null}
      {dialog?.kind === 'clean' ? (
        <ConfirmDialog
          title={t('cleanTitle')}
          text={t('cleanText')}
          onClose={close}
          actions={[
            { label: t('cancel'), onClick: close },
            {
              label: t('cleanConfirm'),
              primary: true,
              onClick: () => {
                refocus.current = true;
                cleanCart();
                setDialog(null);
              },
            },
          ]}
        />
      ) : null}
    </section>
  );
}
