import {
  isFullName,
  isPasswordLongEnough,
  PASSWORD_MAX_LENGTH,
  PHONE_RULES,
  type PhoneCountry,
} from '@comanda/domain';
import { type FormEvent, useRef, useState } from 'react';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { TermsDialog } from '../../../components/terms-dialog.tsx';
import { CheckboxField, TextField } from '../../../components/text-field.tsx';
import { formatPhone } from '../../../lib/phone-display.ts';
import { signUp } from '../api/auth-api.ts';
import { useAuthT } from '../auth-texts.ts';
import { problemText } from '../problem-text.ts';
import { StepHeading } from './step-heading.tsx';

export interface SignUpStepProps {
  country: PhoneCountry;
  /** The national number as typed (sent as cellphone with the country's ddi). */
  cellphone: string;
  loginDigits: string;
  /** A name the lookup already knew; then it is only required, not checked for a surname. */
  prefilledName: string;
  onBack: () => void;
  onSignedIn: (token: string) => void;
}

const NAME_MAX_LENGTH = 120;

/** signup (spec sections 2 and 5 "Sign-up"): name, password, terms, and the promotions opt-in. */
export function SignUpStep({
  country,
  cellphone,
  loginDigits,
  prefilledName,
  onBack,
  onSignedIn,
}: SignUpStepProps) {
  const t = useAuthT();
  const [name, setName] = useState(prefilledName);
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [sendPromo, setSendPromo] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);

  const nameOk = prefilledName && name === prefilledName ? name.trim() !== '' : isFullName(name);
  const errors = {
    name: nameOk ? null : t('nameAndLastName'),
    password: isPasswordLongEnough(password) ? null : t('invalidPassword'),
    terms: terms ? null : t('mustAcceptTerms'),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = errors.name
      ? nameRef
      : errors.password
        ? passwordRef
        : errors.terms
          ? termsRef
          : null;
    if (firstInvalid) {
      firstInvalid.current?.focus();
      return;
    }
    if (busy) return;
    setBusy(true);
    const outcome = await signUp({
      name,
      password,
      cellphone,
      ddi: PHONE_RULES[country].dialCode,
      sendPromo,
    });
    setBusy(false);
    if (outcome.kind === 'signed-in') onSignedIn(outcome.token);
    else setProblem(problemText(outcome, t));
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <StepHeading focus>{t('signupHeading')}</StepHeading>
      <p className="account-text">{t('phoneNotFound')}</p>
      <p className="account-text">{t('changePhone', { phone: formatPhone(loginDigits) })}</p>
      <TextField
        ref={nameRef}
        label={t('fullName')}
        autoComplete="name"
        autoCapitalize="words"
        maxLength={NAME_MAX_LENGTH}
        value={name}
        error={submitted ? errors.name : null}
        onChange={(event) => setName(event.target.value)}
      />
      {/* For password managers: the account this password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={loginDigits} readOnly hidden />
      <TextField
        ref={passwordRef}
        label={t('password')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        hint={t('passwordHint')}
        value={password}
        error={submitted ? errors.password : null}
        onChange={(event) => setPassword(event.target.value)}
      />
      <CheckboxField
        ref={termsRef}
        label={t('acceptTerms')}
        checked={terms}
        error={submitted ? errors.terms : null}
        onChange={(event) => setTerms(event.target.checked)}
      />
      <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
        {t('readTerms')}
      </button>
      <CheckboxField
        label={t('sendPromo')}
        checked={sendPromo}
        onChange={(event) => setSendPromo(event.target.checked)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={busy}>
          {busy ? t('creatingAccount') : t('createAccount')}
        </button>
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t('back')}
        </button>
      </div>
      {termsOpen ? <TermsDialog onClose={() => setTermsOpen(false)} /> : null}
      {problem ? (
        <AlertDialog
          title={t('problemTitle')}
          message={problem}
          buttonLabel={t('gotIt')}
          onClose={() => setProblem(null)}
        />
      ) : null}
    </form>
  );
}
