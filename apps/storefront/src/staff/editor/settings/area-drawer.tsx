import { type PointerEvent, useId, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/preferences.ts';
import { Dialog } from '../../../shared/dialog.tsx';
import {
  areaText,
  cornersOf,
  distanceText,
  fitZoom,
  fromMetres,
  type Metres,
  type Point,
  parsePoints,
  pointsText,
  ringAreaSquareMetres,
  scaleBar,
  TILE_METRES,
  tileCentres,
  toMetres,
  ZOOMS,
} from './delivery-model.ts';
import type { DeliveryT } from './delivery-texts.ts';

/*
 * The area drawer: a plane centred on the store (north up, metres), the maps stand-in's street
 * pictures behind it when they are drawn near their own scale, a plain grid otherwise. Tap to add
 * a corner, drag a corner to move it, tap the first corner to close the ring. The list of points
 * under it is the keyboard's (and a pasted list's) way to the same corners. Google's own drawing
 * tools are not used here: this server has no way to reach them.
 */

const WIDTH = 480;
const HEIGHT = 400;
/** A press that moves less than this is a tap. */
const TAP_PX = 6;
const POLYGON = '#1f4fd1';

export interface AreaDraft {
  name: string;
  polygon: readonly (readonly [number, number])[];
}

function tileUrl([lat, lng]: Point) {
  return `/core/v2/maps/tile?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}`;
}

export function AreaDrawer({
  area,
  store,
  others,
  t,
  onDone,
  onCancel,
}: {
  area: AreaDraft;
  /** The store's position, the plane's centre; null when the store has none yet. */
  store: Point | null;
  others: AreaDraft[];
  t: DeliveryT;
  onDone: (corners: Point[]) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const listId = useId();
  const language = useLanguage();
  const [corners, setCorners] = useState<Point[]>(() => cornersOf(area.polygon));
  const [text, setText] = useState(() => pointsText(cornersOf(area.polygon)));
  const [textProblem, setTextProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(corners.length === 0);
  const [selected, setSelected] = useState<number | null>(null);
  const centre: Point | null = store ?? corners[0] ?? null;
  const [zoom, setZoom] = useState(() =>
    centre && corners.length > 0
      ? fitZoom(
          corners.map((corner) => toMetres(corner, centre)),
          WIDTH,
          HEIGHT,
        )
      : 5,
  );
  const [view, setView] = useState<Metres>({ x: 0, y: 0 });
  const svg = useRef<SVGSVGElement>(null);
  const press = useRef<{
    id: number;
    x: number;
    y: number;
    corner: number | null;
    view: Metres;
    moved: boolean;
  } | null>(null);

  /** The whole area in view, around the store. */
  const fit = () => {
    setView({ x: 0, y: 0 });
    if (centre && corners.length > 0)
      setZoom(
        fitZoom(
          corners.map((corner) => toMetres(corner, centre)),
          WIDTH,
          HEIGHT,
        ),
      );
  };

  /** Corners drawn or dragged: the list follows. */
  const draw = (next: Point[]) => {
    setCorners(next);
    setText(pointsText(next));
    setTextProblem(null);
  };

  const toPlane = (metres: Metres) => ({
    x: WIDTH / 2 + (metres.x - view.x) / zoom,
    y: HEIGHT / 2 - (metres.y - view.y) / zoom,
  });
  const planeOf = (event: PointerEvent) => {
    const box = svg.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * WIDTH) / box.width,
      y: ((event.clientY - box.top) * HEIGHT) / box.height,
    };
  };
  const metresAt = (plane: { x: number; y: number }): Metres => ({
    x: view.x + (plane.x - WIDTH / 2) * zoom,
    y: view.y - (plane.y - HEIGHT / 2) * zoom,
  });

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const handle = (event.target as Element).closest('[data-corner]');
    const corner = handle ? Number(handle.getAttribute('data-corner')) : null;
    press.current = { id: event.pointerId, x: event.clientX, y: event.clientY, corner, view, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const current = press.current;
    if (!current || current.id !== event.pointerId || !centre) return;
    const box = svg.current!.getBoundingClientRect();
    const dx = ((event.clientX - current.x) * WIDTH) / box.width;
    const dy = ((event.clientY - current.y) * HEIGHT) / box.height;
    if (!current.moved && Math.hypot(dx, dy) < TAP_PX) return;
    current.moved = true;
    if (current.corner !== null) {
      const point = fromMetres(metresAt(planeOf(event)), centre);
      draw(corners.map((corner, i) => (i === current.corner ? point : corner)));
      setSelected(current.corner);
    } else {
      setView({ x: current.view.x - dx * zoom, y: current.view.y + dy * zoom });
    }
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    const current = press.current;
    press.current = null;
    if (!current || current.id !== event.pointerId || current.moved || !centre) return;
    if (current.corner !== null) {
      // Tapping the first corner closes the ring.
      if (adding && current.corner === 0 && corners.length >= 3) setAdding(false);
      else setSelected(current.corner);
      return;
    }
    if (!adding) return setSelected(null);
    const next = [...corners, fromMetres(metresAt(planeOf(event)), centre)];
    draw(next);
    setSelected(next.length - 1);
  };

  const size = ringAreaSquareMetres(corners, centre ?? [0, 0]);
  const bar = scaleBar(zoom, 120);
  const grid = scaleBar(zoom, 90).metres;
  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  const plane = (points: readonly (readonly [number, number])[]) =>
    centre
      ? points
          .map((point) => toPlane(toMetres(point, centre)))
          .map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`)
          .join(' ')
      : '';

  return (
    <Dialog labelledBy={titleId} className="area-dialog" onClose={onCancel}>
      <header className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {t('drawerTitle', { name: area.name || t('areaUnnamed') })}
        </h2>
      </header>
      <div className="area-drawer">
        {centre ? (
          <>
            <p className="editor-hint" id={`${listId}-how`}>
              {adding ? t('drawAdding') : t('drawEditing')}
            </p>
            <div className="area-plane" data-adding={adding || undefined}>
              <svg
                ref={svg}
                className="area-svg"
                viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                role="img"
                aria-label={t('planeLabel', { count: corners.length })}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={() => {
                  press.current = null;
                }}
              >
                <Grid spacing={grid} zoom={zoom} view={view} />
                {tileCentres(zoom, WIDTH, HEIGHT, view).map((tile) => {
                  const middle = toPlane(tile);
                  const width = TILE_METRES.width / zoom;
                  const height = TILE_METRES.height / zoom;
                  return (
                    <image
                      key={`${tile.x}/${tile.y}`}
                      href={tileUrl(fromMetres(tile, centre))}
                      x={middle.x - width / 2}
                      y={middle.y - height / 2}
                      width={width}
                      height={height}
                      preserveAspectRatio="none"
                    />
                  );
                })}
                {others.map((other, i) =>
                  other.polygon.length > 1 ? (
                    <polygon
                      // biome-ignore lint/suspicious/noArrayIndexKey: areas have no id; the list is redrawn whole
                      key={i}
                      points={plane(other.polygon)}
                      fill="rgb(82 82 91 / 0.12)"
                      stroke="#52525b"
                      strokeWidth="1.5"
                      strokeDasharray="6 4"
                    />
                  ) : null,
                )}
                {corners.length >= 3 ? (
                  <polygon
                    points={plane(corners)}
                    fill="rgb(31 79 209 / 0.18)"
                    stroke={POLYGON}
                    strokeWidth="3"
                    strokeLinejoin="round"
                  />
                ) : corners.length === 2 ? (
                  <polyline points={plane(corners)} fill="none" stroke={POLYGON} strokeWidth="3" />
                ) : null}
                <StoreMark at={toPlane({ x: 0, y: 0 })} label={t('storeMark')} />
                {corners.map((corner, i) => {
                  const { x, y } = toPlane(toMetres(corner, centre));
                  const first = i === 0 && adding && corners.length >= 3;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its place in the ring
                    <g key={i} data-corner={i} style={{ cursor: 'grab' }}>
                      <circle cx={x} cy={y} r="20" fill="transparent" />
                      <circle
                        cx={x}
                        cy={y}
                        r={first ? 11 : 9}
                        fill={selected === i ? POLYGON : '#ffffff'}
                        stroke={POLYGON}
                        strokeWidth="3"
                      />
                      <text
                        x={x}
                        y={y - 14}
                        textAnchor="middle"
                        fontSize="13"
                        fontWeight="700"
                        fill="#18181b"
                        stroke="#ffffff"
                        strokeWidth="3"
                        paintOrder="stroke"
                      >
                        {i + 1}
                      </text>
                    </g>
                  );
                })}
                <g transform={`translate(12 ${HEIGHT - 30})`}>
                  <rect
                    x="-6"
                    y="-16"
                    width={bar.pixels + 12}
                    height="28"
                    rx="4"
                    fill="rgb(255 255 255 / 0.9)"
                  />
                  <path d={`M0 0V6H${bar.pixels}V0`} fill="none" stroke="#18181b" strokeWidth="2" />
                  <text x={bar.pixels / 2} y="-3" textAnchor="middle" fontSize="12" fill="#18181b">
                    {distanceText(bar.metres, language)}
                  </text>
                </g>
              </svg>
              <div className="area-zoom">
                <button
                  type="button"
                  aria-label={t('zoomIn')}
                  disabled={zoomIndex <= 0}
                  onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)]!)}
                >
                  +
                </button>
                <button
                  type="button"
                  aria-label={t('zoomOut')}
                  disabled={zoomIndex >= ZOOMS.length - 1}
                  onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)]!)}
                >
                  −
                </button>
              </div>
            </div>
            <p className="settings-summary" role="status">
              {corners.length === 0
                ? t('noCorners')
                : corners.length < 3
                  ? t('tooFewCorners', { count: corners.length })
                  : t('cornersSummary', { count: corners.length, size: areaText(size, language) })}
            </p>
            <div className="area-tools">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-pressed={adding}
                onClick={() => setAdding((value) => !value)}
              >
                {adding ? t('stopAdding') : t('startAdding')}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={corners.length === 0}
                onClick={() => {
                  draw(corners.slice(0, -1));
                  setSelected(null);
                }}
              >
                {t('undoCorner')}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={selected === null || selected >= corners.length}
                onClick={() => {
                  draw(corners.filter((_, i) => i !== selected));
                  setSelected(null);
                }}
              >
                {selected === null ? t('removeCorner') : t('removeCornerN', { n: selected + 1 })}
              </button>
              <button type="button" className="button button-secondary button-small" onClick={fit}>
                {t('recentre')}
              </button>
            </div>
          </>
        ) : (
          <p className="settings-provider" data-missing="true">
            {t('noStorePosition')}
          </p>
        )}
        <div className="editor-field area-points">
          <label htmlFor={listId}>{t('pointsLabel')}</label>
          <textarea
            id={listId}
            value={text}
            rows={6}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${listId}-hint`}
            aria-invalid={textProblem ? true : undefined}
            onBlur={() => {
              if (!textProblem) fit();
            }}
            onChange={(event) => {
              setText(event.target.value);
              const parsed = parsePoints(event.target.value);
              if (parsed.ok) {
                setCorners(parsed.corners);
                setTextProblem(null);
                setSelected(null);
              } else {
                setTextProblem(t('pointsLineProblem', { line: parsed.line, text: parsed.text }));
              }
            }}
          />
          <p id={`${listId}-hint`} className={textProblem ? 'editor-issue' : 'editor-hint'}>
            {textProblem ?? t('pointsHint')}
          </p>
        </div>
        <div className="area-footer">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('drawerCancel')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={textProblem !== null}
            onClick={() => onDone(corners)}
          >
            {t('drawerDone')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function Grid({ spacing, zoom, view }: { spacing: number; zoom: number; view: Metres }) {
  const lines: string[] = [];
  const left = view.x - (WIDTH / 2) * zoom;
  const top = view.y + (HEIGHT / 2) * zoom;
  for (let x = Math.ceil(left / spacing) * spacing; x <= left + WIDTH * zoom; x += spacing) {
    const px = (x - left) / zoom;
    lines.push(`M${px.toFixed(1)} 0V${HEIGHT}`);
  }
  for (let y = Math.floor(top / spacing) * spacing; y >= top - HEIGHT * zoom; y -= spacing) {
    const py = (top - y) / zoom;
    lines.push(`M0 ${py.toFixed(1)}H${WIDTH}`);
  }
  return (
    <>
      <rect width={WIDTH} height={HEIGHT} fill="#f1efe9" />
      <path d={lines.join('')} stroke="#d4d1c8" strokeWidth="1" fill="none" />
    </>
  );
}

/** Material "storefront" (Apache 2.0) in a disc: where the store is. */
function StoreMark({ at, label }: { at: { x: number; y: number }; label: string }) {
  return (
    <g transform={`translate(${at.x - 14} ${at.y - 14})`}>
      <title>{label}</title>
      <circle cx="14" cy="14" r="14" fill="#18181b" />
      <path
        transform="translate(4 4) scale(0.8333)"
        d="M21.9 8.89l-1.05-4.37c-.22-.9-1-1.52-1.91-1.52H5.05c-.9 0-1.69.63-1.9 1.52L2.1 8.89c-.24 1.02-.02 2.06.62 2.88.08.11.19.19.28.29V19c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2v-6.94c.09-.09.2-.18.28-.28.64-.82.87-1.87.62-2.89zM7.02 5l-.58 4.86c-.08.65-.6 1.14-1.21 1.14-.49 0-.8-.29-.93-.47-.26-.33-.35-.76-.25-1.17L5.05 5h1.97zm11.91 0l1.05 4.36c.1.42.01.84-.25 1.17-.14.18-.44.47-.94.47-.61 0-1.14-.49-1.21-1.14L16.98 5h1.95zM15.5 9.52c.05.39-.07.78-.33 1.07-.23.26-.55.41-.96.41-.67 0-1.22-.59-1.22-1.31V5h1.96l.55 4.52zM11 9.69c0 .72-.55 1.31-1.29 1.31-.34 0-.65-.15-.89-.41-.25-.29-.37-.68-.33-1.07L9.04 5H11v4.69zM19 19H5v-6.03c.08.01.15.03.23.03.87 0 1.66-.36 2.24-.95.6.6 1.4.95 2.31.95.87 0 1.65-.36 2.23-.93.59.57 1.39.93 2.29.93.84 0 1.64-.35 2.24-.95.58.59 1.37.95 2.24.95.08 0 .15-.02.23-.03V19z"
        fill="#ffffff"
      />
    </g>
  );
}
