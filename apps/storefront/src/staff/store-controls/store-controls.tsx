import type { StoreControlsReply } from '@comanda/contract';
import { ORDER_REASONS_LIMITS, orderReasonsProblem, PAUSE_MINUTES, storeClockText } from '@comanda/domain';
import { useEffect, useId, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { scheduleText } from '../../lib/schedule-times.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { staffFetch } from '../lib/staff-api.ts';
import { staffErrorText } from '../lib/staff-errors.ts';
import type { StaffT } from '../lib/staff-texts.ts';
import { SoldOutList } from './sold-out-list.tsx';

const PAUSES = [15, 30, 60] as const;

/** Open, close or pause the store, the order settings, and the sold-out switches. */
/** The store's controls; attendants see where the store stands and switch items sold out only. */
export function StoreControls({
  t,
  onControls,
  canManage,
}: {
  t: StaffT;
  /** Every reply, so the board's store line and auto-print follow at once. */
  onControls: (controls: StoreControlsReply) => void;
  canManage: boolean;
}) {
  const language = useLanguage();
  const [controls, setControls] = useState<StoreControlsReply | null>(null);
  const [reason, setReason] = useState('');
  const [otherMinutes, setOtherMinutes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const otherId = useId();

  useEffect(() => {
    staffFetch<StoreControlsReply>('/staff/store').then(setControls, () => undefined);
  }, []);

  const change = async (path: string, method: string, json?: unknown) => {
    setError(null);
    try {
      const reply = await staffFetch<StoreControlsReply>(path, { method, json });
      setControls(reply);
      onControls(reply);
      return true;
    } catch (caught) {
      setError(staffErrorText(caught, t));
      return false;
    }
  };

  const pause = (minutes: number) =>
    change('/staff/store/pause', 'POST', reason.trim() ? { minutes, reason: reason.trim() } : { minutes });

  const pauseOther = (event: React.FormEvent) => {
    event.preventDefault();
    const minutes = Number(otherMinutes.trim());
    if (!Number.isInteger(minutes) || minutes < PAUSE_MINUTES.min || minutes > PAUSE_MINUTES.max) {
      setError(t('pauseMinutesInvalid', { min: PAUSE_MINUTES.min, max: PAUSE_MINUTES.max }));
      return;
    }
    void pause(minutes).then((done) => done && setOtherMinutes(''));
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
                    <button key={minutes} type="button" onClick={() => void pause(minutes)}>
                      {t('pauseFor', { minutes })}
                    </button>
                  ))}
                </div>
                <form className="staff-pause-other" onSubmit={pauseOther}>
                  <label className="staff-field" htmlFor={otherId}>
                    <span>{t('pauseOther')}</span>
                  </label>
                  <div className="staff-inline">
                    <input
                      id={otherId}
                      type="text"
                      inputMode="numeric"
                      pattern="[0-9]*"
                      placeholder={`${PAUSE_MINUTES.min}–${PAUSE_MINUTES.max}`}
                      value={otherMinutes}
                      onChange={(event) => setOtherMinutes(event.target.value.replace(/\D/g, '').slice(0, 3))}
                    />
                    <button type="submit" className="button button-primary">
                      {t('pauseStart')}
                    </button>
                  </div>
                </form>
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

          <ReasonsEditor
            t={t}
            controls={controls}
            onSave={(body) => change('/staff/store/settings', 'PATCH', body)}
          />
        </>
      ) : null}

      <SoldOutList />
    </main>
  );
}

const REASON_PROBLEM_TEXT = {
  blank: 'reasonsBlank',
  too_long: 'reasonsTooLong',
  too_many: 'reasonsTooMany',
  repeated: 'reasonsRepeated',
} as const;

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The store's preset refusal and cancel reasons, one per line (managers and owners). */
function ReasonsEditor({
  t,
  controls,
  onSave,
}: {
  t: StaffT;
  controls: StoreControlsReply;
  onSave: (body: { refusal_reasons: string[]; cancel_reasons: string[] }) => Promise<boolean>;
}) {
  const [refusal, setRefusal] = useState(controls.refusal_reasons.join('\n'));
  const [cancel, setCancel] = useState(controls.cancel_reasons.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const limits = { count: ORDER_REASONS_LIMITS.maxCount, length: ORDER_REASONS_LIMITS.maxLength };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body = { refusal_reasons: linesOf(refusal), cancel_reasons: linesOf(cancel) };
    const wrong = orderReasonsProblem(body.refusal_reasons) ?? orderReasonsProblem(body.cancel_reasons);
    if (wrong) {
      setProblem(t(REASON_PROBLEM_TEXT[wrong], limits));
      return;
    }
    setProblem(null);
    if (await onSave(body)) setSaved(true);
  };
  // The server's lists after a save (an empty list comes back as the defaults).
  useEffect(() => {
    setRefusal(controls.refusal_reasons.join('\n'));
    setCancel(controls.cancel_reasons.join('\n'));
  }, [controls.refusal_reasons, controls.cancel_reasons]);
  return (
    <form className="staff-card" aria-labelledby="staff-reasons-title" onSubmit={save}>
      <h2 id="staff-reasons-title">{t('reasonsTitle')}</h2>
      <p className="staff-muted">{t('reasonsHint', limits)}</p>
      <label className="staff-field">
        <span>{t('refusalReasonsLabel')}</span>
        <textarea
          rows={5}
          value={refusal}
          onChange={(event) => {
            setRefusal(event.target.value);
            setSaved(false);
          }}
        />
      </label>
      <label className="staff-field">
        <span>{t('cancelReasonsLabel')}</span>
        <textarea
          rows={5}
          value={cancel}
          onChange={(event) => {
            setCancel(event.target.value);
            setSaved(false);
          }}
        />
      </label>
      {problem ? (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <p className="staff-ok" role="status">
          {t('reasonsSaved')}
        </p>
      ) : null}
      <button type="submit" className="button button-primary">
        {t('saveReasons')}
      </button>
    </form>
  );
}
