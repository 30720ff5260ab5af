import { SHARE_CARD_FAILURES, type ShareCardFailure, type TabShareCardReply } from '@comanda/contract';
import type { CardAttempt } from '../../../components/card-fields/card-form-parts.tsx';
import type { TableT } from '../table-texts.ts';

/** The table's card page of a share (docs/decisions/0035): a page load of its own (its policy lets the kit in). */
export const shareCardPagePath = (shareId: number) => `/mesa/cartao/${shareId}`;

/** After the card was sent, how often and how long the page asks whether the provider said paid. */
export const SHARE_CARD_CONFIRM_MS = 1_000;
export const SHARE_CARD_CONFIRM_TRIES = 20;

const isFailure = (reason: string | null): reason is ShareCardFailure =>
  (SHARE_CARD_FAILURES as readonly (string | null)[]).includes(reason);

/** Why a card did not pay, in the guest's language (the server's stable word); null when it gave none. */
export function shareCardFailureText(reason: string | null, t: TableT): string | null {
  return isFailure(reason) ? t(`cardFailure_${reason}`) : null;
}

/** What a stopped attempt says to the guest: its failure, its expiry, or that it did not go through. */
export function stoppedCardText(card: TabShareCardReply, t: TableT): string {
  if (card.status === 'expired') return t('cardExpired');
  return shareCardFailureText(card.falha, t) ?? t('cardFailed');
}

/** The card fields' attempt of a pending share attempt; null without its provider's kit. */
export function cardAttemptOf(card: TabShareCardReply): CardAttempt | null {
  if (!card.card_kit) return null;
  if (card.card_kit.provider !== 'mercadopago' && !card.client_secret) return null;
  return {
    kit: {
      provider: card.card_kit.provider,
      scriptUrl: card.card_kit.script_url,
      publicKey: card.card_kit.public_key,
    },
    amount: card.valor,
    clientSecret: card.client_secret,
    mode: 'new',
    methodId: null,
    last4: null,
  };
}
