import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { CheckboxField } from '../../../components/text-field.tsx';
import type { PrivacyUpdateOutcome } from '../api/privacy-api.ts';
import { usePrivacyT } from '../privacy-texts.ts';

/** Spec section 9: after a successful save the app goes to /home after 3 s. */
export const PRIVACY_REDIRECT_MS = 3000;

export interface PrivacyFormProps {
  /** The first name to greet, when known. */
  name?: string;
  sendPromo: boolean;
  save: (sendPromo: boolean) => Promise<PrivacyUpdateOutcome>;
}

/** The promotional-messages preference (send_promo get_promo / remove_promo) and its save. */
export function PrivacyForm({ name, sendPromo: initial, save }: PrivacyFormProps) {
  const t = usePrivacyT();
  const [, navigate] = useLocation();
  const [sendPromo, setSendPromo] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PrivacyUpdateOutcome | null>(null);

  useEffect(() => {
    if (outcome !== 'saved') return;
    const timer = setTimeout(() => navigate('/home'), PRIVACY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || outcome === 'saved') return;
    setBusy(true);
    setOutcome(null);
    const result = await save(sendPromo);
    setBusy(false);
    setOutcome(result);
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <h2 className="account-heading">{name ? t('privacyGreeting', { name }) : t('privacyHeading')}</h2>
      <p className="account-text">{t('privacyIntro')}</p>
      <CheckboxField
        label={t('sendPromo')}
        checked={sendPromo}
        disabled={outcome === 'saved'}
        onChange={(event) => setSendPromo(event.target.checked)}
      />
      {outcome === 'failed' || outcome === 'not-found' ? (
        <p className="form-alert" role="alert">
          {t(outcome === 'failed' ? 'privacyUpdateError' : 'privacyUserNotFound')}
        </p>
      ) : null}
      {/* Present before it speaks, so screen readers announce the success. */}
      <div className="form-live" role="status">
        {outcome === 'saved' ? <p className="form-status">{t('privacyUpdateSuccess')}</p> : null}
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          aria-busy={busy}
          disabled={outcome === 'saved'}
        >
          {busy ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
