import type { MapsPlace } from '@comanda/contract';
import { formatAddressLine, haversineMetres } from '@comanda/domain';
import type { AddressT } from '../address-texts.ts';
import type { MapsProvider } from '../api/addresses-api.ts';
import type { LatLng, PositionProblem } from '../model/wizard-rules.ts';
import { ProviderMap } from './provider-map.tsx';
import { StreetTileMap } from './street-tile-map.tsx';

const NUDGE_METRES = 50;

export interface WizardMapStepProps {
  place: MapsPlace | null;
  maps: MapsProvider;
  position: LatLng;
  reference: LatLng | null;
  /** Why the position cannot be confirmed, if it cannot. */
  /** Why the position cannot be confirmed: the rules' problem, or the store does not deliver there. */
  problem: PositionProblem | 'notDeliverable';
  onMove: (position: LatLng) => void;
  /** Metres north (+) or south (−), east (+) or west (−). */
  onNudge: (north: number, east: number) => void;
  onConfirm: () => void;
  t: AddressT;
}

/** Beside a provider's own map: the keyboard way to move its marker. */
function NudgeControls({ onNudge, t }: { onNudge: (north: number, east: number) => void; t: AddressT }) {
  return (
    <fieldset className="address-nudge">
      <legend className="field-label">{t('adjust')}</legend>
      <button
        type="button"
        className="button button-secondary"
        aria-label={t('north')}
        onClick={() => onNudge(NUDGE_METRES, 0)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-label={t('west')}
        onClick={() => onNudge(0, -NUDGE_METRES)}
      >
        ←
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-label={t('east')}
        onClick={() => onNudge(0, NUDGE_METRES)}
      >
        →
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-label={t('south')}
        onClick={() => onNudge(-NUDGE_METRES, 0)}
      >
        ↓
      </button>
    </fieldset>
  );
}

/** Step 2: move the map (or the nudge controls) to confirm the position, within 500 m. */
export function WizardMapStep({
  place,
  maps,
  position,
  reference,
  problem,
  onMove,
  onNudge,
  onConfirm,
  t,
}: WizardMapStepProps) {
  return (
    <div className="account-form">
      {place ? (
        <p className="account-text address-line">
          {formatAddressLine({
            street: place.street,
            number: place.number ?? '',
            district: place.district,
            city: place.city,
            state: place.state,
          })}
        </p>
      ) : null}
      {maps.mountMap ? (
        <>
          <ProviderMap maps={maps} position={position} onMove={onMove} />
          <NudgeControls onNudge={onNudge} t={t} />
        </>
      ) : (
        <StreetTileMap
          position={position}
          onMove={onMove}
          onNudge={onNudge}
          nudgeMetres={NUDGE_METRES}
          t={t}
        />
      )}
      {reference ? (
        <p className="account-text" aria-live="polite">
          {t('distance', { metres: Math.round(haversineMetres(reference, position)) })}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem === 'tooFar'
            ? t('tooFar')
            : problem === 'notDeliverable'
              ? t('notDeliverable')
              : t('noStreet')}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={problem !== null}
          onClick={onConfirm}
        >
          {t('confirmPosition')}
        </button>
      </div>
    </div>
  );
}
