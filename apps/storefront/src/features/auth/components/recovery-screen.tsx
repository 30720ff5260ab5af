import type { CodeChannel } from '@comanda/contract';
import { isPasswordLongEnough, PASSWORD_MAX_LENGTH } from '@comanda/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatPhone } from '../../../lib/phone-display.ts';
import { requestRecoveryCode, resetPassword, signIn } from '../api/auth-api.ts';
import { useAuthT } from '../auth-texts.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { codeStepWords } from '../model/code-channel.ts';
import { formatRecoveryCode, isRecoveryCodeComplete } from '../model/recovery-code.ts';
import { problemText } from '../problem-text.ts';
import '../../../shared/form.css';

export interface RecoveryScreenProps {
  params: Record<string, string | undefined>;
}

/** Login digits are 8 to 15 digits (11 for a Brazilian mobile). */
const LOGIN_DIGITS = /^\d{8,15}$/;

type Message = { title: 'codeSentTitle' | 'problemTitle' | 'passwordChangedTitle'; text: string };

/**
 * /forgot/{phone} (spec sections 2 "Password recovery", 4 "Recovery", 5 "Recovery"): the SMS code
 * is requested on opening; the customer types it (shown as 123-456) and a new password; on success
 * they are signed in with it and go on as after any sign-in.
 */
function Recovery({ loginDigits }: { loginDigits: string }) {
  const t = useAuthT();
  const [, navigate] = useLocation();
  const finish = useFinishSignIn();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  /** The channel the last code went by (issue 36): WhatsApp first where the store has it. */
  const [canal, setCanal] = useState<CodeChannel | null>(null);
  const words = codeStepWords(canal);
  const requested = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors = {
    code: isRecoveryCodeComplete(code) ? null : t('invalidCode'),
    password: isPasswordLongEnough(password) ? null : t('invalidPassword'),
  };

  const sendCode = useCallback(
    async (asked?: CodeChannel) => {
      setSending(true);
      const outcome = await requestRecoveryCode(loginDigits, asked);
      setSending(false);
      if (outcome.kind === 'done') {
        setCanal(outcome.canal);
        setMessage({ title: 'codeSentTitle', text: outcome.detail });
      } else
        setMessage({
          title: 'problemTitle',
          text: problemText(outcome, t),
        });
    },
    [loginDigits, t],
  );

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects in development.
    if (requested.current) return;
    requested.current = true;
    void sendCode();
  }, [sendCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = errors.code ? codeRef : errors.password ? passwordRef : null;
    if (firstInvalid) {
      firstInvalid.current?.focus();
      return;
    }
    if (busy) return;
    setBusy(true);
    const outcome = await resetPassword(loginDigits, code, password);
    if (outcome.kind !== 'done') {
      setBusy(false);
      setMessage({
        title: 'problemTitle',
        text: problemText(outcome, t),
      });
      return;
    }
    // Spec section 8 "Recovery": the server's detail in a success modal; then signed in with it.
    setMessage({ title: 'passwordChangedTitle', text: outcome.detail });
  };

  const signInWithNewPassword = async () => {
    setBusy(true);
    const signedIn = await signIn(loginDigits, password);
    setBusy(false);
    if (signedIn.kind === 'signed-in') finish(signedIn.token);
    else navigate(`/signin/${loginDigits}`, { replace: true });
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <h2 className="account-heading">{t('recoveryHeading')}</h2>
      <p className="account-text">{t(words.intro, { phone: formatPhone(loginDigits) })}</p>
      {sending ? (
        <p className="account-text" role="status">
          {t('sendingCode')}
        </p>
      ) : null}
      <TextField
        ref={codeRef}
        label={t(words.label)}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123-456"
        maxLength={7}
        hint={t('codeHint')}
        value={code}
        error={submitted ? errors.code : null}
        onChange={(event) => setCode(formatRecoveryCode(event.target.value))}
      />
      {/* For password managers: the account this password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={loginDigits} readOnly hidden />
      <TextField
        ref={passwordRef}
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        hint={t('passwordHint')}
        value={password}
        error={submitted ? errors.password : null}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={busy}>
          {busy ? t('saving') : t('saveNewPassword')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-busy={sending}
          onClick={() => {
            // A new code by the channel the last one went by (SMS once asked for).
            if (!sending) void sendCode(canal ?? undefined);
          }}
        >
          {t('resendCode')}
        </button>
        {words.offerSms ? (
          <button
            type="button"
            className="button button-secondary"
            aria-busy={sending}
            onClick={() => {
              if (!sending) void sendCode('sms');
            }}
          >
            {t('sendBySms')}
          </button>
        ) : null}

        <button
          type="button"
          className="link-button"
          onClick={() => navigate(`/signin/${loginDigits}`, { replace: true })}
        >
          {t('back')}
        </button>
      </div>
      {message ? (
        <AlertDialog
          title={t(message.title)}
          message={message.text}
          buttonLabel={t('gotIt')}
          onClose={() => {
            setMessage(null);
            if (message.title === 'passwordChangedTitle') {
              void signInWithNewPassword();
              return;
            }
            // After the code arrives, typing it is what comes next.
            if (message.title === 'codeSentTitle') setTimeout(() => codeRef.current?.focus(), 0);
          }}
        />
      ) : null}
    </form>
  );
}

export default function RecoveryScreen({ params }: RecoveryScreenProps) {
  const phone = params.phone ?? '';
  if (!LOGIN_DIGITS.test(phone)) return <Redirect to="/signin" replace />;
  return (
    <div className="account-screen">
      <div className="account-card">
        <Recovery key={phone} loginDigits={phone} />
      </div>
    </div>
  );
}
