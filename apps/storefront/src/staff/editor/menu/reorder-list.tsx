import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useMenuT } from './menu-texts.ts';
import { dropIndex, edgeScroll, makeRoomOffset, type RowBox } from './reorder.ts';

interface Drag {
  pointerId: number;
  from: number;
  to: number;
  /** How far the row has been dragged, page pixels (negative: up). */
  offset: number;
  rows: RowBox[];
  /** The room a row takes, its gap included. */
  step: number;
  startPageY: number;
  clientY: number;
}

/** Close to the top or bottom edge (above the save bar), the page scrolls under a held row. */
const EDGE = 72;
const SAVE_BAR = 80;

export interface ReorderListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  canEdit: boolean;
  /** The list's name for assistive technology ('Categorias'). */
  label: string;
  renderRow: (item: T, index: number) => ReactNode;
  /** Below the row, the whole width of the card (a row opened to edit): null for none. */
  renderDetails?: (item: T, index: number) => ReactNode;
  className?: string;
}

/**
 * A list whose rows are put in order by dragging their handle (pointer events: a finger or a mouse)
 * or with the move up and move down buttons (keyboard, screen readers); each move is announced.
 */
export function ReorderList<T>({
  items,
  keyOf,
  nameOf,
  onMove,
  canEdit,
  label,
  renderRow,
  renderDetails,
  className,
}: ReorderListProps<T>) {
  const t = useMenuT();
  const listRef = useRef<HTMLUListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  dragRef.current = drag;
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);

  // After a move by button the row re-renders elsewhere: focus stays with it (the other button at an end).
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const row = [...(listRef.current?.children ?? [])].find(
      (element) => element instanceof HTMLElement && element.dataset.reorderKey === pending.key,
    );
    const wanted = row?.querySelector<HTMLButtonElement>(`button[data-move="${pending.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `button[data-move="${pending.direction === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });

  const announce = (item: T, to: number) =>
    setAnnouncement(t('movedTo', { name: nameOf(item), position: to + 1, total: items.length }));

  const moveBy = (index: number, delta: -1 | 1) => {
    const item = items[index];
    const to = index + delta;
    if (!item || to < 0 || to >= items.length) return;
    focusAfterMove.current = { key: keyOf(item), direction: delta < 0 ? 'up' : 'down' };
    onMove(index, to);
    announce(item, to);
  };

  const follow = useCallback((clientY: number) => {
    const current = dragRef.current;
    if (!current) return;
    const offset = clientY + window.scrollY - current.startPageY;
    const next = { ...current, clientY, offset, to: dropIndex(current.rows, current.from, offset) };
    dragRef.current = next;
    setDrag(next);
  }, []);

  // While a row is held near an edge, the page scrolls and the row follows the finger.
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    let frame = 0;
    const tick = () => {
      const current = dragRef.current;
      if (!current) return;
      const speed = edgeScroll(current.clientY, window.innerHeight, EDGE, SAVE_BAR);
      if (speed !== 0) {
        window.scrollBy(0, speed);
        follow(current.clientY);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [dragging, follow]);

  const start = (event: PointerEvent<HTMLElement>, index: number) => {
    if (!canEdit || dragRef.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const elements = [...(listRef.current?.children ?? [])] as HTMLElement[];
    const rows = elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top + window.scrollY, height: box.height };
    });
    const here = rows[index];
    if (!here) return;
    const next = rows[index + 1] ?? rows[index - 1];
    const gap = next ? Math.abs(next.top - here.top) - (next.top > here.top ? here.height : next.height) : 0;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const started: Drag = {
      pointerId: event.pointerId,
      from: index,
      to: index,
      offset: 0,
      rows,
      step: here.height + Math.max(0, gap),
      startPageY: event.clientY + window.scrollY,
      clientY: event.clientY,
    };
    dragRef.current = started;
    setDrag(started);
  };

  const end = (commit: boolean) => {
    const current = dragRef.current;
    dragRef.current = null;
    setDrag(null);
    if (!current || !commit || current.to === current.from) return;
    const item = items[current.from];
    onMove(current.from, current.to);
    if (item) announce(item, current.to);
  };

  return (
    <>
      <ul
        ref={listRef}
        className={`reorder-list${className ? ` ${className}` : ''}`}
        aria-label={label}
        data-dragging={dragging || undefined}
        data-static={!canEdit || undefined}
      >
        {items.map((item, index) => {
          const key = keyOf(item);
          const name = nameOf(item);
          const held = drag?.from === index;
          const shift = drag && !held ? makeRoomOffset(index, drag.from, drag.to, drag.step) : 0;
          const details = renderDetails?.(item, index) ?? null;
          return (
            <li
              key={key}
              data-reorder-key={key}
              className="reorder-row"
              data-held={held || undefined}
              style={
                held
                  ? { transform: `translateY(${drag.offset}px)` }
                  : shift
                    ? { transform: `translateY(${shift}px)` }
                    : undefined
              }
            >
              {canEdit ? (
                <span
                  className="reorder-handle"
                  aria-hidden="true"
                  title={t('dragToMove')}
                  onPointerDown={(event) => start(event, index)}
                  onPointerMove={(event) => {
                    if (dragRef.current?.pointerId === event.pointerId) follow(event.clientY);
                  }}
                  onPointerUp={(event) => {
                    if (dragRef.current?.pointerId === event.pointerId) end(true);
                  }}
                  onPointerCancel={() => end(false)}
                  onLostPointerCapture={(event) => {
                    if (dragRef.current?.pointerId === event.pointerId) end(true);
                  }}
                >
                  <GripIcon />
                </span>
              ) : null}
              <div className="reorder-body">{renderRow(item, index)}</div>
              {canEdit ? (
                <span className="reorder-moves">
                  <button
                    type="button"
                    className="reorder-move"
                    data-move="up"
                    aria-label={t('moveUpNamed', { name })}
                    disabled={index === 0}
                    onClick={() => moveBy(index, -1)}
                  >
                    <ChevronIcon up />
                  </button>
                  <button
                    type="button"
                    className="reorder-move"
                    data-move="down"
                    aria-label={t('moveDownNamed', { name })}
                    disabled={index === items.length - 1}
                    onClick={() => moveBy(index, 1)}
                  >
                    <ChevronIcon />
                  </button>
                </span>
              ) : null}
              {details ? <div className="reorder-details">{details}</div> : null}
            </li>
          );
        })}
      </ul>
      <p className="sr-only" role="status">
        {announcement}
      </p>
    </>
  );
}

function GripIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false">
      {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

function ChevronIcon({ up = false }: { up?: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={up ? 'M5 12.5 10 7.5l5 5' : 'M5 7.5 10 12.5l5-5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
