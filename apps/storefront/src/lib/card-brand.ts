import type { SavedCard } from '@comanda/contract';

/** A saved card's brand as the customer reads it; `other` is the screen's own word ('Cartão'). */
export function cardBrandName(brand: SavedCard['brand'], other: string): string {
  return brand === 'visa' ? 'Visa' : brand === 'mastercard' ? 'Mastercard' : other;
}
