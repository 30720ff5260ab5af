import { useId, useState } from 'react';
import { Dialog } from '../../shared/dialog.tsx';
import { useStaffT } from './staff-texts.ts';

/**
 * The owner's password before a PIX key change is saved (issue 33): the server asks for it
 * (403 OWNER_PASSWORD_REQUIRED), and says when it was wrong (OWNER_PASSWORD_WRONG, shown here).
 */
export function OwnerPasswordDialog({
  error,
  onAnswer,
}: {
  /** The server's words about the last try, if it was refused. */
  error: string | null;
  onAnswer: (password: string | null) => void;
}) {
  const t = useStaffT();
  const titleId = useId();
  const [password, setPassword] = useState('');
  return (
    <Dialog labelledBy={titleId} onClose={() => onAnswer(null)} className="staff-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onAnswer(password);
        }}
      >
        <h2 id={titleId}>{t('ownerPasswordTitle')}</h2>
        <p className="staff-muted">{t('ownerPasswordHint')}</p>
        <label className="staff-field">
          <span>{t('ownerPasswordLabel')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onAnswer(null)}>
            {t('back')}
          </button>
          <button type="submit" className="button button-primary">
            {t('ownerPasswordConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
