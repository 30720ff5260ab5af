import { storeClockText } from '@comanda/domain';
import { useId } from 'react';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { Dialog } from '../../shared/dialog.tsx';
import type { StaffT } from '../lib/staff-texts.ts';
import { ALARM_SOUNDS, type AlarmSound } from './alarm.ts';
import { SNOOZE_MINUTES } from './board-model.ts';

const SOUND_NAME: Record<AlarmSound, Parameters<StaffT>[0]> = {
  bell: 'soundBell',
  beeps: 'soundBeeps',
  siren: 'soundSiren',
};

/** The alarm's controls on this device: its sound (with a test), and a snooze of a few minutes. */
export function AlarmPanel({
  t,
  sound,
  snoozedUntil,
  onSound,
  onTest,
  onSnooze,
  onClose,
}: {
  t: StaffT;
  sound: AlarmSound;
  snoozedUntil: Date | null;
  onSound: (sound: AlarmSound) => void;
  onTest: () => void;
  /** Minutes to stay silent; null ends the snooze. */
  onSnooze: (minutes: number | null) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="staff-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
        }}
      >
        <h2 id={titleId}>{t('alarmTitle')}</h2>
        <fieldset className="staff-choice">
          <legend>{t('alarmSoundLabel')}</legend>
          {ALARM_SOUNDS.map((each) => (
            <label key={each} className="staff-radio">
              <input
                type="radio"
                name="alarm-sound"
                checked={sound === each}
                onChange={() => onSound(each)}
              />
              {t(SOUND_NAME[each])}
            </label>
          ))}
        </fieldset>
        <button type="button" className="button button-secondary" onClick={onTest}>
          {t('testSound')}
        </button>
        <fieldset className="staff-choice">
          <legend>{t('snoozeTitle')}</legend>
          <p className="staff-muted">{t('snoozeHint')}</p>
          {snoozedUntil ? (
            <>
              <p className="staff-snoozed" role="status">
                {t('snoozedUntil', { time: storeClockText(snoozedUntil, pageStoreTimeZone()) })}
              </p>
              <button type="button" className="button button-primary" onClick={() => onSnooze(null)}>
                {t('endSnooze')}
              </button>
            </>
          ) : (
            <div className="staff-segmented">
              {SNOOZE_MINUTES.map((minutes) => (
                <button key={minutes} type="button" onClick={() => onSnooze(minutes)}>
                  {t('snoozeFor', { minutes })}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <div className="staff-dialog-actions">
          <button type="submit" className="button button-secondary">
            {t('close')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
