import type { ReactNode } from 'react';

/**
 * The buttons under an item of an ordered list (a delivery area, a payment method): move it up or
 * down, remove it; `children` are the item's own buttons, placed first.
 */
export function ItemActions({
  index,
  count,
  labels,
  onMove,
  onRemove,
  removeBlockedBy,
  children,
}: {
  index: number;
  count: number;
  /** The accessible names of the arrows and of the remove button, and the remove button's text. */
  labels: { moveUp: string; moveDown: string; remove: string; removeText: string };
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** Why the item may not be removed now (the list's last payment method): the button is disabled and says why. */
  removeBlockedBy?: string;
  children?: ReactNode;
}) {
  return (
    <div className="editor-actions">
      {children}
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={labels.moveUp}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={labels.moveDown}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={labels.remove}
        disabled={removeBlockedBy !== undefined}
        title={removeBlockedBy}
        onClick={onRemove}
      >
        {labels.removeText}
      </button>
    </div>
  );
}
