import type { GuestTab, TabRound, TabShareShape, TabTotalsShape } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { groupedTabLines } from '../../../lib/tab-lines.ts';
import { clockOf, roundStatusText } from '../model/tab-view.ts';
import type { TableT } from '../table-texts.ts';

/** The rounds in the order they were placed: time (store time), status, lines and the round's total. */
export function TabRounds({ rounds, t }: { rounds: readonly TabRound[]; t: TableT }) {
  return (
    <section className="tab-card" aria-labelledby="tab-rounds-title">
      <h3 id="tab-rounds-title" className="tab-card-title">
        {t('rounds')}
      </h3>
      <ol className="tab-rounds">
        {rounds.map((round) => {
          const cancelled = round.status === 'Cancelado';
          return (
            <li key={round.order_id} className={cancelled ? 'tab-round tab-round-cancelled' : 'tab-round'}>
              <h4 className="tab-round-head">
                <span>{t('round', { number: round.rodada })}</span>{' '}
                <span className="tab-round-meta">
                  {clockOf(round.dh_iniciado)} · {roundStatusText(round.status, t)}
                </span>
              </h4>
              <ul className="tab-lines">
                {groupedTabLines(round.linhas).map((line) => (
                  <li key={line.key} className="tab-line">
                    <span className="tab-line-name">
                      {line.qtd}× {line.descricao_produto}
                    </span>{' '}
                    <span className="tab-line-value">{formatBRL(line.valor_total)}</span>{' '}
                    {line.detalhes ? <span className="tab-line-details">{line.detalhes}</span> : null}
                  </li>
                ))}
              </ul>
              <p className="tab-round-total">
                <span>{cancelled ? t('roundCancelled') : t('roundTotal')}</span>{' '}
                <span>{formatBRL(round.total)}</span>
              </p>
              {round.pago_online ? <span className="tab-chip">{t('paidInApp')}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The bill: consumed, less what was paid in the app, plus the service fee; each line only when it counts. */
export function TabTotals({ totals, t }: { totals: TabTotalsShape; t: TableT }) {
  return (
    <section className="tab-card" aria-labelledby="tab-totals-title">
      <h3 id="tab-totals-title" className="tab-card-title">
        {t('totals')}
      </h3>
      <dl className="tab-totals">
        <dt>{t('consumed')}</dt>
        <dd>{formatBRL(totals.consumido)}</dd>
        {totals.pago_online > 0 ? (
          <>
            <dt>{t('paidInApp')}</dt>
            <dd>−{formatBRL(totals.pago_online)}</dd>
          </>
        ) : null}
        {totals.taxa_servico > 0 ? (
          <>
            <dt>{t('serviceFee', { percent: totals.taxa_servico_perc })}</dt>
            <dd>{formatBRL(totals.taxa_servico)}</dd>
          </>
        ) : null}
        <dt className="tab-total">{t('total')}</dt>
        <dd className="tab-total">{formatBRL(totals.total)}</dd>
      </dl>
    </section>
  );
}

/** Once the staff fixed the bill: each share, paid or to pay. */
export function TabShares({
  split,
  shares,
  onPay,
  onPayCard,
  t,
}: {
  split: NonNullable<GuestTab['divisao']>;
  shares: readonly TabShareShape[];
  /** The store takes PIX in the app: each unpaid share gets 'Pagar com PIX'. */
  onPay?: ((share: TabShareShape) => void) | null;
  /** The store takes cards in the app: each unpaid share gets 'Pagar com cartão'. */
  onPayCard?: ((share: TabShareShape) => void) | null;
  t: TableT;
}) {
  return (
    <section className="tab-card" aria-labelledby="tab-shares-title">
      <h3 id="tab-shares-title" className="tab-card-title">
        {t('shares')}
      </h3>
      <p className="tab-subtitle">{split === 'even' ? t('splitEven') : t('splitItems')}</p>
      <ul className="tab-shares">
        {shares.map((share) => (
          <li key={share.id} className={share.pago_em ? 'tab-share tab-share-paid' : 'tab-share'}>
            {t('share', { number: share.parte })} · {formatBRL(share.valor)} ·{' '}
            {share.pago_em ? t('sharePaid') : t('shareDue')}
            {(onPay || onPayCard) && !share.pago_em ? (
              <span className="tab-share-actions">
                {onPay ? (
                  <button
                    type="button"
                    className="button button-primary tab-share-pay"
                    aria-label={t('payShareLabel', { number: share.parte })}
                    onClick={() => onPay(share)}
                  >
                    {t('payShare')}
                  </button>
                ) : null}
                {onPayCard ? (
                  <button
                    type="button"
                    className={`button ${onPay ? 'button-secondary' : 'button-primary'} tab-share-pay`}
                    aria-label={t('payShareCardLabel', { number: share.parte })}
                    onClick={() => onPayCard(share)}
                  >
                    {t('payShareCard')}
                  </button>
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
