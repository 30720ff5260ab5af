import type { SavedCard } from '@comanda/contract';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { logProviderError, type PaymentDeps } from './attempt-rules.ts';
import type { StoreProvider } from './ports.ts';
import type { CardPayments } from './providers/provider.ts';
import * as repo from './repository.ts';

/*
 * A customer's saved cards and their account at the store's provider (docs/decisions/0029): the
 * provider keeps the card; we keep its id, brand and last 4 digits.
 */

/** A saved card as the spec's calls show it: brand and last 4 digits, nothing else. */
export function savedCardOf(row: repo.SavedCardRow): SavedCard {
  const brand = row.brand === 'visa' || row.brand === 'mastercard' ? row.brand : 'other';
  return { id: row.id, brand, ultimos4: row.last4, excluido: row.deletedAt !== null };
}

/** The customer's saved cards at this store, deleted ones left out (the customer record's `cards`). */
export async function listSavedCards(
  db: DbExecutor,
  storeId: number,
  customerId: number,
): Promise<SavedCard[]> {
  return (await repo.listSavedCards(db, storeId, customerId)).map(savedCardOf);
}

export class SavedCards {
  constructor(private readonly deps: PaymentDeps) {}

  /** GET /core/cartoes/: the customer's saved cards at this store, for its current provider. */
  async listCards(principal: CustomerPrincipal): Promise<SavedCard[]> {
    const provider = await this.deps.providers.forStore(principal.storeId);
    if (!provider?.provider.cards) return [];
    const rows = await repo.listSavedCards(this.deps.db, principal.storeId, principal.customerId);
    return rows.filter((card) => card.provider === provider.kind).map(savedCardOf);
  }

  /** PATCH /core/cartoes/{id}/ {excluido: true}: the card is removed here and detached at the provider. */
  async removeCard(principal: CustomerPrincipal, id: number): Promise<SavedCard> {
    const { db, now } = this.deps;
    const removed = await repo.deleteSavedCard(db, principal.storeId, principal.customerId, id, now());
    if (!removed) throw new AppError('not_found', 'CARD_NOT_FOUND', 'Cartão não encontrado.');
    const provider = await this.deps.providers.forStore(principal.storeId);
    if (provider?.kind === removed.provider && provider.provider.cards) {
      try {
        const customer = await repo.findProviderCustomer(db, {
          storeId: principal.storeId,
          customerId: principal.customerId,
          provider: removed.provider,
        });
        await provider.provider.cards.detachCard(removed.providerMethodId, customer ?? null);
      } catch (error) {
        // Gone from the customer's list either way; the store's provider keeps an unused card.
        this.deps.log.warn(
          { cardId: removed.id, reason: (error as Error).message },
          'card not detached at the provider',
        );
      }
    }
    return savedCardOf(removed);
  }

  /** Keeps the card of a paid token payment (with its own token); the payment stands either way. */
  async keepTokenCard(
    payment: repo.PaymentRow,
    provider: StoreProvider,
    cards: CardPayments,
    saveToken: string,
  ): Promise<void> {
    try {
      const customer = await this.providerCustomer(payment, provider, cards);
      const card = await cards.keepCard!(customer, saveToken);
      await repo.keepSavedCard(this.deps.db, {
        storeId: payment.storeId,
        customerId: payment.customerId,
        provider: provider.kind,
        providerMethodId: card.methodId,
        brand: card.brand,
        last4: card.last4,
        at: this.deps.now(),
      });
    } catch (error) {
      logProviderError(this.deps.log, error, payment, 'keep card');
    }
  }

  /** The customer's account at the provider, made on the first card payment and kept. */
  async providerCustomer(
    payment: repo.PaymentRow,
    provider: StoreProvider,
    cards: CardPayments,
  ): Promise<string> {
    const { db, now } = this.deps;
    const key = { storeId: payment.storeId, customerId: payment.customerId, provider: provider.kind };
    const known = await repo.findProviderCustomer(db, key);
    if (known) return known;
    const customer = await repo.customerFacts(db, payment.storeId, payment.customerId);
    const id = await cards.createCustomer({
      reference: `S${payment.storeId}C${payment.customerId}`,
      email: customer?.email || (await this.placeholderEmail(payment)),
      name: customer?.name ?? `Cliente ${payment.customerId}`,
    });
    return repo.keepProviderCustomer(db, key, id, now());
  }

  /** Providers that need a payer's e-mail get the customer's, or one of the store's own for the order. */
  async placeholderEmail(payment: repo.PaymentRow): Promise<string> {
    const customer = await repo.customerFacts(this.deps.db, payment.storeId, payment.customerId);
    if (customer?.email) return customer.email;
    const store = await repo.storeFacts(this.deps.db, payment.storeId);
    return `cliente${payment.customerId}@${store?.slug ?? 'loja'}.comanda.app`;
  }
}
