import { formatBRL, type IdenticalLines, linePricing, type OrderedItem } from '@comanda/domain';
import { useId } from 'react';
import { isFlagged, type LineCheck } from '../../../lib/cart-availability.ts';
import type { CartT } from '../cart-texts.ts';

/** Material "delete" (Apache 2.0). */
function DeleteIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
    </svg>
  );
}

/** '2× Bacon' for two units above (or below) the default, 'Bacon' for one. */
function itemLabel(item: OrderedItem): string {
  const units = Math.abs(item.quantidade_pedida - item.quantidade_padrao);
  return units > 1 ? `${units}× ${item.descricao}` : item.descricao;
}

function checkMessage(check: LineCheck, t: CartT): string | null {
  switch (check.status) {
    case 'gone':
      return t('gone');
    case 'sold-out':
      return t('soldOut');
    case 'option-gone':
      return t('optionGone', { item: check.item });
    case 'options-changed':
      return t('optionsChanged');
    case 'price-changed':
      return t('priceChanged', { before: formatBRL(check.before), after: formatBRL(check.after) });
    default:
      return null;
  }
}

export interface LinePicture {
  src: string;
  srcSet: string | null;
}

const LINE_PICTURE_SIZE = 56;

export interface CartLineCardProps {
  group: IdenticalLines;
  picture: LinePicture | null;
  check: LineCheck;
  canAdd: boolean;
  onAddOne: () => void;
  onDelete: () => void;
  onReadd: () => void;
  t: CartT;
}

/** Identical lines shown once, with their count, extras per group, notes and actions. */
export function CartLineCard({
  group,
  picture,
  check,
  canAdd,
  onAddOne,
  onDelete,
  onReadd,
  t,
}: CartLineCardProps) {
  const id = useId();
  const { line, count } = group;
  const flagged = isFlagged(check);
  const message = checkMessage(check, t);
  const name = line.descricao_produto;
  return (
    <li className={flagged ? 'cart-line cart-line-flagged' : 'cart-line'} aria-labelledby={`${id}-name`}>
      <div className="cart-line-head">
        {picture ? (
          <img
            className="cart-line-picture"
            src={picture.src}
            srcSet={picture.srcSet ?? undefined}
            sizes={picture.srcSet ? `${LINE_PICTURE_SIZE}px` : undefined}
            alt=""
            width={LINE_PICTURE_SIZE}
            height={LINE_PICTURE_SIZE}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <h3 id={`${id}-name`} className="cart-line-name">
          {name}
        </h3>
        {count > 1 ? (
          <span className="count-badge">
            <span aria-hidden="true">{count}×</span>
            <span className="sr-only">{t('identicalCount', { count })}</span>
          </span>
        ) : null}
      </div>

      {line.groups.map((lineGroup) =>
        lineGroup.added.length > 0 || lineGroup.removed.length > 0 ? (
          <div key={lineGroup.grupo} className="cart-line-group">
            <p className="cart-line-group-name">{lineGroup.grupo_descricao}</p>
            <dl className="cart-line-extras">
              {lineGroup.added.length > 0 ? (
                <div>
                  <dt>{t('added')}</dt>
                  <dd>{lineGroup.added.map(itemLabel).join(', ')}</dd>
                </div>
              ) : null}
              {lineGroup.removed.length > 0 ? (
                <div>
                  <dt>{t('removed')}</dt>
                  <dd>{lineGroup.removed.map(itemLabel).join(', ')}</dd>
                </div>
              ) : null}
            </dl>
          </div>
        ) : null,
      )}
      {line.observacao ? (
        <p className="cart-line-notes">{t('lineNotes', { text: line.observacao })}</p>
      ) : null}

      {message ? (
        <div className="cart-line-flag">
          <p>{message}</p>
          {check.status === 'price-changed' ? (
            <button type="button" className="button button-secondary" onClick={onReadd}>
              {t('readdAtNewPrice')}
            </button>
          ) : null}
        </div>
      ) : null}

      <div className="cart-line-foot">
        <p className="cart-line-price">
          <span className={flagged ? 'cart-line-total struck' : 'cart-line-total'}>
            {formatBRL(group.total)}
          </span>
          {flagged ? <span className="cart-line-unit">{t('notInTotal')}</span> : null}
          {!flagged && count > 1 ? (
            <span className="cart-line-unit">
              {t('unitPrice', { price: formatBRL(linePricing(line).unitTotal) })}
            </span>
          ) : null}
        </p>
        <div className="cart-line-actions">
          <button
            type="button"
            className="round-button"
            aria-label={t('deleteLine', { name })}
            onClick={onDelete}
          >
            <DeleteIcon />
          </button>
          <button
            type="button"
            className="round-button"
            aria-label={t('addOne', { name })}
            disabled={flagged || !canAdd}
            onClick={onAddOne}
          >
            +
          </button>
        </div>
      </div>
    </li>
  );
}
