import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The WhatsApp Business Cloud API adapter (Meta's Graph API, docs/decisions/0072):
 * `POST {graph}/{version}/{phone-number-id}/messages` with a bearer token, a template (body
 * parameters; an authentication template's copy-code button as a `url` button carrying the code) or
 * a text. Meta answers `{ messages: [{ id: wamid }] }`, or `{ error: { code, message, ... } }`.
 * The same adapter talks to the stand-in (apps/whatsapp-standin), which speaks that API.
 */

export const GRAPH_API_URL = 'https://graph.facebook.com';
export const GRAPH_API_VERSION = 'v21.0';

export interface GraphAccount {
  /** Meta's Graph API or the stand-in. */
  baseUrl: string;
  phoneNumberId: string;
  token: string;
}

export type GraphMessage =
  | {
      type: 'template';
      name: string;
      language: string;
      /** The body's variables, in order. */
      body: string[];
      /** An authentication template's code for its copy-code button. */
      copyCode?: string;
    }
  | { type: 'text'; text: string };

export class GraphError extends Error {
  constructor(
    /** Meta's error code (131047, 132001, 130429…), or 0 when the API could not be reached. */
    readonly code: number,
    message: string,
    /** Whether trying again later can help (rate limits, Meta's own trouble, the network). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Meta's codes that mean "later": throttling and temporary trouble on Meta's side. */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 80007, 130429, 131000, 131016, 131056, 133004]);

export function isRetryableCode(code: number): boolean {
  return RETRYABLE_CODES.has(code);
}

function requestBody(to: string, message: GraphMessage): unknown {
  if (message.type === 'text') {
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { preview_url: true, body: message.text },
    };
  }
  const components: unknown[] = [
    { type: 'body', parameters: message.body.map((text) => ({ type: 'text', text })) },
  ];
  if (message.copyCode !== undefined) {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: message.copyCode }],
    });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: { name: message.name, language: { code: message.language }, components },
  };
}

/** Sends one message; resolves with Meta's message id (wamid), throws GraphError. */
export async function sendGraphMessage(
  account: GraphAccount,
  /** The customer's WhatsApp id or phone: country code and number, digits only. */
  to: string,
  message: GraphMessage,
  timeoutMs = 10_000,
): Promise<string> {
  const url = `${account.baseUrl.replace(/\/$/, '')}/${GRAPH_API_VERSION}/${encodeURIComponent(account.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(requestBody(to, message)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GraphError(0, `Graph API unreachable: ${(error as Error).message}`, true);
  }
  const body = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  } | null;
  const id = body?.messages?.[0]?.id;
  if (response.ok && typeof id === 'string') return id;
  const code = typeof body?.error?.code === 'number' ? body.error.code : 0;
  const text = body?.error?.error_data?.details ?? body?.error?.message ?? `HTTP ${response.status}`;
  throw new GraphError(
    code,
    text,
    response.status >= 500 || isRetryableCode(code) || (code === 0 && response.status === 429),
  );
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export function hubSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function hubSignatureMatches(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(hubSignature(appSecret, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// ---------------------------------------------------------------------------------------------
// Webhook payloads: `{ object: 'whatsapp_business_account', entry: [{ changes: [{ field:
// 'messages', value: { metadata: { phone_number_id }, contacts, messages, statuses } }] }] }`

export interface WebhookInbound {
  phoneNumberId: string;
  from: string;
  wamid: string;
  profileName: string | null;
  text: string;
  at: Date;
}

export interface WebhookStatus {
  phoneNumberId: string;
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient: string;
  error: { code: number; message: string } | null;
}

const asArray = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item) => item && typeof item === 'object') : [];
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What a webhook carries; null when it is not a WhatsApp Business Account payload. */
export function readWebhook(payload: unknown): {
  phoneNumberIds: string[];
  inbound: WebhookInbound[];
  statuses: WebhookStatus[];
} | null {
  if (!payload || typeof payload !== 'object') return null;
  const root = payload as Record<string, unknown>;
  if (root.object !== 'whatsapp_business_account') return null;
  const phoneNumberIds = new Set<string>();
  const inbound: WebhookInbound[] = [];
  const statuses: WebhookStatus[] = [];
  for (const entry of asArray(root.entry)) {
    for (const change of asArray(entry.changes)) {
      const value = change.value as Record<string, unknown> | undefined;
      if (!value || typeof value !== 'object') continue;
      const metadata = value.metadata as Record<string, unknown> | undefined;
      const phoneNumberId = asString(metadata?.phone_number_id);
      if (!phoneNumberId) continue;
      phoneNumberIds.add(phoneNumberId);
      const contacts = asArray(value.contacts);
      for (const message of asArray(value.messages)) {
        const from = asString(message.from);
        const wamid = asString(message.id);
        if (!from || !wamid) continue;
        const contact = contacts.find((candidate) => candidate.wa_id === from);
        const profile = contact?.profile as Record<string, unknown> | undefined;
        const text =
          message.type === 'text'
            ? (asString((message.text as Record<string, unknown> | undefined)?.body) ?? '')
            : message.type === 'button'
              ? (asString((message.button as Record<string, unknown> | undefined)?.text) ?? '')
              : `[${asString(message.type) ?? 'mensagem'}]`;
        const seconds = Number(message.timestamp);
        inbound.push({
          phoneNumberId,
          from: from.replace(/\D/g, ''),
          wamid,
          profileName: asString(profile?.name),
          text: text.slice(0, 4096),
          at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
        });
      }
      for (const status of asArray(value.statuses)) {
        const wamid = asString(status.id);
        const kind = asString(status.status);
        if (!wamid || !kind || !['sent', 'delivered', 'read', 'failed'].includes(kind)) continue;
        const [error] = asArray(status.errors);
        statuses.push({
          phoneNumberId,
          wamid,
          status: kind as WebhookStatus['status'],
          recipient: asString(status.recipient_id) ?? '',
          error: error
            ? {
                code: typeof error.code === 'number' ? error.code : 0,
                message:
                  asString((error.error_data as Record<string, unknown> | undefined)?.details) ??
                  asString(error.message) ??
                  asString(error.title) ??
                  '',
              }
            : null,
        });
      }
    }
  }
  return { phoneNumberIds: [...phoneNumberIds], inbound, statuses };
}
