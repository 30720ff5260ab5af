import { documentKind, formatDocument, normalizeDocument } from '@comanda/domain';
import { useEffect, useId, useRef, useState } from 'react';
import {
  cardFieldFont,
  cardKitName,
  loadMercadoPago,
  type MercadoPagoClient,
  type MercadoPagoToken,
} from '../../lib/card-kit.ts';
import { useCustomer } from '../../lib/customer.ts';
import { useLanguage } from '../../lib/preferences.ts';
import { useCompany } from '../../lib/start-data.ts';
import { TextField } from '../text-field.tsx';
import { type CardFormProps, CardStatus, PayWithCard, SaveCardChoice } from './card-form-parts.tsx';
import { CardKitError } from './card-kit-error.tsx';
import { useCardT } from './card-texts.ts';
import '../../shared/form.css';
import './card-fields.css';

type FieldType = 'cardNumber' | 'expirationDate' | 'securityCode';

/** A card token the kit made, for the page's server call that pays with it. */
export interface CardTokenPayment {
  token: string;
  /** Mercado Pago's payment_method_id of the card's brand (visa, master…). */
  payment_method_id: string;
  /** Keep the card for next time: a second token of the same card (offered only with canSave). */
  save_token?: string;
}

export type PayCardTokenOutcome =
  /** Taken: paid, or still being decided by the provider (the page's poll follows it). */
  | { status: 'submitted' }
  /** The issuer asks for a 3-D Secure challenge: post `creq` to `url` in a frame. */
  | { status: 'challenge'; url: string; creq: string }
  /** Declined (402 CARD_DECLINED) or refused: in the customer's words. */
  | { status: 'refused'; detail: string }
  | { status: 'unreachable' };

export interface MercadoPagoCardFormProps extends CardFormProps {
  /** The page's server call that pays with the token (an order's payment, or a share's attempt). */
  payToken: (payment: CardTokenPayment) => Promise<PayCardTokenOutcome>;
}

/**
 * Mercado Pago's card fields (the token flow; the card route, the table's card page): the SDK's
 * secure fields (each a frame of Mercado Pago's) take the card; the holder's name and CPF are ours.
 * Pay asks the SDK for a card token (a second one to keep the card, when asked) and hands it to the
 * page's server call, which pays with it. A saved card needs only its security code. An issuer's
 * 3-D Secure challenge shows in a frame over the page, posted to the issuer as Mercado Pago's API
 * says.
 */
export function MercadoPagoCardForm({
  attempt,
  canSave,
  busy,
  onWorking,
  onSubmitted,
  payToken,
}: MercadoPagoCardFormProps) {
  const t = useCardT();
  const language = useLanguage();
  const { data: customer } = useCustomer();
  const { data: company } = useCompany();
  const ids = { number: useId(), expiry: useId(), cvc: useId(), title: useId() };
  const domId = (id: string) => `mp-${id.replace(/[^\w-]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'paying' | { error: string }>('loading');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldType, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<FieldType, boolean>>>({});
  const [holder, setHolder] = useState('');
  const [cpf, setCpf] = useState('');
  const [cpfTouched, setCpfTouched] = useState(false);
  const [save, setSave] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ url: string; creq: string } | null>(null);
  const [kitLoad, setKitLoad] = useState(0);
  const client = useRef<MercadoPagoClient | null>(null);
  const saved = attempt.mode === 'saved';
  const fieldTypes: FieldType[] = saved ? ['securityCode'] : ['cardNumber', 'expirationDate', 'securityCode'];
  const containers: Record<FieldType, string> = {
    cardNumber: domId(ids.number),
    expirationDate: domId(ids.expiry),
    securityCode: domId(ids.cvc),
  };

  // The customer's own CPF, when the profile has one, is the likely holder's.
  useEffect(() => {
    const known = customer?.documento ? normalizeDocument(customer.documento) : '';
    if (known.length === 11 && cpf === '') setCpf(formatDocument(known));
  }, [customer?.documento, cpf]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per load attempt
  useEffect(() => {
    let stopped = false;
    const mounted: { unmount(): unknown }[] = [];
    setState('loading');
    loadMercadoPago(attempt.kit, language === 'en' ? 'en-US' : 'pt-BR').then(
      (mp) => {
        if (stopped) return;
        client.current = mp;
        const page = getComputedStyle(document.documentElement);
        const style = {
          color: page.getPropertyValue('--text').trim(),
          placeholderColor: page.getPropertyValue('--muted').trim(),
          backgroundColor: page.getPropertyValue('--surface').trim(),
          fontFamily: getComputedStyle(document.body).fontFamily,
        };
        const placeholders: Record<FieldType, string> = {
          cardNumber: t('cardNumberLabel'),
          expirationDate: t('cardExpiryLabel'),
          securityCode: t('cardCvcLabel'),
        };
        // The store's font: its stylesheet given to each field's frame (SDK v2's customFonts).
        const font = cardFieldFont(company);
        const customFonts = font?.stylesheet ? [{ src: font.stylesheet }] : undefined;
        for (const type of fieldTypes) {
          const field = mp.fields.create(type, {
            placeholder: placeholders[type],
            style,
            ...(customFonts ? { customFonts } : {}),
          });
          field.on('validityChange', ({ errorMessages }) => {
            setTouched((current) => ({ ...current, [type]: true }));
            setFieldErrors((current) => ({ ...current, [type]: errorMessages[0]?.message }));
            setPayError(null);
          });
          field.mount(containers[type]);
          mounted.push(field);
        }
        setState('ready');
      },
      (error: Error) => {
        if (!stopped) setState({ error: error.message });
      },
    );
    return () => {
      stopped = true;
      for (const field of mounted) field.unmount();
    };
  }, [kitLoad]);

  const cpfValid = documentKind(cpf) === 'CPF';
  const holderValid = holder.trim().length >= 2;
  const fieldsReady = fieldTypes.every((type) => touched[type] && !fieldErrors[type]);
  const working = busy || state !== 'ready' || challenge !== null;
  const payDisabled = working || !fieldsReady || (!saved && (!holderValid || !cpfValid));

  const tokenize = (mp: MercadoPagoClient): Promise<MercadoPagoToken> =>
    mp.fields.createCardToken(
      saved && attempt.methodId
        ? { cardId: attempt.methodId }
        : {
            cardholderName: holder.trim(),
            identificationType: 'CPF',
            identificationNumber: normalizeDocument(cpf),
          },
    );

  const pay = async () => {
    const mp = client.current;
    if (!mp) return;
    setPayError(null);
    setState('paying');
    onWorking(true);
    try {
      const token = await tokenize(mp);
      // A token pays or saves once: keeping the card takes a second one of the same fields.
      const saveToken = save && canSave && !saved ? await tokenize(mp) : null;
      const methods = await mp.getPaymentMethods({ bin: token.first_six_digits });
      const paymentMethodId = methods.results[0]?.id;
      if (!paymentMethodId) throw new Error(t('cardCheckData'));
      const outcome = await payToken({
        token: token.id,
        payment_method_id: paymentMethodId,
        ...(saveToken ? { save_token: saveToken.id } : {}),
      });
      if (outcome.status === 'refused') throw new Error(outcome.detail);
      if (outcome.status === 'unreachable') throw new Error(t('cardUnreachable'));
      if (outcome.status === 'challenge') {
        setChallenge({ url: outcome.url, creq: outcome.creq });
        return;
      }
      onWorking(false);
      onSubmitted();
    } catch (error) {
      onWorking(false);
      setState('ready');
      const message = error instanceof Error ? error.message : '';
      setPayError(message && !/invalid|fields/i.test(message) ? message : t('cardCheckData'));
    }
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

  const shownFieldError = fieldTypes.map((type) => fieldErrors[type]).find(Boolean) ?? null;
  const status = state === 'loading' ? t('cardLoading') : state === 'paying' ? t('cardPaying') : null;
  return (
    <>
      <form
        className="card-panel card-form"
        aria-labelledby={ids.title}
        onSubmit={(event) => {
          event.preventDefault();
          if (!payDisabled) void pay();
        }}
      >
        <h2 id={ids.title} className="card-panel-title">
          {saved ? t('cardSavedTitle', { last4: attempt.last4 ?? '' }) : t('cardFieldsTitle')}
        </h2>
        {saved ? null : (
          <>
            <div id={containers.cardNumber} className="card-secure-field" />
            <div className="card-secure-row">
              <div id={containers.expirationDate} className="card-secure-field" />
              <div id={containers.securityCode} className="card-secure-field" />
            </div>
          </>
        )}
        {saved ? (
          <>
            <p className="card-muted">{t('cardSavedCvc', { last4: attempt.last4 ?? '' })}</p>
            <div id={containers.securityCode} className="card-secure-field card-secure-cvc" />
          </>
        ) : null}
        {shownFieldError || payError ? (
          <p className="card-error" role="alert">
            {payError ?? shownFieldError}
          </p>
        ) : null}
        {saved ? null : (
          <>
            <TextField
              label={t('cardHolderLabel')}
              autoComplete="cc-name"
              value={holder}
              onChange={(event) => setHolder(event.target.value.slice(0, 60))}
              disabled={working}
            />
            <TextField
              label={t('cardHolderCpf')}
              inputMode="numeric"
              value={cpf}
              onChange={(event) => setCpf(formatDocument(event.target.value).slice(0, 14))}
              onBlur={() => setCpfTouched(true)}
              error={cpfTouched && cpf !== '' && !cpfValid ? t('cardCpfInvalid') : undefined}
              disabled={working}
            />
            {canSave ? <SaveCardChoice checked={save} disabled={working} onChange={setSave} t={t} /> : null}
          </>
        )}
        <PayWithCard attempt={attempt} paying={state === 'paying'} disabled={payDisabled} t={t} />
      </form>
      <CardStatus text={busy ? null : status} />
      {challenge ? (
        <IssuerChallenge
          challenge={challenge}
          title={t('cardAuthTitle')}
          onDone={() => {
            setChallenge(null);
            onWorking(false);
            onSubmitted();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The issuer's 3-D Secure challenge over the page: `creq` posted to the issuer's address in a
 * frame (Mercado Pago's three_ds_info); the frame says when it is over.
 */
function IssuerChallenge({
  challenge,
  title,
  onDone,
}: {
  challenge: { url: string; creq: string };
  title: string;
  onDone: () => void;
}) {
  const frameName = `challenge-${useId().replace(/[^\w-]/g, '')}`;
  const form = useRef<HTMLFormElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: posted once, when shown
  useEffect(() => {
    form.current?.submit();
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      if ((event.data as { status?: unknown } | null)?.status === 'COMPLETE') onDone();
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  return (
    <div className="card-challenge">
      <iframe ref={frame} name={frameName} title={title} className="card-challenge-frame" />
      <form ref={form} method="post" action={challenge.url} target={frameName} hidden>
        <input type="hidden" name="creq" value={challenge.creq} />
      </form>
    </div>
  );
}
