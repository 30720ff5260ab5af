/** Where a message is sent from (its outbox row, its name in the text) and what in it is secret. */
export interface SmsContext {
  storeId: number;
  /**
   * The one-time code the text carries, exactly as written in it. Providers that keep or log
   * messages keep them without it (issue 18, finding 3).
   */
  secret?: string;
}

/** Sends one text message. Rejects when the message could not be handed over. */
export interface SmsProvider {
  readonly name: string;
  /** `phone` in E.164 (+5511999990000). */
  send(phone: string, text: string, context: SmsContext): Promise<void>;
}

export class SmsDeliveryError extends Error {}

/** The text with its secret blotted out, for whatever is kept or logged. */
export function withoutSecret(text: string, secret: string | undefined): string {
  return secret ? text.replaceAll(secret, secret.replace(/\d/g, '•')) : text;
}
