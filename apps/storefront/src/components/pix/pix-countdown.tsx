import { useId } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { formatClockTime, formatCountdown } from './countdown.ts';
import type { PixT } from './pix-texts.ts';
import './pix.css';

/**
 * The time left to pay as mm:ss, and the clock time the code stops working on the store's clock. A
 * timer is not read aloud at every tick; the last minute is announced once. Shared by the
 * customer's PIX screen and a table share's PIX dialog.
 */
export function PixCountdown({
  secondsLeft,
  expiresAt,
  t,
}: {
  secondsLeft: number;
  expiresAt: number;
  t: PixT;
}) {
  const labelId = useId();
  const language = useLanguage();
  return (
    <div className="pix-timer">
      <span id={labelId} className="pix-timer-label">
        {t('pixTimeLeft')}
      </span>
      <span role="timer" aria-labelledby={labelId} className="pix-countdown">
        {formatCountdown(secondsLeft)}
      </span>
      <span className="pix-timer-until">
        {t('pixValidUntil', { time: formatClockTime(expiresAt, language, pageStoreTimeZone()) })}
      </span>
      <span className="sr-only" aria-live="polite">
        {secondsLeft > 0 && secondsLeft <= 60 ? t('pixOneMinute') : ''}
      </span>
    </div>
  );
}
