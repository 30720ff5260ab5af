import { Link, useLocation } from 'wouter';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { showFlash } from '../../../lib/flash.ts';
import { useTableState } from '../../../lib/guest-table.ts';
import { leaveTableMode, TAB_PATH } from '../../../lib/source.ts';
import { useTableCall } from '../hooks/use-table-call.ts';
import { clockOf } from '../model/tab-view.ts';
import { useTableT } from '../table-texts.ts';
import '../table.css';

/**
 * Table mode's banner (spec section 2 "Bars"): the table's name with 'Chamar garçom' and 'Conta',
 * or the spec's 'table not found' text with a way out of table mode. It fills the line the shell
 * keeps for it from the first frame, whatever it shows, so the menu below never moves.
 */
export default function TableBanner() {
  const t = useTableT();
  const [location] = useLocation();
  const { state, guest } = useTableState();
  const calls = useTableCall({ visit: guest.visit, mutate: guest.mutate, t });

  if (state.status === 'loading') {
    return (
      <div className="banner banner-table" aria-busy="true">
        <span className="sr-only">{t('tableLoading')}</span>
      </div>
    );
  }

  if (state.status === 'not_found') {
    return (
      <div className="banner banner-table banner-table-missing" role="status">
        <span>{t('tableNotFound')}</span>
        <button
          type="button"
          className="button button-small button-secondary banner-table-action"
          aria-label={t('leaveTable')}
          onClick={() => {
            leaveTableMode();
            showFlash(t('leftTable'));
          }}
        >
          {t('leaveShort')}
        </button>
      </div>
    );
  }

  const callWaiter = async () => {
    const result = await calls.call('waiter');
    if (result && 'call' in result) showFlash(t('waiterOnTheWay', { time: clockOf(result.call.created_at) }));
  };

  // The tab screen has these actions itself: the banner only names the table there.
  const onTab = location === TAB_PATH || location.startsWith(`${TAB_PATH}/`);
  return (
    <section className="banner banner-table" aria-label={t('tableActions')}>
      <span className="banner-table-name">{state.description}</span>
      {onTab ? null : (
        <>
          <button
            type="button"
            className="button button-small button-primary banner-table-action"
            disabled={calls.sending !== null}
            aria-busy={calls.sending === 'waiter'}
            onClick={callWaiter}
          >
            {calls.sending === 'waiter' ? t('callingWaiter') : t('callWaiter')}
          </button>
          <Link href={TAB_PATH} className="button button-small button-secondary banner-table-action">
            {t('openTab')}
          </Link>
        </>
      )}
      {calls.problem ? (
        <AlertDialog
          title={t('callProblemTitle')}
          message={calls.problem}
          buttonLabel={t('gotIt')}
          onClose={calls.clearProblem}
        />
      ) : null}
    </section>
  );
}
