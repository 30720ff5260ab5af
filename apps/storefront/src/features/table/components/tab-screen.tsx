import type { GuestTab, TabShareShape } from '@comanda/contract';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ConnectionError } from '../../../components/connection-error.tsx';
import { showFlash } from '../../../lib/flash.ts';
import { useTableState } from '../../../lib/guest-table.ts';
import { leaveTableMode } from '../../../lib/source.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { useTableCall } from '../hooks/use-table-call.ts';
import { shareCardPagePath } from '../model/share-card.ts';
import { CALL_FIELD, clockOf } from '../model/tab-view.ts';
import { type TableT, useTableT } from '../table-texts.ts';
import { LeaveTableDialog } from './leave-table-dialog.tsx';
import { SharePixDialog } from './share-pix-dialog.tsx';
import { TabRounds, TabShares, TabTotals } from './tab-parts.tsx';
import '../table.css';

/**
 * /mesa: the table's tab as its guests see it (rounds, totals, the shares once the bill is fixed),
 * the calls to the staff, and the way out of table mode. Refreshed every 10 s while open.
 */
export default function TabScreen() {
  const t = useTableT();
  const [, navigate] = useLocation();
  const { state, guest } = useTableState({ poll: true });
  const calls = useTableCall({ visit: guest.visit, mutate: guest.mutate, t });
  const [leaving, setLeaving] = useState(false);
  const [paying, setPaying] = useState<TabShareShape | null>(null);
  const { data: company } = useCompany();
  const takesPix = Boolean(company?.online_payment && company.payment_by_pix);
  const takesCard = Boolean(company?.online_payment && company.payment_by_card);
  const closingNotice = takesPix
    ? takesCard
      ? 'tabClosingPixCard'
      : 'tabClosingPix'
    : takesCard
      ? 'tabClosingCard'
      : 'tabClosing';

  const leave = () => {
    leaveTableMode();
    showFlash(t('leftTable'));
    navigate('/', { replace: true });
  };

  const description = state.status === 'found' ? state.description : null;
  const tab = state.status === 'found' ? (state.reply?.tab ?? null) : null;

  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <p className="tab-message" aria-busy="true">
        {t('loadingTab')}
      </p>
    );
  } else if (state.status === 'not_found') {
    body = (
      <p className="tab-message tab-problem" role="alert">
        {t('tableNotFound')}
      </p>
    );
  } else if (!state.reply) {
    // The table is known from the list but its tab could not be read (offline, a server error).
    body = <ConnectionError onRetry={() => guest.mutate()} />;
  } else {
    body = (
      <>
        <CallsCard tab={tab} calls={calls} t={t} />
        {tab && tab.rodadas.length > 0 ? (
          <>
            <TabRounds rounds={tab.rodadas} t={t} />
            <TabTotals totals={tab.totais} t={t} />
            {tab.divisao ? (
              <TabShares
                split={tab.divisao}
                shares={tab.partes}
                onPay={takesPix && tab.status === 'closing' && guest.visit ? setPaying : null}
                onPayCard={
                  takesCard && tab.status === 'closing' && guest.visit
                    ? // A page load of its own: its content security policy lets the card provider's kit in.
                      (share) => window.location.assign(shareCardPagePath(share.id))
                    : null
                }
                t={t}
              />
            ) : null}
          </>
        ) : (
          <EmptyTab t={t} />
        )}
      </>
    );
  }

  return (
    <section className="tab-screen" aria-labelledby="tab-title">
      <header className="tab-head">
        {/* The banner right above names the table already: the heading is for screen readers. */}
        <h2 id="tab-title" className="tab-title sr-only">
          {description ?? t('tableTab')}
        </h2>
        {tab ? <p className="tab-subtitle">{t('tabOpenedAt', { time: clockOf(tab.aberta_em) })}</p> : null}
        {tab && tab.status !== 'open' ? (
          <p className="tab-notice" role="status">
            {tab.status === 'closing' ? t(closingNotice) : t('tabClosed')}
          </p>
        ) : null}
      </header>
      {body}
      <div className="tab-leave">
        <button type="button" className="link-button" onClick={() => setLeaving(true)}>
          {t('leaveTable')}
        </button>
      </div>
      {paying && guest.visit ? (
        <SharePixDialog
          visit={guest.visit}
          share={paying}
          onPaid={() => void guest.mutate()}
          onClose={() => setPaying(null)}
          t={t}
        />
      ) : null}
      {leaving ? (
        <LeaveTableDialog table={description} onLeave={leave} onStay={() => setLeaving(false)} t={t} />
      ) : null}
    </section>
  );
}

/** 'Chamar garçom' and 'Pedir a conta', each with the time of its call while it waits. */
function CallsCard({
  tab,
  calls,
  t,
}: {
  tab: GuestTab | null;
  calls: ReturnType<typeof useTableCall>;
  t: TableT;
}) {
  // With a tab, the tab says which calls wait (the staff may have answered); before, this page does.
  const waitingSince = (kind: 'waiter' | 'bill') => (tab ? tab[CALL_FIELD[kind]] : calls.made[kind]) ?? null;
  const waiter = waitingSince('waiter');
  const bill = waitingSince('bill');
  const billAsked = tab !== null && tab.status !== 'open';
  return (
    <section className="tab-card tab-calls" aria-label={t('tableActions')}>
      <div className="tab-call-buttons">
        <button
          type="button"
          className="button button-primary"
          disabled={calls.sending !== null}
          aria-busy={calls.sending === 'waiter'}
          onClick={() => void calls.call('waiter')}
        >
          {calls.sending === 'waiter' ? t('callingWaiter') : t('callWaiter')}
        </button>
        {billAsked ? null : (
          <button
            type="button"
            className="button button-secondary"
            disabled={calls.sending !== null}
            aria-busy={calls.sending === 'bill'}
            onClick={() => void calls.call('bill')}
          >
            {calls.sending === 'bill' ? t('askingBill') : t('askBill')}
          </button>
        )}
      </div>
      <div aria-live="polite">
        {waiter ? <p className="tab-call-state">{t('waiterCalledAt', { time: clockOf(waiter) })}</p> : null}
        {bill ? <p className="tab-call-state">{t('billAskedAt', { time: clockOf(bill) })}</p> : null}
      </div>
      {calls.problem ? (
        <p className="tab-problem" role="alert">
          {calls.problem}
        </p>
      ) : null}
    </section>
  );
}

/** Before the first round: nothing ordered yet, and the way to the menu. */
function EmptyTab({ t }: { t: TableT }) {
  return (
    <section className="tab-card tab-empty" aria-labelledby="tab-empty-title">
      <h3 id="tab-empty-title" className="tab-empty-title">
        {t('emptyTab')}
      </h3>
      <p>{t('emptyTabText')}</p>
      <Link href="/" className="button button-primary">
        {t('backToMenu')}
      </Link>
    </section>
  );
}
