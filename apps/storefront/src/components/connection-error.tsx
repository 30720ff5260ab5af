import { useState } from 'react';
import { useT } from '../lib/i18n.ts';
import { CloudOffIcon } from './icons.tsx';

/**
 * The full-screen connection problem of spec section 8, never a blank page. Try again calls
 * `onRetry` (which refetches everything) and shows that it is trying.
 */
export function ConnectionError({ onRetry }: { onRetry: () => unknown }) {
  const t = useT();
  const [retrying, setRetrying] = useState(false);
  return (
    <div className="connection-error" role="alert" aria-live="assertive">
      <CloudOffIcon className="connection-error-icon" width="56" height="56" />
      <p className="connection-error-text">{t('connectionError')}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={retrying}
        onClick={async () => {
          setRetrying(true);
          try {
            await onRetry();
          } finally {
            setRetrying(false);
          }
        }}
      >
        {retrying ? t('retrying') : t('tryAgain')}
      </button>
    </div>
  );
}
