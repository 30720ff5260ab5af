import type { PixProvider, ProviderKind } from './providers/provider.ts';

/*
 * What the payments module asks of its surroundings and offers to other modules' charges: the
 * store's provider, and the owners of charges that are not an order's (a table share's).
 */

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
