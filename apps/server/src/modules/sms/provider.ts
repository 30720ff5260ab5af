/** Where a message is sent from: the store (its outbox row, its name in the text). */
export interface SmsContext {
  storeId: number;
}

/** Sends one text message. Rejects when the message could not be handed over. */
export interface SmsProvider {
  readonly name: string;
  /** `phone` in E.164 (+5511999990000). */
  send(phone: string, text: string, context: SmsContext): Promise<void>;
}

export class SmsDeliveryError extends Error {}
