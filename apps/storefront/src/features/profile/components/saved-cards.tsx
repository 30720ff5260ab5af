import type { SavedCard } from '@comanda/contract';
import { useId, useState } from 'react';
import { CardBrandMark } from '../../../components/card-brand-mark.tsx';
import { cardBrandName } from '../../../lib/card-brand.ts';
import { ConfirmDialog, type ConfirmState } from '../../../shared/confirm-dialog.tsx';
import { deleteCard } from '../api/cards-api.ts';
import { type ProfileT, useProfileT } from '../profile-texts.ts';
import '../profile.css';

type Pending = { card: SavedCard; state: ConfirmState };

/** 'Visa •••• 4242': the card masked but its last 4 digits (spec section 3 "Card"). */
export function maskedCard(card: Pick<SavedCard, 'brand' | 'ultimos4'>, t: ProfileT): string {
  return `${cardBrandName(card.brand, t('cardOther'))} •••• ${card.ultimos4}`;
}

/**
 * The saved cards of /profile (spec section 2: only when the store takes online payment), each
 * with its deletion, asked first (spec section 5 "Deletion") and answered with the spec's texts.
 */
export function SavedCards({
  cards,
  refresh,
}: {
  cards: readonly SavedCard[];
  /** Reads the customer (and so its cards) again. */
  refresh: () => Promise<unknown>;
}) {
  const t = useProfileT();
  const headingId = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const shown = cards.filter((card) => !card.excluido);

  const runDelete = async (card: SavedCard) => {
    setPending({ card, state: 'sending' });
    try {
      await deleteCard(card.id);
      await refresh();
      setPending(null);
      setStatus(t('cardDeletionSuccess'));
    } catch {
      setPending({ card, state: 'error' });
    }
  };

  return (
    <section className="account-card saved-cards" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-subheading">
        {t('savedCards')}
      </h2>
      <p className="form-status" role="status">
        {status}
      </p>
      {shown.length === 0 ? (
        <p className="account-text">{t('noCards')}</p>
      ) : (
        <ul className="saved-card-list">
          {shown.map((card) => (
            <li key={card.id} className="saved-card" aria-label={maskedCard(card, t)}>
              <span className="saved-card-name">
                <CardBrandMark brand={card.brand} />
                {maskedCard(card, t)}
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={t('deleteCard', { card: maskedCard(card, t) })}
                onClick={() => {
                  setStatus(null);
                  setPending({ card, state: 'ask' });
                }}
              >
                {t('delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pending ? (
        <ConfirmDialog
          title={t('deleteCardTitle')}
          question={t('deleteCardQuestion', { card: maskedCard(pending.card, t) })}
          state={pending.state}
          errorText={t('cardDeletionError')}
          labels={{ cancel: t('cancel'), confirm: t('delete'), sending: t('deleting'), retry: t('tryAgain') }}
          onConfirm={() => void runDelete(pending.card)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
