import { isPasswordLongEnough, PASSWORD_MAX_LENGTH } from '@comanda/domain';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatPhone } from '../../../lib/phone-display.ts';
import { signIn } from '../api/auth-api.ts';
import { useAuthT } from '../auth-texts.ts';
import { StepHeading } from './step-heading.tsx';

export interface PasswordStepProps {
  loginDigits: string;
  /** The first name the lookup answered. */
  name: string;
  onBack: () => void;
  onSignedIn: (token: string) => void;
}

/** signin (spec sections 2 and 5 "Sign-in"): the password, at least 8 characters. */
export function PasswordStep({ loginDigits, name, onBack, onSignedIn }: PasswordStepProps) {
  const t = useAuthT();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const passwordError = submitted && !isPasswordLongEnough(password) ? t('invalidPassword') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isPasswordLongEnough(password)) {
      inputRef.current?.focus();
      return;
    }
    if (busy) return;
    setBusy(true);
    const outcome = await signIn(loginDigits, password);
    setBusy(false);
    if (outcome.kind === 'signed-in') onSignedIn(outcome.token);
    else if (outcome.kind === 'refused') setDialog(t('loginWrong'));
    else if (outcome.kind === 'throttled') setDialog(outcome.detail);
    else if (outcome.kind === 'busy') setDialog(t('signinBusy'));
    else setDialog(t('connectionError'));
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <StepHeading focus>{name ? t('signinHeading', { name }) : t('signinHeadingNoName')}</StepHeading>
      <p className="account-text">{t('changePhone', { phone: formatPhone(loginDigits) })}</p>
      <p className="account-text">{t('signinIntro')}</p>
      {/* For password managers: the account this password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={loginDigits} readOnly hidden />
      <TextField
        ref={inputRef}
        label={t('password')}
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={password}
        error={passwordError}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Link href={`/forgot/${loginDigits}`} className="link-button">
        {t('forgotPassword')}
      </Link>
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={busy}>
          {busy ? t('signingIn') : t('signIn')}
        </button>
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t('back')}
        </button>
      </div>
      {dialog ? (
        <AlertDialog
          title={t('loginErrorTitle')}
          message={dialog}
          buttonLabel={t('gotIt')}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </form>
  );
}
