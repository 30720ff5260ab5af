import {
  PAYMENT_PROVIDER_KINDS,
  type PaymentProviderKind,
  type StaffPaymentProviderReply,
} from '@comanda/contract';
import { storeDateTimeText } from '@comanda/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { featureTranslator } from '../../../lib/i18n.ts';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';
import { OwnerPasswordDialog } from '../../lib/owner-password-dialog.tsx';
import { StaffApiError, staffFetch } from '../../lib/staff-api.ts';
import type { SectionProps } from '../section-props.ts';
import {
  initialValues,
  keptValue,
  missingFields,
  PROVIDER_FIELDS,
  type ProviderValues,
  providerPayload,
} from './provider-model.ts';

const ptBr = {
  title: 'Provedor de pagamento',
  intro:
    'Por onde a loja recebe o PIX e o cartão pelo app, e o PIX com QR no balcão. Só um dono muda, confirmando com a senha; todos os donos são avisados.',
  loading: 'Carregando…',
  loadFailed: 'Não foi possível carregar: {detail}',
  current: 'Agora: {name}, desde {when}.',
  none: 'A loja ainda não tem provedor de pagamento.',
  provider: 'Provedor',
  kind_mercadopago: 'Mercado Pago',
  kind_stripe: 'Stripe',
  kind_apipix: 'API Pix (banco)',
  kind_static_pix: 'Chave PIX da loja (confirmação manual)',
  kept: 'Guardado. Deixe em branco para manter.',
  keptKey: 'Guardada ({key}). Deixe em branco para manter.',
  optional: 'Opcional.',
  field_access_token: 'Access token',
  field_webhook_secret: 'Segredo das notificações (webhook)',
  field_public_key: 'Chave pública (cartões)',
  field_base_url: 'Endereço da API',
  field_secret_key: 'Chave secreta',
  field_publishable_key: 'Chave publicável (cartões)',
  field_api_url: 'Endereço da API',
  field_client_id: 'Client ID',
  field_client_secret: 'Client secret',
  field_pix_key: 'Chave PIX',
  field_token_url: 'Endereço do token (OAuth)',
  field_cert_pem: 'Certificado (PEM)',
  field_key_pem: 'Chave privada do certificado (PEM)',
  field_ca_pem: 'Certificado da autoridade (PEM)',
  field_merchant_name: 'Nome do recebedor',
  field_merchant_city: 'Cidade do recebedor',
  missing: 'Preencha: {fields}.',
  save: 'Salvar provedor',
  saving: 'Salvando…',
  saved: 'Provedor salvo. Os donos foram avisados.',
  unchanged: 'Nada mudou.',
  failed: 'Não foi salvo: {detail}',
};

const en: Record<keyof typeof ptBr, string> = {
  title: 'Payment provider',
  intro:
    'How the store takes PIX and cards in the app, and PIX with a QR code at the counter. Only an owner changes it, confirming with their password; every owner is told.',
  loading: 'Loading…',
  loadFailed: 'Could not load: {detail}',
  current: 'Now: {name}, since {when}.',
  none: 'The store has no payment provider yet.',
  provider: 'Provider',
  kind_mercadopago: 'Mercado Pago',
  kind_stripe: 'Stripe',
  kind_apipix: 'API Pix (bank)',
  kind_static_pix: 'The store’s PIX key (confirmed by hand)',
  kept: 'Kept. Leave empty to keep it.',
  keptKey: 'Kept ({key}). Leave empty to keep it.',
  optional: 'Optional.',
  field_access_token: 'Access token',
  field_webhook_secret: 'Notification (webhook) secret',
  field_public_key: 'Public key (cards)',
  field_base_url: 'API address',
  field_secret_key: 'Secret key',
  field_publishable_key: 'Publishable key (cards)',
  field_api_url: 'API address',
  field_client_id: 'Client ID',
  field_client_secret: 'Client secret',
  field_pix_key: 'PIX key',
  field_token_url: 'Token (OAuth) address',
  field_cert_pem: 'Certificate (PEM)',
  field_key_pem: 'Certificate private key (PEM)',
  field_ca_pem: 'Authority certificate (PEM)',
  field_merchant_name: 'Receiver name',
  field_merchant_city: 'Receiver city',
  missing: 'Fill in: {fields}.',
  save: 'Save provider',
  saving: 'Saving…',
  saved: 'Provider saved. The owners were told.',
  unchanged: 'Nothing changed.',
  failed: 'Not saved: {detail}',
};

const useProviderT = featureTranslator({ pt_br: ptBr, en });
type FieldKey = `field_${string}` & keyof typeof ptBr;

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; changed: boolean }
  | { kind: 'failed'; detail: string };

/** The store's payment provider and its credentials (owners only; docs/decisions/0063). */
export default function ProviderSection({ onDirty }: SectionProps) {
  const t = useProviderT();
  const zone = pageStoreTimeZone();
  const [current, setCurrent] = useState<StaffPaymentProviderReply | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [kind, setKind] = useState<PaymentProviderKind>('mercadopago');
  const [values, setValues] = useState<ProviderValues>({});
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  /** The owner's password asked (each ask a fresh field: a wrong one is not kept). */
  const [asking, setAsking] = useState<{ error: string | null; attempt: number } | null>(null);

  const start = (reply: StaffPaymentProviderReply) => {
    const startKind = reply.provider ?? 'mercadopago';
    setCurrent(reply);
    setKind(startKind);
    setValues(initialValues(reply, startKind));
    setDirty(false);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when the screen opens
  useEffect(() => {
    staffFetch<StaffPaymentProviderReply>('/staff/payments/provider').then(start, (caught: unknown) =>
      setLoadError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, []);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  if (loadError) {
    return (
      <p className="staff-error" role="alert">
        {t('loadFailed', { detail: loadError })}
      </p>
    );
  }
  if (!current) return <p className="staff-muted">{t('loading')}</p>;

  const missing = missingFields(kind, values, current);
  const edit = (name: string, value: string) => {
    setValues((shown) => ({ ...shown, [name]: value }));
    setDirty(true);
    setStatus({ kind: 'idle' });
  };

  const send = async (password: string) => {
    setStatus({ kind: 'saving' });
    try {
      const before = current.updated_at;
      const saved = await staffFetch<StaffPaymentProviderReply>('/staff/payments/provider', {
        method: 'PUT',
        json: { ...providerPayload(kind, values), owner_password: password },
      });
      setAsking(null);
      start(saved);
      setStatus({ kind: 'saved', changed: saved.updated_at !== before });
    } catch (caught) {
      if (caught instanceof StaffApiError && caught.code === 'OWNER_PASSWORD_WRONG') {
        setAsking((shown) => ({ error: caught.detail, attempt: (shown?.attempt ?? 0) + 1 }));
        setStatus({ kind: 'idle' });
        return;
      }
      setAsking(null);
      setStatus({ kind: 'failed', detail: caught instanceof Error ? caught.message : String(caught) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing.length === 0) setAsking({ error: null, attempt: 0 });
  };

  return (
    <form className="editor-section" onSubmit={submit} noValidate aria-labelledby="editor-provider-title">
      <h2 id="editor-provider-title">{t('title')}</h2>
      <p className="staff-muted">{t('intro')}</p>
      <p className="staff-notice">
        {current.provider && current.updated_at
          ? t('current', {
              name: t(`kind_${current.provider}`),
              when: storeDateTimeText(new Date(current.updated_at), zone),
            })
          : t('none')}
      </p>
      <fieldset className="editor-fields">
        <label className="staff-field">
          <span>{t('provider')}</span>
          <select
            value={kind}
            onChange={(event) => {
              const next = event.target.value as PaymentProviderKind;
              setKind(next);
              setValues(initialValues(current, next));
              setDirty(true);
              setStatus({ kind: 'idle' });
            }}
          >
            {PAYMENT_PROVIDER_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`kind_${option}`)}
              </option>
            ))}
          </select>
        </label>
        {PROVIDER_FIELDS[kind].map((field) => {
          const kept = keptValue(current, kind, field.name);
          const masked = field.name === 'pix_key' && kept ? current.settings.pix_key : null;
          const hint = masked
            ? t('keptKey', { key: masked })
            : kept && field.secret
              ? t('kept')
              : field.optional
                ? t('optional')
                : null;
          const label = t(`field_${field.name}` as FieldKey);
          const invalid = status.kind === 'failed' && missing.includes(field.name) ? true : undefined;
          const shownHint = hint ? (
            <small key="hint" className="staff-muted">
              {hint}
            </small>
          ) : null;
          return field.multiline ? (
            <label key={field.name} className="staff-field">
              <span>{label}</span>
              <textarea
                rows={3}
                name={field.name}
                value={values[field.name] ?? ''}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={invalid}
                onChange={(event) => edit(field.name, event.target.value)}
              />
              {shownHint}
            </label>
          ) : (
            <label key={field.name} className="staff-field">
              <span>{label}</span>
              <input
                type={field.secret ? 'password' : 'text'}
                name={field.name}
                value={values[field.name] ?? ''}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={invalid}
                onChange={(event) => edit(field.name, event.target.value)}
              />
              {shownHint}
            </label>
          );
        })}
      </fieldset>
      <div className="editor-savebar">
        <p className="editor-status" role="status">
          {status.kind === 'saving'
            ? t('saving')
            : status.kind === 'saved'
              ? t(status.changed ? 'saved' : 'unchanged')
              : status.kind === 'failed'
                ? t('failed', { detail: status.detail })
                : dirty && missing.length > 0
                  ? t('missing', {
                      fields: missing.map((name) => t(`field_${name}` as FieldKey)).join(', '),
                    })
                  : ''}
        </p>
        <button
          type="submit"
          className="button button-primary"
          disabled={!dirty || missing.length > 0 || status.kind === 'saving'}
        >
          {status.kind === 'saving' ? t('saving') : t('save')}
        </button>
      </div>
      {asking ? (
        <OwnerPasswordDialog
          key={asking.attempt}
          error={asking.error}
          onAnswer={(password) => {
            if (password === null) setAsking(null);
            else void send(password);
          }}
        />
      ) : null}
    </form>
  );
}
