import { useEffect, useRef, useState } from 'react';
import { useAddressT } from '../address-texts.ts';
import type { MapHandle, MapsProvider } from '../api/addresses-api.ts';
import type { LatLng } from '../model/wizard-rules.ts';

/**
 * Step 2's map when the provider draws one (Google: zoom 16, a draggable marker whose dragend moves
 * the position). The nudge controls stay beside it as the keyboard way to move the position.
 */
export function ProviderMap({
  maps,
  position,
  onMove,
}: {
  maps: MapsProvider;
  position: LatLng;
  onMove: (position: LatLng) => void;
}) {
  const t = useAddressT();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const latest = useRef({ position, onMove });
  latest.current = { position, onMove };
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = element.current;
    if (!target || !maps.mountMap) return;
    let live = true;
    maps
      .mountMap(target, latest.current.position, (moved) => latest.current.onMove(moved))
      .then((mounted) => {
        if (!live) {
          mounted.destroy();
          return;
        }
        handle.current = mounted;
        mounted.setPosition(latest.current.position);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [maps]);

  useEffect(() => {
    handle.current?.setPosition(position);
  }, [position]);

  if (failed) return null;
  return <div ref={element} className="address-map" role="application" aria-label={t('mapLabel')} />;
}
