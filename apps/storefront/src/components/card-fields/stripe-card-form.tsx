import { useEffect, useRef, useState } from 'react';
import {
  type CardElement,
  type CardFieldState,
  type CardKitClient,
  cardFieldFont,
  cardKitName,
  type CardKitError as KitError,
  loadCardKit,
} from '../../lib/card-kit.ts';
import { useLanguage } from '../../lib/preferences.ts';
import { useCompany } from '../../lib/start-data.ts';
import { cardErrorText } from './card-errors.ts';
import { type CardFormProps, CardStatus, PayWithCard, SaveCardChoice } from './card-form-parts.tsx';
import { CardKitError } from './card-kit-error.tsx';
import { useCardT } from './card-texts.ts';
import './card-fields.css';

/**
 * Stripe's card fields (the card route, the table's card page): Stripe.js's card element for a new
 * card, confirmed with the client secret (saving the card when asked and offered), or a saved
 * card's 3-D Secure challenge at once. A declined card leaves the PaymentIntent open: another card
 * is confirmed with the same secret.
 */
export function StripeCardForm({ attempt, canSave, busy, onWorking, onSubmitted }: CardFormProps) {
  const t = useCardT();
  const language = useLanguage();
  const { data: company } = useCompany();
  const [state, setState] = useState<'loading' | 'ready' | 'paying' | { error: string }>('loading');
  const [fields, setFields] = useState<CardFieldState>({ complete: false, empty: true });
  const [save, setSave] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [kitLoad, setKitLoad] = useState(0);
  const fieldsHost = useRef<HTMLDivElement>(null);
  const client = useRef<CardKitClient | null>(null);
  const element = useRef<CardElement | null>(null);
  const clientSecret = attempt.clientSecret ?? '';

  const confirmWith = async (run: () => Promise<{ error?: KitError }>) => {
    setPayError(null);
    setState('paying');
    onWorking(true);
    const result = await run();
    onWorking(false);
    if (result.error) {
      setPayError(cardErrorText(result.error, t));
      setState('ready');
      return;
    }
    onSubmitted();
  };

  // Spec section 4 "Card SDK load state": loaded here, on demand; a saved card's 3-D Secure starts
  // as soon as the kit is ready. `kitLoad` loads it again after a failure.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per load attempt
  useEffect(() => {
    let stopped = false;
    setState('loading');
    loadCardKit(attempt.kit, language === 'en' ? 'en' : 'pt-BR').then(
      (loaded) => {
        if (stopped) return;
        client.current = loaded;
        setState('ready');
        if (attempt.mode === 'authenticate') {
          void confirmWith(() => loaded.confirmCardPayment(clientSecret));
          return;
        }
        // The fields take the page's look: its text, muted and card colours, and its font (the
        // store's font file given to the frame, which loads nothing of the page).
        const page = getComputedStyle(document.documentElement);
        const host = fieldsHost.current ? getComputedStyle(fieldsHost.current) : page;
        const font = cardFieldFont(company);
        const card = loaded.elements(font ? { fonts: [font.stripe] } : undefined).create('card', {
          style: {
            base: {
              color: host.color,
              fontFamily: host.fontFamily,
              backgroundColor: page.getPropertyValue('--surface').trim(),
              '::placeholder': { color: page.getPropertyValue('--muted').trim() },
            },
          },
        });
        card.on('change', (next) => {
          setFields(next);
          if (next.error) setPayError(null);
        });
        if (fieldsHost.current) card.mount(fieldsHost.current);
        element.current = card;
      },
      (error: Error) => {
        if (!stopped) setState({ error: error.message });
      },
    );
    return () => {
      stopped = true;
      element.current?.destroy();
      element.current = null;
    };
  }, [kitLoad]);

  const pay = () => {
    const kitClient = client.current;
    const card = element.current;
    if (!kitClient || !card) return;
    void confirmWith(() =>
      kitClient.confirmCardPayment(clientSecret, {
        payment_method: { card },
        ...(save && canSave ? { setup_future_usage: 'off_session' as const } : {}),
      }),
    );
  };

  if (typeof state === 'object') {
    return (
      <CardKitError
        kit={cardKitName(attempt.kit.provider)}
        detail={state.error}
        onRetry={() => setKitLoad((n) => n + 1)}
        t={t}
      />
    );
  }
  const working = busy || state !== 'ready';
  const status = state === 'loading' ? t('cardLoading') : state === 'paying' ? t('cardPaying') : null;

  if (attempt.mode === 'authenticate') {
    return (
      <>
        <div className="card-panel">
          <p className="card-auth-text">{t('cardAuthText', { last4: attempt.last4 ?? '' })}</p>
          {payError ? (
            <>
              <p className="card-error" role="alert">
                {payError}
              </p>
              <button
                type="button"
                className="button button-primary card-pay"
                disabled={!client.current || working}
                onClick={() => {
                  const kitClient = client.current;
                  if (kitClient) void confirmWith(() => kitClient.confirmCardPayment(clientSecret));
                }}
              >
                {t('cardTryAgain')}
              </button>
            </>
          ) : null}
        </div>
        <CardStatus text={busy ? null : status} />
      </>
    );
  }

  const fieldError = fields.error ? cardErrorText(fields.error, t) : null;
  const payDisabled = working || fields.empty || !fields.complete || !!fields.error;
  return (
    <>
      <form
        className="card-panel card-form"
        aria-labelledby="card-fields-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!payDisabled) pay();
        }}
      >
        <h2 id="card-fields-title" className="card-panel-title">
          {t('cardFieldsTitle')}
        </h2>
        <div ref={fieldsHost} className="card-fields" />
        {fieldError || payError ? (
          <p className="card-error" role="alert">
            {fieldError ?? payError}
          </p>
        ) : null}
        {canSave ? <SaveCardChoice checked={save} disabled={working} onChange={setSave} t={t} /> : null}
        <PayWithCard attempt={attempt} paying={state === 'paying'} disabled={payDisabled} t={t} />
      </form>
      <CardStatus text={busy ? null : status} />
    </>
  );
}
