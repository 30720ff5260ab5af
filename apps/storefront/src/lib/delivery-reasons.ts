import type { Language } from './preferences.ts';

/**
 * The preset reasons a delivery did not happen, one tap each on the courier's page and the board
 * (any other can be typed). Saved as written: the store reads the courier's own words.
 */
const REASONS: Record<'pt_br' | 'en', readonly string[]> = {
  pt_br: [
    'Cliente ausente',
    'Endereço não encontrado',
    'Cliente recusou o pedido',
    'Cliente sem dinheiro ou troco',
    'Local sem acesso',
  ],
  en: [
    'Customer not there',
    'Address not found',
    'Customer refused the order',
    'Customer had no money or change',
    'Place not reachable',
  ],
};

export function notDeliveredReasons(language: Language): readonly string[] {
  return REASONS[language === 'en' ? 'en' : 'pt_br'];
}
