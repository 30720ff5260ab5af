import { STREET_TILE } from '@comanda/contract';
import { type PointerEvent, useRef, useState } from 'react';
import type { AddressT } from '../address-texts.ts';
import type { LatLng } from '../model/wizard-rules.ts';

const METRES_PER_DEGREE_LAT = 111_195;
/** A press that moves less than this is a tap, not a drag. */
const DRAG_THRESHOLD_PX = 4;

/** The stand-in's street picture around a position (GET /core/v2/maps/tile). */
export function streetTileUrl(position: LatLng): string {
  return `/core/v2/maps/tile?lat=${position.lat.toFixed(6)}&lng=${position.lng.toFixed(6)}`;
}

/** Material "location_on" (Apache 2.0). */
function Pin() {
  return (
    <svg className="map-pin" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        d="M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5a2.5 2.5 0 010-5 2.5 2.5 0 010 5z"
        fill="var(--primary)"
        stroke="var(--on-primary)"
        strokeWidth="1"
      />
    </svg>
  );
}

function Chevron({ turn }: { turn: number }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z"
        fill="currentColor"
        transform={`rotate(${turn} 12 12)`}
      />
    </svg>
  );
}

export interface StreetTileMapProps {
  position: LatLng;
  onMove: (position: LatLng) => void;
  /** Metres north (+) or south (−), east (+) or west (−). */
  onNudge: (north: number, east: number) => void;
  nudgeMetres: number;
  t: AddressT;
}

/**
 * Step 2's map with the maps stand-in: the street picture of the local street index with the pin at
 * its centre. Dragging the picture moves the position under the pin; the pan buttons on its edges
 * are the keyboard (and one-finger) way. People never see coordinates.
 */
export function StreetTileMap({ position, onMove, onNudge, nudgeMetres, t }: StreetTileMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [shownFor, setShownFor] = useState(position);
  if (shownFor !== position) {
    setShownFor(position);
    setOffset({ x: 0, y: 0 });
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    setOffset({ x: event.clientX - drag.current.x, y: event.clientY - drag.current.y });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    if (start?.id !== event.pointerId || !frame.current) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) {
      setOffset({ x: 0, y: 0 });
      return;
    }
    // The picture follows the finger, so the point under the pin moves the other way.
    const metresPerCssPixel = (STREET_TILE.width * STREET_TILE.metresPerPixel) / frame.current.clientWidth;
    const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((position.lat * Math.PI) / 180);
    onMove({
      lat: position.lat + (dy * metresPerCssPixel) / METRES_PER_DEGREE_LAT,
      lng: position.lng - (dx * metresPerCssPixel) / metresPerDegreeLng,
    });
  };

  const pan = (label: string, className: string, turn: number, north: number, east: number) => (
    <button
      type="button"
      className={`map-pan ${className}`}
      aria-label={label}
      onClick={() => onNudge(north * nudgeMetres, east * nudgeMetres)}
    >
      <Chevron turn={turn} />
    </button>
  );

  return (
    <fieldset className="street-map">
      <legend className="sr-only">{t('mapLabel')}</legend>
      <div
        ref={frame}
        className="street-map-frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setOffset({ x: 0, y: 0 });
        }}
      >
        <img
          className="street-map-tile"
          src={streetTileUrl(position)}
          alt=""
          width={STREET_TILE.width}
          height={STREET_TILE.height}
          draggable={false}
          style={offset.x || offset.y ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined}
        />
        <Pin />
      </div>
      {pan(t('north'), 'map-pan-north', 0, 1, 0)}
      {pan(t('west'), 'map-pan-west', -90, 0, -1)}
      {pan(t('east'), 'map-pan-east', 90, 0, 1)}
      {pan(t('south'), 'map-pan-south', 180, -1, 0)}
    </fieldset>
  );
}
