import { useId, useState } from 'react';
import { Dialog } from '../../shared/dialog.tsx';
import type { StaffT } from './staff-texts.ts';

/**
 * Refusing or cancelling asks why: the customer reads the reason in the order's detail. The
 * store's preset reasons are one tap each; any other can be typed.
 */
export function ReasonDialog({
  title,
  presets,
  t,
  onCancel,
  onConfirm,
}: {
  title: string;
  presets: readonly string[];
  t: StaffT;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    await onConfirm(reason.trim());
    setBusy(false);
  };
  return (
    <Dialog labelledBy={titleId} onClose={onCancel} className="staff-dialog">
      <form onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        {presets.length > 0 ? (
          <fieldset className="staff-reason-presets">
            <legend className="staff-reason-presets-title">{t('reasonPresets')}</legend>
            {presets.map((preset) => (
              <button
                key={preset}
                type="button"
                className="staff-chip"
                aria-pressed={reason.trim() === preset}
                onClick={() => {
                  setReason(preset);
                  setMissing(false);
                }}
              >
                {preset}
              </button>
            ))}
          </fieldset>
        ) : null}
        <label className="staff-field">
          <span>{t('reasonLabel')}</span>
          <textarea
            value={reason}
            maxLength={200}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        {missing ? (
          <p className="staff-error" role="alert">
            {t('reasonRequired')}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('back')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
