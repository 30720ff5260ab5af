import type { StaffRating, StaffRatingsReply } from '@comanda/contract';
import { deliveryTypeWord, RATING_MAX_STARS, storeDateTimeText } from '@comanda/domain';
import { useCallback, useEffect, useState } from 'react';
import { useLanguage } from '../../lib/preferences.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { staffFetch } from '../lib/staff-api.ts';
import { useRatingsT } from './ratings-texts.ts';
import './ratings.css';

/*
 * The customers' ratings of delivered orders (docs/decisions/0068): the average and how many gave
 * each number of stars, then the ratings newest first, the low ones a tap away.
 */

type Filter = 'all' | 'low';
const LOW_STARS = 2;

function Stars({ stars, label }: { stars: number; label: string }) {
  return (
    <span className="ratings-stars" role="img" aria-label={label}>
      {Array.from({ length: RATING_MAX_STARS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
        <span key={index} aria-hidden="true" className={index < stars ? 'is-on' : undefined}>
          ★
        </span>
      ))}
    </span>
  );
}

export default function RatingsView() {
  const t = useRatingsT();
  const language = useLanguage();
  const lang = language === 'en' ? 'en' : 'pt_br';
  const zone = pageStoreTimeZone();
  const [filter, setFilter] = useState<Filter>('all');
  const [reply, setReply] = useState<StaffRatingsReply | null>(null);
  const [ratings, setRatings] = useState<StaffRating[]>([]);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (before: string | null) => {
      setBusy(true);
      setFailed(false);
      const query = new URLSearchParams();
      if (filter === 'low') query.set('max_nota', String(LOW_STARS));
      if (before) query.set('before', before);
      try {
        const page = await staffFetch<StaffRatingsReply>(`/staff/ratings?${query}`);
        setReply(page);
        setRatings((shown) => (before ? [...shown, ...page.avaliacoes] : page.avaliacoes));
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    },
    [filter],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const summary = reply?.resumo;
  const average = (summary?.media ?? 0).toLocaleString(lang === 'en' ? 'en' : 'pt-BR', {
    maximumFractionDigits: 1,
  });
  return (
    <main className="staff-controls ratings">
      <section className="staff-card" aria-labelledby="ratings-title">
        <h2 id="ratings-title">{t('title')}</h2>
        {summary ? (
          summary.total === 0 ? (
            <p className="staff-muted">{t('none')}</p>
          ) : (
            <div className="ratings-summary">
              <p className="ratings-average">
                <strong>{average}</strong>
                <Stars stars={Math.round(summary.media ?? 0)} label={t('averageOf', { average })} />
                <span className="staff-muted">{t('count', { count: summary.total })}</span>
              </p>
              <ul className="ratings-bars" aria-label={t('average')}>
                {[5, 4, 3, 2, 1].map((stars) => {
                  const count = summary.por_nota[stars - 1] ?? 0;
                  return (
                    <li key={stars}>
                      <span className="ratings-bar-label">{t('stars', { count: stars })}</span>
                      <span className="ratings-bar" aria-hidden="true">
                        <span style={{ width: `${Math.round((count / summary.total) * 100)}%` }} />
                      </span>
                      <span className="ratings-bar-count">{count}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          )
        ) : failed ? null : (
          <p className="staff-muted">{t('loading')}</p>
        )}
        {failed ? (
          <p className="staff-error" role="alert">
            {t('failed')}{' '}
            <button type="button" className="button button-secondary" onClick={() => void load(null)}>
              {t('retry')}
            </button>
          </p>
        ) : null}
      </section>

      {summary && summary.total > 0 ? (
        <section className="staff-card" aria-label={t('title')}>
          <fieldset className="ratings-filter staff-chips" aria-label={t('filterLabel')}>
            {(['all', 'low'] as const).map((key) => (
              <button key={key} type="button" aria-pressed={filter === key} onClick={() => setFilter(key)}>
                {t(key === 'all' ? 'filterAll' : 'filterLow')}
              </button>
            ))}
          </fieldset>
          {ratings.length === 0 && !busy ? (
            <p className="staff-muted">{filter === 'low' ? t('noneLow') : t('none')}</p>
          ) : (
            <ul className="ratings-list">
              {ratings.map((rating) => (
                <li key={rating.pedido} data-stars={rating.nota}>
                  <div className="ratings-item-head">
                    <Stars stars={rating.nota} label={t('stars', { count: rating.nota })} />
                    <span className="staff-muted">{storeDateTimeText(new Date(rating.at), zone)}</span>
                  </div>
                  <p className={rating.comentario ? 'ratings-comment' : 'ratings-comment staff-muted'}>
                    {rating.comentario ?? t('noComment')}
                  </p>
                  <p className="staff-muted ratings-order">
                    {rating.cliente} · {t('order', { id: rating.numero ?? rating.pedido })} ·{' '}
                    {deliveryTypeWord(rating.tipo_entrega, lang)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {reply?.proximo ? (
            <button
              type="button"
              className="button button-secondary ratings-more"
              disabled={busy}
              onClick={() => void load(reply.proximo)}
            >
              {t('more')}
            </button>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
