import type { StaffTab } from '@comanda/contract';
import { formatBRL, storeClockText } from '@comanda/domain';
import { useCallback, useEffect, useState } from 'react';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { groupedTabLines } from '../../lib/tab-lines.ts';
import type { StaffT, StaffTextKey } from '../lib/staff-texts.ts';
import { tableLabel } from '../lib/staff-words.ts';
import { CloseTabDialog } from './close-tab-dialog.tsx';
import { openedText } from './table-words.ts';
import { isConflict, loadTab, markSharePaid, refusalText } from './tables-api.ts';
import { isCancelledRound, unpaid } from './tables-model.ts';

/** The ways a share is paid at the counter: what is stored, and how the board says it. */
const PAYMENT_METHODS: readonly { value: string; key: StaffTextKey }[] = [
  { value: 'Dinheiro', key: 'payCash' },
  { value: 'Cartão', key: 'payCard' },
  { value: 'PIX', key: 'payPix' },
];

const methodText = (stored: string | null, t: StaffT) => {
  const known = PAYMENT_METHODS.find((method) => method.value === stored);
  return known ? t(known.key) : (stored ?? '—');
};

/** How often an open tab detail re-reads a tab whose shares are being paid. */
export const CLOSING_TAB_REFRESH_MS = 5000;

const STATUS_TEXT: Record<StaffTab['status'], StaffTextKey> = {
  open: 'tabStatusOpen',
  closing: 'tabStatusClosing',
  closed: 'tabStatusClosed',
};

/**
 * One table's tab: its rounds with their lines, the bill with the service fee, 'Fechar conta', and
 * once the bill is fixed its shares, each marked paid at the counter until the tab closes.
 * `version` changes when the tables list says the tab changed (a new round, another device).
 */
export function TabDetail({
  tabId,
  version,
  now,
  t,
  onChanged,
  onNotice,
}: {
  tabId: number;
  version: string;
  now: Date;
  t: StaffT;
  onChanged: () => void;
  onNotice: (text: string) => void;
}) {
  const [tab, setTab] = useState<StaffTab | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);

  const reload = useCallback(
    () =>
      loadTab(tabId).then(
        (fresh) => {
          setTab(fresh);
          setError(null);
        },
        (caught) => setError(refusalText(caught)),
      ),
    [tabId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the tables list's word that the tab changed
  useEffect(() => {
    void reload();
  }, [reload, version]);

  // While its shares are being paid, a guest may pay one by PIX in the app: the waiter sees it within seconds.
  const awaitingShares = tab?.status === 'closing';
  useEffect(() => {
    if (!awaitingShares) return;
    const timer = setInterval(() => void reload(), CLOSING_TAB_REFRESH_MS);
    return () => clearInterval(timer);
  }, [awaitingShares, reload]);

  if (!tab) {
    return error ? (
      <p className="staff-error" role="alert">
        {error}
      </p>
    ) : (
      <p className="staff-muted">{t('loading')}</p>
    );
  }

  const table = tableLabel(tab.table.description, t);
  const changedMeanwhile = async () => {
    setClosing(false);
    await reload();
    onChanged();
    onNotice(t('tabChangedMeanwhile', { table }));
  };
  const updated = (fresh: StaffTab) => {
    setTab(fresh);
    onChanged();
    if (fresh.status === 'closed') onNotice(t('tabClosedNotice', { table }));
  };

  return (
    <section className="staff-card staff-tab" aria-labelledby="staff-tab-title" data-status={tab.status}>
      <header className="staff-tab-head">
        <h2 id="staff-tab-title">{table}</h2>
        <span className="staff-tab-status">{t(STATUS_TEXT[tab.status])}</span>
      </header>
      <p className="staff-muted">
        {tab.status === 'closed' && tab.fechada_em
          ? t('tabClosedAt', { time: storeClockText(new Date(tab.fechada_em), pageStoreTimeZone()) })
          : openedText(tab.aberta_em, now, t)}
      </p>
      {tab.codigo && tab.status === 'open' ? <TableCode code={tab.codigo} t={t} /> : null}
      {tab.conta_pedida_em && tab.status === 'open' ? (
        <p className="staff-pill staff-pill-warn">{t('billAsked')}</p>
      ) : null}
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}

      {tab.rodadas.length === 0 ? <p className="staff-muted">{t('noRounds')}</p> : null}
      {tab.rodadas.map((round) => (
        <section
          key={round.order_id}
          className="staff-round"
          aria-label={t('roundTitle', { round: round.rodada })}
          data-cancelled={isCancelledRound(round) || undefined}
        >
          <h3>
            {t('roundTitle', { round: round.rodada })}{' '}
            <span className="staff-muted">
              · {storeClockText(new Date(round.dh_iniciado), pageStoreTimeZone())} ·{' '}
              {t('orderNumber', { id: round.numero ?? round.order_id })}
            </span>
          </h3>
          {isCancelledRound(round) ? <p className="staff-pill">{t('roundCancelled')}</p> : null}
          {round.pago_online ? <p className="staff-pill staff-pill-ok">{t('roundPaidOnline')}</p> : null}
          <ul className="staff-round-lines">
            {groupedTabLines(round.linhas).map((line) => (
              <li key={line.key}>
                <span>
                  {line.qtd}× {line.descricao_produto}
                  {line.detalhes ? <span className="staff-muted"> · {line.detalhes}</span> : null}
                </span>
                <span>{formatBRL(line.valor_total)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <dl className="staff-totals">
        <div>
          <dt>{t('consumed')}</dt>
          <dd>{formatBRL(tab.totais.consumido)}</dd>
        </div>
        {tab.totais.pago_online > 0 ? (
          <>
            <div>
              <dt>{t('paidInApp')}</dt>
              <dd>−{formatBRL(tab.totais.pago_online)}</dd>
            </div>
            <div>
              <dt>{t('dueAtTable')}</dt>
              <dd>{formatBRL(tab.totais.a_pagar)}</dd>
            </div>
          </>
        ) : null}
        {tab.totais.taxa_servico_perc > 0 && (tab.status === 'open' || tab.totais.taxa_servico > 0) ? (
          <div>
            <dt>{t('serviceFeeLine', { percent: tab.totais.taxa_servico_perc })}</dt>
            <dd>{formatBRL(tab.totais.taxa_servico)}</dd>
          </div>
        ) : null}
        <div className="staff-totals-total">
          <dt>{t('tabTotal')}</dt>
          <dd>{formatBRL(tab.totais.total)}</dd>
        </div>
      </dl>

      {tab.status === 'open' ? (
        <button type="button" className="button button-primary" onClick={() => setClosing(true)}>
          {t('closeTab')}
        </button>
      ) : (
        <Shares
          tab={tab}
          t={t}
          onPaid={updated}
          onConflict={() => void changedMeanwhile()}
          onError={setError}
        />
      )}

      {closing ? (
        <CloseTabDialog
          tab={tab}
          t={t}
          onCancel={() => setClosing(false)}
          onClosed={(fresh) => {
            setClosing(false);
            updated(fresh);
          }}
          onConflict={() => void changedMeanwhile()}
        />
      ) : null}
    </section>
  );
}

/** The waiter's code, large enough to read out at the table. */
export function TableCode({ code, t }: { code: string; t: StaffT }) {
  return (
    <div className="staff-table-code">
      <span>{t('codeLabel')}</span>
      <strong>{code}</strong>
      <p className="staff-muted">{t('codeHint')}</p>
    </div>
  );
}

/** A closing or closed tab's shares: 'Marcar como pago' asks how, until every share is paid. */
function Shares({
  tab,
  t,
  onPaid,
  onConflict,
  onError,
}: {
  tab: StaffTab;
  t: StaffT;
  onPaid: (tab: StaffTab) => void;
  onConflict: () => void;
  onError: (text: string | null) => void;
}) {
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const left = unpaid(tab);
  const lineNames = new Map(
    tab.rodadas.flatMap((round) =>
      round.linhas.map((line) => [line.id, `${line.qtd}× ${line.descricao_produto}`] as const),
    ),
  );

  const pay = async (share: number, method: string) => {
    setBusy(true);
    onError(null);
    try {
      onPaid(await markSharePaid(tab.id, share, method));
      setAsking(null);
    } catch (caught) {
      if (isConflict(caught)) onConflict();
      else onError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff-shares" aria-label={t('sharesTitle')}>
      <h3>{t('sharesTitle')}</h3>
      {left.count > 0 ? (
        <p className="staff-strong">{t('leftToPay', { amount: formatBRL(left.amount) })}</p>
      ) : null}
      <ul>
        {tab.partes.map((share) => (
          <li key={share.id} className="staff-share" data-paid={share.pago_em !== null}>
            <div className="staff-share-head">
              <strong>{t('shareTitle', { n: share.parte })}</strong>
              <strong>{formatBRL(share.valor)}</strong>
            </div>
            {share.taxa_servico > 0 ? (
              <p className="staff-muted">{t('shareFeeNote', { amount: formatBRL(share.taxa_servico) })}</p>
            ) : null}
            {share.linhas.length > 0 ? (
              <p className="staff-muted">
                {share.linhas
                  .map((id) => lineNames.get(id) ?? '')
                  .filter(Boolean)
                  .join(', ')}
              </p>
            ) : null}
            {share.pix_a_devolver ? (
              <p className="staff-pill staff-pill-warn" role="note">
                {t('sharePixToRefund', { amount: formatBRL(share.pix_a_devolver) })}
              </p>
            ) : null}
            {share.cartao_a_devolver ? (
              <p className="staff-pill staff-pill-warn" role="note">
                {t('shareCardToRefund', { amount: formatBRL(share.cartao_a_devolver) })}
              </p>
            ) : null}
            {share.pago_em ? (
              <p className="staff-pill staff-pill-ok">
                {t('sharePaid', {
                  time: storeClockText(new Date(share.pago_em), pageStoreTimeZone()),
                  method: methodText(share.forma_pagamento, t),
                })}
              </p>
            ) : asking === share.id ? (
              <fieldset className="staff-segmented staff-pay-how">
                <legend>{t('paidHow', { n: share.parte })}</legend>
                {PAYMENT_METHODS.map((method) => (
                  <button
                    key={method.value}
                    type="button"
                    disabled={busy}
                    onClick={() => void pay(share.id, method.value)}
                  >
                    {t(method.key)}
                  </button>
                ))}
                <button type="button" onClick={() => setAsking(null)}>
                  {t('back')}
                </button>
              </fieldset>
            ) : (
              <button
                type="button"
                className="button button-secondary"
                aria-label={`${t('markPaid')}: ${t('shareTitle', { n: share.parte })}`}
                onClick={() => setAsking(share.id)}
              >
                {t('markPaid')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
