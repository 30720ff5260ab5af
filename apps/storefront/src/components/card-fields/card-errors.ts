import type { CardKitError } from '../../lib/card-kit.ts';
import type { CardT } from './card-texts.ts';

/** The provider's refusal in the customer's words; its own message for what we do not know. */
export function cardErrorText(error: CardKitError, t: CardT): string {
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds')
    return t('cardNoFunds');
  if (error.code === 'payment_intent_authentication_failure') return t('cardAuthFailed');
  if (error.code === 'expired_card') return t('cardExpired');
  if (error.code === 'incorrect_number') return t('cardIncorrect');
  if (error.code === 'card_declined') return t('cardDeclined');
  return error.message || t('cardDeclined');
}
