import type { StaffTab } from '@comanda/contract';
import { formatBRL, TAB_SPLIT_MAX_PEOPLE } from '@comanda/domain';
import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../shared/dialog.tsx';
import type { StaffT } from '../lib/staff-texts.ts';
import { tableLabel } from '../lib/staff-words.ts';
import { closeTab, isConflict, refusalText } from './tables-api.ts';
import {
  billableLines,
  billOf,
  clampPeople,
  closePreview,
  type ItemsSplit,
  itemsDraft,
  type SplitDraft,
  type SplitRefusal,
  withLineIn,
  withShareCount,
} from './tables-model.ts';

/**
 * 'Fechar conta': the service fee on or off with its value, and the split (evenly between N people
 * or by items), each share's value computed as the server will; refusals said before sending.
 */
export function CloseTabDialog({
  tab,
  t,
  onCancel,
  onClosed,
  onConflict,
}: {
  tab: StaffTab;
  t: StaffT;
  onCancel: () => void;
  onClosed: (tab: StaffTab) => void;
  onConflict: () => void;
}) {
  const titleId = useId();
  const lines = useMemo(() => billableLines(tab), [tab]);
  const percent = tab.totais.taxa_servico_perc;
  const [fee, setFee] = useState(percent > 0);
  const [mode, setMode] = useState<'even' | 'items'>('even');
  const [people, setPeople] = useState(1);
  const [items, setItems] = useState<ItemsSplit>(() => itemsDraft(tab));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft: SplitDraft = mode === 'even' ? { mode: 'even', people } : items;
  const preview = closePreview(tab, fee, draft);
  const withFee = billOf(tab, true);
  const nothingDue = preview.bill.total === 0;
  const table = tableLabel(tab.table.description, t);

  const lineName = (id: number) => {
    const line = lines.find((candidate) => candidate.id === id);
    return line ? `${line.qtd}× ${line.descricao_produto}` : '';
  };
  const refusalWords = (refusal: SplitRefusal) => {
    const item = refusal.lineId !== undefined ? lineName(refusal.lineId) : '';
    switch (refusal.reason) {
      case 'EMPTY_SHARE':
        return t('refusalEmptyShare');
      case 'LINE_UNASSIGNED':
        return t('refusalUnassigned', { item });
      case 'LINE_TWICE':
        return t('refusalTwice', { item });
      default:
        return t('refusalUnknown');
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!preview.request) return;
    setBusy(true);
    setError(null);
    try {
      onClosed(await closeTab(tab.id, preview.request));
    } catch (caught) {
      if (isConflict(caught)) onConflict();
      else setError(refusalText(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog labelledBy={titleId} onClose={onCancel} className="staff-dialog staff-close-dialog">
      <form onSubmit={submit}>
        <h2 id={titleId}>{t('closeTabTitle', { table })}</h2>
        <dl className="staff-totals">
          <div>
            <dt>{t('dueAtTable')}</dt>
            <dd>{formatBRL(preview.bill.due)}</dd>
          </div>
          {fee && percent > 0 ? (
            <div>
              <dt>{t('serviceFeeLine', { percent })}</dt>
              <dd>{formatBRL(preview.bill.serviceFee)}</dd>
            </div>
          ) : null}
          <div className="staff-totals-total">
            <dt>{t('tabTotal')}</dt>
            <dd>{formatBRL(preview.bill.total)}</dd>
          </div>
        </dl>
        {percent > 0 && withFee.due > 0 ? (
          <label className="staff-switch">
            <input type="checkbox" checked={fee} onChange={(event) => setFee(event.target.checked)} />
            {t('chargeFee', { percent, amount: formatBRL(withFee.serviceFee) })}
          </label>
        ) : null}
        {nothingDue ? (
          <p>{t('nothingDue')}</p>
        ) : (
          <>
            <fieldset className="staff-segmented">
              <legend className="sr-only">{t('splitHow')}</legend>
              <button type="button" aria-pressed={mode === 'even'} onClick={() => setMode('even')}>
                {t('splitEven')}
              </button>
              <button type="button" aria-pressed={mode === 'items'} onClick={() => setMode('items')}>
                {t('splitItems')}
              </button>
            </fieldset>
            {mode === 'even' ? (
              <Stepper label={t('people')} value={people} onChange={setPeople} t={t} />
            ) : (
              <>
                <Stepper
                  label={t('sharesCount')}
                  value={items.shares}
                  onChange={(count) => setItems((draft) => withShareCount(draft, count))}
                  t={t}
                />
                <ul className="staff-split-lines">
                  {lines.map((line) => {
                    const name = `${line.qtd}× ${line.descricao_produto}`;
                    return (
                      <li key={line.id}>
                        <span>
                          {name}
                          {line.detalhes ? <span className="staff-muted"> · {line.detalhes}</span> : null}
                          <span className="staff-muted"> · {formatBRL(line.valor_total)}</span>
                        </span>
                        <select
                          aria-label={t('lineShare', { item: name })}
                          value={items.assignment.get(line.id) ?? 0}
                          onChange={(event) =>
                            setItems((draft) => withLineIn(draft, line.id, Number(event.target.value)))
                          }
                        >
                          {Array.from({ length: items.shares }, (_, share) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: shares are their position
                            <option key={share} value={share}>
                              {t('shareTitle', { n: share + 1 })}
                            </option>
                          ))}
                        </select>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
            {preview.shares ? (
              <ul className="staff-share-preview" aria-label={t('sharesTitle')}>
                {preview.shares.map((share, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: shares are their position
                  <li key={index}>
                    {t('shareValue', { n: index + 1, amount: formatBRL(share.amount) })}
                    {share.serviceFee > 0 ? (
                      <span className="staff-muted">
                        {' '}
                        ({t('shareFeeNote', { amount: formatBRL(share.serviceFee) })})
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {preview.refusal ? (
              <p className="staff-error" role="alert">
                {refusalWords(preview.refusal)}
              </p>
            ) : null}
          </>
        )}
        {error ? (
          <p className="staff-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="staff-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('back')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy || !preview.request}>
            {busy ? t('closingTab') : t('closeTab')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** − N + for people or shares, 1 to TAB_SPLIT_MAX_PEOPLE. */
function Stepper({
  label,
  value,
  onChange,
  t,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  t: StaffT;
}) {
  return (
    <fieldset className="staff-stepper">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true">{label}</span>
      <button
        type="button"
        aria-label={`${t('fewer')} (${label})`}
        disabled={value <= 1}
        onClick={() => onChange(clampPeople(value - 1))}
      >
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        aria-label={`${t('more')} (${label})`}
        disabled={value >= TAB_SPLIT_MAX_PEOPLE}
        onClick={() => onChange(clampPeople(value + 1))}
      >
        +
      </button>
    </fieldset>
  );
}
