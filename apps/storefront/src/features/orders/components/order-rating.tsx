import type { OrderRating as Rating, TrackedOrder } from '@comanda/contract';
import { RATING_COMMENT_MAX_LENGTH, RATING_MAX_STARS, ratingRefusal, truncateText } from '@comanda/domain';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useDataConfig } from '../../../lib/data-cache.tsx';
import { rateOrder } from '../api/orders-api.ts';
import { useRatingT } from '../rating-texts.ts';

const STARS = Array.from({ length: RATING_MAX_STARS }, (_, index) => index + 1);
const KNOWN_REFUSALS = ['ORDER_ALREADY_RATED', 'RATING_WINDOW_CLOSED', 'ORDER_NOT_DELIVERED'] as const;

/** When the order became Entregue, from its history. */
const deliveredAt = (order: TrackedOrder) => {
  const change = order.status_changes.findLast((entry) => entry.status === 'Entregue');
  return change ? new Date(change.at) : null;
};

/** Whether the detail shows the rating: given already, or a delivered order still open to one. */
export const showsRating = (order: TrackedOrder, now: Date) =>
  order.avaliacao !== null ||
  ratingRefusal({ status: order.status, deliveredAt: deliveredAt(order), rated: false }, now) === null;

function StarRow({ stars, label }: { stars: number; label: string }) {
  return (
    <span className="rating-stars-shown" role="img" aria-label={label}>
      {STARS.map((value) => (
        <span key={value} aria-hidden="true" className={value <= stars ? 'rating-star is-on' : 'rating-star'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** A delivered order's rating: the stars and comment to give, or the ones given. */
export function OrderRating({ order }: { order: TrackedOrder }) {
  const t = useRatingT();
  const { mutate } = useDataConfig();
  // The order's detail and the list read it again: the rating is on the order record now.
  const onRated = () => mutate((key) => typeof key === 'string' && key.startsWith('/bar/atendimentos'));
  const titleId = useId();
  const countId = useId();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [given, setGiven] = useState<Rating | null>(null);
  const rating = order.avaliacao ?? given;

  if (rating) {
    return (
      <section className="order-section order-rating" aria-labelledby={titleId}>
        <h3 id={titleId}>{t('yourRating')}</h3>
        {given ? (
          <p className="order-rating-thanks" role="status">
            {t('thanks')}
          </p>
        ) : null}
        <StarRow stars={rating.nota} label={t('ratedStars', { count: rating.nota })} />
        {rating.comentario ? <p className="order-rating-comment">“{rating.comentario}”</p> : null}
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stars === 0 || busy) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await rateOrder(order.id, {
        nota: stars,
        ...(comment.trim() ? { comentario: comment.trim() } : {}),
      });
      setGiven(reply);
      onRated();
    } catch (caught) {
      const code =
        caught instanceof ApiError && caught.body && typeof caught.body === 'object' && 'code' in caught.body
          ? String(caught.body.code)
          : '';
      const known = KNOWN_REFUSALS.find((refusal) => refusal === code);
      setError(known ? t(known) : t('failed'));
      if (known) onRated();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="order-section order-rating" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('rateTitle')}</h3>
      <p className="order-rating-hint">{t('rateHint')}</p>
      <form onSubmit={submit} noValidate>
        <fieldset className="rating-picker">
          <legend className="sr-only">{t('starsLabel')}</legend>
          {STARS.map((value) => (
            <label key={value} className={value <= stars ? 'rating-choice is-on' : 'rating-choice'}>
              <input
                type="radio"
                name={`rating-${order.id}`}
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
              />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{t('star', { count: value })}</span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span className="field-label">{t('commentLabel')}</span>
          <textarea
            className="field-input"
            rows={3}
            maxLength={RATING_COMMENT_MAX_LENGTH}
            value={comment}
            aria-describedby={countId}
            onChange={(event) => setComment(truncateText(event.target.value, RATING_COMMENT_MAX_LENGTH))}
          />
        </label>
        <p id={countId} className="field-hint">
          {t('commentCount', { count: comment.length })}
        </p>
        {error ? (
          <p className="order-rating-error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button-primary order-rating-send"
          disabled={stars === 0 || busy}
        >
          {busy ? t('sending') : t('send')}
        </button>
      </form>
    </section>
  );
}
