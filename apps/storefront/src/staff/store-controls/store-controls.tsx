import type { StoreControlsReply } from '@comanda/contract';
import { storeClockText } from '@comanda/domain';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { scheduleText } from '../../lib/schedule-times.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { SoldOutList } from './sold-out-list.tsx';

const PAUSES = [15, 30, 60] as const;

/** Open, close or pause the store, the order settings, and the sold-out switches. */
/** The store's controls; attendants see where the store stands and switch items sold out only. */
export function StoreControls({
  t,
  onAutoPrint,
  canManage,
}: {
  t: StaffT;
  onAutoPrint: (on: boolean) => void;
  canManage: boolean;
}) {
  const language = useLanguage();
  const [controls, setControls] = useState<StoreControlsReply | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    staffFetch<StoreControlsReply>('/staff/store').then(setControls, () => undefined);
  }, []);

  const change = async (path: string, method: string, json?: unknown) => {
    setError(null);
    try {
      const reply = await staffFetch<StoreControlsReply>(path, { method, json });
      setControls(reply);
      onAutoPrint(reply.auto_print);
    } catch (caught) {
      setError(caught instanceof StaffApiError ? caught.detail : String(caught));
    }
  };

  if (!controls) return <p className="staff-muted staff-pad">{t('loading')}</p>;
  const now = new Date();
  return (
    <main className="staff-controls">
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      <section className="staff-card" aria-labelledby="staff-status-title">
        <h2 id="staff-status-title">{t('storeStatus')}</h2>
        <p className={controls.open_now ? 'staff-open' : 'staff-closed'}>
          {controls.open_now ? t('openNow') : t('closedNow')}
        </p>
        {controls.reopens_at ? (
          <p className="staff-muted">
            {t('reopensAt', { when: scheduleText(controls.reopens_at, now, language, pageStoreTimeZone()) })}
          </p>
        ) : null}
        {canManage ? null : <p className="staff-muted">{t('viewOnlyControls')}</p>}
        {canManage ? (
          <fieldset className="staff-segmented">
            <legend className="sr-only">{t('storeStatus')}</legend>
            {(['auto', 'open', 'closed'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={controls.mode === mode}
                onClick={() => void change('/staff/store/mode', 'PUT', { mode })}
              >
                {t(mode === 'auto' ? 'modeAuto' : mode === 'open' ? 'modeOpen' : 'modeClosed')}
              </button>
            ))}
          </fieldset>
        ) : null}
      </section>

      {canManage ? (
        <>
          <section className="staff-card" aria-labelledby="staff-pause-title">
            <h2 id="staff-pause-title">{t('pauseTitle')}</h2>
            {controls.paused_until ? (
              <>
                <p>
                  {t('pausedUntil', {
                    time: storeClockText(new Date(controls.paused_until), pageStoreTimeZone()),
                  })}
                  {controls.pause_reason ? ` · ${controls.pause_reason}` : ''}
                </p>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void change('/staff/store/pause', 'DELETE')}
                >
                  {t('endPause')}
                </button>
              </>
            ) : (
              <>
                <label className="staff-field">
                  <span>{t('pauseReason')}</span>
                  <input value={reason} maxLength={120} onChange={(event) => setReason(event.target.value)} />
                </label>
                <div className="staff-segmented">
                  {PAUSES.map((minutes) => (
                    <button
                      key={minutes}
                      type="button"
                      onClick={() =>
                        void change(
                          '/staff/store/pause',
                          'POST',
                          reason.trim() ? { minutes, reason: reason.trim() } : { minutes },
                        )
                      }
                    >
                      {t('pauseFor', { minutes })}
                    </button>
                  ))}
                </div>
              </>
            )}
          </section>

          <section className="staff-card">
            <label className="staff-switch">
              <input
                type="checkbox"
                checked={controls.auto_accept}
                onChange={(event) =>
                  void change('/staff/store/settings', 'PATCH', { auto_accept: event.target.checked })
                }
              />
              {t('autoAccept')}
            </label>
            <label className="staff-switch">
              <input
                type="checkbox"
                checked={controls.auto_print}
                onChange={(event) =>
                  void change('/staff/store/settings', 'PATCH', { auto_print: event.target.checked })
                }
              />
              {t('autoPrint')}
            </label>
          </section>
        </>
      ) : null}

      <SoldOutList />
    </main>
  );
}
