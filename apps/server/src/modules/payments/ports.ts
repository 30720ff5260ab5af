import type { CreatePaymentIntentRequest, OrderErrorReply, OrderPlacedReply } from '@comanda/contract';
import type { OnlinePaymentKind, StaffOrderChannel } from '@comanda/domain';
import type { DbExecutor } from '../../db/client.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import type { PixProvider, ProviderKind } from './providers/provider.ts';

/*
 * What the payments module asks of its surroundings and offers to other modules' charges: order
 * placement, the store's provider, and the owners of charges that are not an order's (a table
 * share's).
 */

/**
 * Order placement as an order's payment attempt uses it: the orders module's service fits it as it
 * is (app.ts hands it over), so payments never imports the orders module, which sits above it.
 */
export interface OrderPlacement {
  /** Places the order awaiting its payment; `online.record` writes the attempt in the order's transaction. */
  place(
    principal: PaymentOwner,
    body: CreatePaymentIntentRequest['order'],
    keyHeader: string | string[] | undefined,
    online: AwaitingPayment,
    staff?: CounterEntry | null,
  ): Promise<{ statusCode: number; body: OrderPlacedReply | OrderErrorReply }>;
  /** An order whose payment could not even start: its Idempotency-Key is forgotten (in `tx`). */
  forgetAttempt(
    tx: DbExecutor,
    order: { storeId: number; customerId: number; orderId: number },
  ): Promise<void>;
}

/** Whose order a payment attempt pays for: the signed-in customer, or the customer staff enter it for. */
export type PaymentOwner = Pick<CustomerPrincipal, 'storeId' | 'customerId'>;

/**
 * A staff member entering the order (the PDV, docs/decisions/0058, 0063): its channel and who
 * entered it are written with the order, as the orders module's StaffEntry.
 */
export interface CounterEntry {
  channel: StaffOrderChannel;
  staffId: number;
}

/** The payment attempt written with the order it pays for. */
export interface AwaitingPayment {
  kind: OnlinePaymentKind;
  record(tx: DbExecutor, written: { order: { id: number; total: number }; earn: number }): Promise<void>;
}

/** The store's provider, built from its stored settings and secrets. */
export interface StoreProvider {
  kind: ProviderKind;
  provider: PixProvider;
  notificationToken: string;
}

/** A card provider's browser kit, as another module hands it to a guest's browser. */
export interface ShareCardKit {
  provider: ProviderKind;
  scriptUrl: string;
  publicKey: string;
}

export interface PaymentProviders {
  forStore(storeId: number): Promise<StoreProvider | null>;
}

/**
 * Another module whose charges (PIX or card) go through the store's provider (a share of a table's
 * tab): the provider's notifications about them are verified here and handed over.
 */
export interface ChargeOwner {
  /** Of these charges of the store's provider, the ones that are this owner's. */
  owned(storeId: number, provider: ProviderKind, providerRefs: readonly string[]): Promise<string[]>;
  /** A verified notification named this charge: read it from the provider and settle it; false when the provider could not be read. */
  recheck(storeId: number, providerRef: string): Promise<boolean>;
  /** The ledger check: this owner's attempts holding these charges or opened with these references. */
  ledger(
    storeId: number,
    provider: ProviderKind,
    lookup: { providerRefs: readonly string[]; references: readonly string[] },
  ): Promise<OwnedAttempt[]>;
}

/** Another module's payment attempt, as the ledger check sees it. */
export interface OwnedAttempt {
  id: number;
  providerRef: string | null;
  reference: string;
  amount: number;
  /** pending, paid, failed, expired or canceled. */
  status: string;
  /** What its money paid for (a table share), as the staff read it. */
  label: string;
}
