import type { FastifyInstance } from 'fastify';
import type { ChargeBook, StandinCharge, StandinChargeEvent, StandinShape } from './charges.ts';
import type { Notifier, OutgoingNotification } from './notifier.ts';

/** The merchants the stand-in knows, per API shape, with the secrets it signs their notifications with. */
export interface StandinAccounts {
  mercadopago: { accessToken: string; webhookSecret: string; publicKey?: string }[];
  stripe: { secretKey: string; webhookSecret: string; webhookUrl: string; publishableKey?: string }[];
  apipix: { clientId: string; clientSecret: string; pixKey: string; webhookUrl?: string | undefined }[];
}

export interface StandinContext {
  book: ChargeBook;
  notifier: Notifier;
  accounts: StandinAccounts;
  now: () => Date;
  /** The name and city the stand-in's BR Codes carry. */
  merchant: { name: string; city: string };
  /** The ledger's file (other files of the stand-in's state sit beside it); null in memory. */
  dataFile: string | null;
  /** Where the stand-in answers (its dynamic BR Codes point their location here). */
  baseUrl: () => string;
}

/** One provider's API as the stand-in speaks it. */
export interface StandinShapeModule {
  shape: StandinShape;
  /** Its calls on the stand-in's plain HTTP listener. */
  routes(app: FastifyInstance, context: StandinContext): void;
  /** What the provider sends when one of its charges moves, signed as the provider signs. */
  notifications(
    charge: StandinCharge,
    event: StandinChargeEvent,
    context: StandinContext,
  ): OutgoingNotification[];
}
