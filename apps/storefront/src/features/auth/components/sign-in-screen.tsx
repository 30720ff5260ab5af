import { validatePhone } from '@comanda/domain/phone-validation';
import { useState } from 'react';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { type PhoneEntry, phoneFromLoginDigits } from '../model/phone-entry.ts';
import { PasswordStep } from './password-step.tsx';
import { PhoneStep } from './phone-step.tsx';
import { SignUpStep } from './sign-up-step.tsx';
import '../../../shared/form.css';

export interface SignInScreenProps {
  params: Record<string, string | undefined>;
}

type Step = { kind: 'firstStep' } | { kind: 'signin' | 'signup'; loginDigits: string; accountName: string };

/**
 * /signin, /signup and /signin/{phone} (spec section 2 "Sign-in"): firstStep (phone), then signin
 * (password) when the phone has an account, or signup (name, password, terms) when it has not.
 * Back from either returns to firstStep with the phone kept.
 */
export function SignInFlow({
  initial,
  onSignedIn,
}: {
  initial: PhoneEntry;
  onSignedIn: (token: string) => void;
}) {
  const [entry, setEntry] = useState(initial);
  const [step, setStep] = useState<Step>({ kind: 'firstStep' });
  const [returned, setReturned] = useState(false);
  const back = () => {
    setReturned(true);
    setStep({ kind: 'firstStep' });
  };

  if (step.kind === 'signin') {
    return (
      <PasswordStep
        loginDigits={step.loginDigits}
        name={step.accountName}
        onBack={back}
        onSignedIn={onSignedIn}
      />
    );
  }
  if (step.kind === 'signup') {
    const validation = validatePhone(entry.country, entry.input);
    return (
      <SignUpStep
        country={entry.country}
        cellphone={validation.valid ? validation.national : entry.input}
        loginDigits={step.loginDigits}
        prefilledName={step.accountName}
        onBack={back}
        onSignedIn={onSignedIn}
      />
    );
  }
  return (
    <PhoneStep
      entry={entry}
      onEntryChange={setEntry}
      focusHeading={returned}
      onResult={(result) =>
        setStep({
          kind: result.kind === 'found' ? 'signin' : 'signup',
          loginDigits: result.loginDigits,
          accountName: result.name,
        })
      }
    />
  );
}

export default function SignInScreen({ params }: SignInScreenProps) {
  const finish = useFinishSignIn();
  const phone = params.phone;
  return (
    <div className="account-screen">
      <div className="account-card">
        <SignInFlow key={phone ?? ''} initial={phoneFromLoginDigits(phone)} onSignedIn={finish} />
      </div>
    </div>
  );
}
