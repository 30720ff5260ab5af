import { randomBytes } from 'node:crypto';
import { readStateFile, writeStateFile } from './state-file.ts';

/*
 * The stand-in's ledger of PIX charges, whatever API shape created them. A charge moves from
 * pending to paid, failed, expired or canceled once, and from paid to refunded; every move is kept
 * in its history and announced to the listeners (the shapes' notifications). The ledger is written
 * to a JSON file after each change when one is given, so the demo's charges survive a restart.
 */

export type StandinShape = 'mercadopago' | 'stripe' | 'apipix';
export type StandinStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'canceled' | 'refunded';

export interface StandinChargeEvent {
  status: StandinStatus;
  at: string;
  /** Centavos paid or refunded, for those moves. */
  amount?: number;
  reason?: string;
}

export interface StandinCharge {
  /** The stand-in's own id (the simulator's). */
  id: string;
  shape: StandinShape;
  /** The merchant account that created it: access token, secret key or client id. */
  account: string;
  /** The id the shape's API answers with (Mercado Pago payment id, Stripe PaymentIntent id, txid). */
  providerRef: string;
  /** The merchant's reference (external reference, metadata, idempotency key). */
  reference: string;
  /** Centavos. */
  amount: number;
  description: string;
  copyPaste: string;
  status: StandinStatus;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  paidAmount: number | null;
  refundedAmount: number;
  /** Where this charge's notifications go (per charge for Mercado Pago; per account otherwise). */
  notificationUrl: string | null;
  /** The PIX end-to-end id, once paid. */
  endToEndId: string | null;
  /** Shape-specific data (Stripe's client secret, API Pix's location…). */
  extra: Record<string, unknown>;
  history: StandinChargeEvent[];
}

export type NewCharge = Omit<
  StandinCharge,
  'id' | 'status' | 'createdAt' | 'paidAt' | 'paidAmount' | 'refundedAmount' | 'endToEndId' | 'history'
>;

export type ChargeListener = (charge: StandinCharge, event: StandinChargeEvent) => void;

const FINAL_FROM_PENDING: readonly StandinStatus[] = ['paid', 'failed', 'expired', 'canceled'];

export class ChargeBook {
  private readonly charges = new Map<string, StandinCharge>();
  private readonly listeners: ChargeListener[] = [];

  constructor(
    private readonly file: string | null,
    private readonly now: () => Date,
  ) {
    for (const charge of readStateFile<StandinCharge[]>(file) ?? []) this.charges.set(charge.id, charge);
  }

  onChange(listener: ChargeListener): void {
    this.listeners.push(listener);
  }

  create(input: NewCharge): StandinCharge {
    const at = this.now().toISOString();
    const charge: StandinCharge = {
      ...input,
      id: `ch_${randomBytes(9).toString('base64url')}`,
      status: 'pending',
      createdAt: at,
      paidAt: null,
      paidAmount: null,
      refundedAmount: 0,
      endToEndId: null,
      history: [{ status: 'pending', at }],
    };
    this.charges.set(charge.id, charge);
    this.save();
    return charge;
  }

  get(id: string): StandinCharge | undefined {
    return this.settle(this.charges.get(id));
  }

  find(shape: StandinShape, providerRef: string): StandinCharge | undefined {
    for (const charge of this.charges.values()) {
      if (charge.shape === shape && charge.providerRef === providerRef) return this.settle(charge);
    }
    return undefined;
  }

  /** The charge an account already made with this reference (idempotent creation). */
  findByReference(shape: StandinShape, account: string, reference: string): StandinCharge | undefined {
    for (const charge of this.charges.values()) {
      if (charge.shape === shape && charge.account === account && charge.reference === reference) {
        return this.settle(charge);
      }
    }
    return undefined;
  }

  list(): StandinCharge[] {
    return [...this.charges.values()].map((charge) => this.settle(charge)!).reverse();
  }

  /**
   * Moves a pending charge to paid, failed, expired or canceled (a paid one only to refunded).
   * Null when the move is not allowed from the charge's status; nothing changes then.
   */
  move(
    id: string,
    status: StandinStatus,
    details: { amount?: number; reason?: string } = {},
  ): StandinCharge | null {
    const charge = this.charges.get(id);
    if (!charge) return null;
    // A payment after the expiry finds the charge expired (settling moves it, so not for expiry itself).
    if (status !== 'expired') this.settle(charge);
    const allowed =
      (charge.status === 'pending' && FINAL_FROM_PENDING.includes(status)) ||
      (charge.status === 'paid' && status === 'refunded');
    if (!allowed) return null;
    const at = this.now().toISOString();
    const event: StandinChargeEvent = { status, at, ...details };
    if (status === 'paid') {
      charge.paidAt = at;
      charge.paidAmount = details.amount ?? charge.amount;
      charge.endToEndId = `E${randomBytes(16).toString('hex').toUpperCase().slice(0, 31)}`;
    }
    if (status === 'refunded') charge.refundedAmount += details.amount ?? charge.paidAmount ?? charge.amount;
    charge.status = status;
    charge.history.push(event);
    this.save();
    for (const listener of this.listeners) listener(charge, event);
    return charge;
  }

  /** A pending charge past its expiry is expired (and announced) the moment anyone looks at it. */
  private settle(charge: StandinCharge | undefined): StandinCharge | undefined {
    if (charge?.status === 'pending' && this.now().getTime() > Date.parse(charge.expiresAt)) {
      this.move(charge.id, 'expired', { reason: 'expired' });
    }
    return charge;
  }

  /** Keeps a change a shape made to a charge's `extra` (no move, nothing announced). */
  touch(): void {
    this.save();
  }

  private save(): void {
    writeStateFile(this.file, [...this.charges.values()]);
  }
}
