/*
 * Dragging a row of a list to another place, measured in page coordinates (the page may scroll
 * while a finger holds the row near the screen's edge).
 */

/** A row's top and height when the drag started. */
export interface RowBox {
  top: number;
  height: number;
}

/**
 * Where the dragged row lands: after every other row whose middle its own middle has passed. `from`
 * is its place when the drag started, `offset` how far it was dragged (negative: up).
 */
export function dropIndex(rows: readonly RowBox[], from: number, offset: number): number {
  const dragged = rows[from];
  if (!dragged) return from;
  const middle = dragged.top + dragged.height / 2 + offset;
  let index = 0;
  rows.forEach((row, i) => {
    if (i !== from && middle > row.top + row.height / 2) index += 1;
  });
  return index;
}

/** How far a row other than the dragged one slides to make room: the dragged row's height, up or down. */
export function makeRoomOffset(index: number, from: number, to: number, draggedHeight: number): number {
  if (from < to && index > from && index <= to) return -draggedHeight;
  if (to < from && index >= to && index < from) return draggedHeight;
  return 0;
}

/** Scroll speed (px per frame) when the finger is within `edge` px of the top or bottom. */
export function edgeScroll(clientY: number, viewportHeight: number, edge: number, bottomInset = 0): number {
  if (clientY < edge) return -Math.ceil(((edge - clientY) / edge) * 16);
  const bottom = viewportHeight - bottomInset;
  if (clientY > bottom - edge) return Math.ceil(((clientY - (bottom - edge)) / edge) * 16);
  return 0;
}
