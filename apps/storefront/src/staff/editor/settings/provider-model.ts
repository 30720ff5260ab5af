import type { PaymentProviderKind, StaffPaymentProviderReply } from '@comanda/contract';

/*
 * The store's payment provider as an owner changes it (docs/decisions/0063): the fields of each
 * provider as the store document's `payment_provider` section names them. The server checks them
 * all again as the store import does; secrets go out once and never come back.
 */

export interface ProviderField {
  name: string;
  /** Sealed by the server and never shown again: typed as a password. */
  secret?: boolean;
  /** May stay empty (the provider's default, or not used). */
  optional?: boolean;
  /** Several lines (a PEM certificate). */
  multiline?: boolean;
}

export const PROVIDER_FIELDS: Record<PaymentProviderKind, readonly ProviderField[]> = {
  mercadopago: [
    { name: 'access_token', secret: true },
    { name: 'webhook_secret', secret: true },
    { name: 'public_key', optional: true },
    { name: 'base_url', optional: true },
  ],
  stripe: [
    { name: 'secret_key', secret: true },
    { name: 'webhook_secret', secret: true },
    { name: 'publishable_key', optional: true },
    { name: 'api_url', optional: true },
  ],
  apipix: [
    { name: 'base_url' },
    { name: 'client_id' },
    { name: 'client_secret', secret: true },
    { name: 'pix_key' },
    { name: 'token_url', optional: true },
    { name: 'cert_pem', optional: true, multiline: true },
    { name: 'key_pem', optional: true, secret: true, multiline: true },
    { name: 'ca_pem', optional: true, multiline: true },
  ],
  static_pix: [{ name: 'pix_key' }, { name: 'merchant_name' }, { name: 'merchant_city' }],
};

export type ProviderValues = Readonly<Record<string, string>>;

/**
 * Whether the store keeps a value for this field that an empty input leaves as it is: the same
 * provider, and a secret it keeps or a setting it has (the PIX key is shown masked, so it is kept).
 */
export function keptValue(
  current: StaffPaymentProviderReply | null,
  kind: PaymentProviderKind,
  name: string,
): boolean {
  if (!current || current.provider !== kind) return false;
  return current.secrets_set.includes(name) || (current.settings[name] ?? null) !== null;
}

/** The inputs to start from: the current provider's visible settings (never a secret, nor the masked key). */
export function initialValues(
  current: StaffPaymentProviderReply | null,
  kind: PaymentProviderKind,
): ProviderValues {
  const values: Record<string, string> = {};
  for (const field of PROVIDER_FIELDS[kind]) {
    const shown = current?.provider === kind ? current.settings[field.name] : null;
    values[field.name] = !field.secret && field.name !== 'pix_key' && shown ? shown : '';
  }
  return values;
}

/** The required fields left empty with nothing kept: saving waits for them. */
export function missingFields(
  kind: PaymentProviderKind,
  values: ProviderValues,
  current: StaffPaymentProviderReply | null,
): string[] {
  return PROVIDER_FIELDS[kind]
    .filter(
      (field) =>
        !field.optional && (values[field.name] ?? '').trim() === '' && !keptValue(current, kind, field.name),
    )
    .map((field) => field.name);
}

/** PUT /staff/payments/provider: only what was typed (an empty field keeps the store's own). */
export function providerPayload(kind: PaymentProviderKind, values: ProviderValues) {
  const settings: Record<string, string> = {};
  for (const field of PROVIDER_FIELDS[kind]) {
    const value = (values[field.name] ?? '').trim();
    if (value !== '') settings[field.name] = value;
  }
  return { provider: kind, settings };
}
