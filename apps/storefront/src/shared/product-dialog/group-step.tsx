import {
  addPick,
  type Channel,
  canAddItem,
  canRemoveItem,
  type GroupItem,
  groupStatus,
  itemControl,
  MAX_ITEM_QUANTITY,
  matchesSearch,
  offeredItems,
  type Picks,
  type ProductGroup,
  pickedQuantity,
  pickOnly,
  removePick,
} from '@comanda/domain';
import { type Ref, useId, useState } from 'react';
import { CloseIcon, SearchIcon } from '../../components/icons.tsx';
import { NotesField } from './notes-field.tsx';
import { blockedMessage, GROUP_SEARCH_MIN_ITEMS, itemPriceText, statusLabel } from './product-steps.ts';
import type { ProductT } from './product-texts.ts';

export interface GroupStepProps {
  group: ProductGroup;
  picks: Picks;
  channel: Channel;
  onPicks: (picks: Picks) => void;
  /** 1-based position and the number of group steps. */
  position: number;
  stepCount: number;
  /** Bumped on every blocked Next: remounts the status chip so its shake plays again. */
  shake: number;
  /** Whether the customer tried to leave this step before its group was OK. */
  blocked: boolean;
  /** The notes field, on the last group only (null hides it). */
  notes: { value: string; onChange: (value: string) => void } | null;
  headingRef: Ref<HTMLHeadingElement>;
  t: ProductT;
}

function ItemText({ group, item, t }: { group: ProductGroup; item: GroupItem; t: ProductT }) {
  const price = itemPriceText(group, item, t);
  return (
    <span className="option-text">
      <span className="option-name">{item.descricao}</span>
      {item.detalhes ? <span className="option-details">{item.detalhes}</span> : null}
      {price ? <span className="option-price">{price}</span> : null}
    </span>
  );
}

/** One customisation step (spec section 2 "Product dialog"): header, chosen chips, search, items. */
export function GroupStep({
  group,
  picks,
  channel,
  onPicks,
  position,
  stepCount,
  shake,
  blocked,
  notes,
  headingRef,
  t,
}: GroupStepProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const groupId = group.grupo.id;
  const offered = offeredItems(group, channel);
  const status = groupStatus(group, picks);
  const control = itemControl(group);
  const chosen = offered.filter((item) => pickedQuantity(picks, groupId, item.id) > 0);
  const shown = query.trim() ? offered.filter((item) => matchesSearch(item.descricao, query)) : offered;
  const headingId = `${id}-heading`;
  const policy = group.grupo.politica_cobranca;
  // The search names what the items are, not the group's title (often an instruction such as
  // "Escolha até 2 sabores"): a group priced by parts (average or highest) holds flavours.
  const searchText = t(policy === 'Soma' ? 'searchOption' : 'searchFlavour');

  const toggle = (item: GroupItem, checked: boolean) => {
    const quantity = pickedQuantity(picks, groupId, item.id);
    onPicks(
      checked
        ? addPick(picks, group, item.id, Math.max(1, item.qt_padrao))
        : removePick(picks, group, item.id, quantity),
    );
  };

  return (
    <section className="group-step" aria-labelledby={headingId}>
      <header className="group-header">
        <p className="group-position">{t('stepOf', { step: position, total: stepCount })}</p>
        <h3 id={headingId} className="group-title" tabIndex={-1} ref={headingRef}>
          {group.grupo.descricao}
        </h3>
        {group.grupo.detalhes ? <p className="group-details">{group.grupo.detalhes}</p> : null}
        <div className="group-limits">
          <span>{t('minimum', { count: group.min })}</span>
          <span>{group.max === 0 ? t('maximumUnlimited') : t('maximum', { count: group.max })}</span>
          <span
            key={shake}
            className={`group-status ${status.ok ? 'group-status-ok' : 'group-status-missing'}${
              blocked && shake > 0 ? ' shake' : ''
            }`}
          >
            {statusLabel(group, status, t)}
          </span>
        </div>
        {policy === 'Média' ? <p className="group-policy">{t('policyAverage')}</p> : null}
        {policy === 'SomaMaior' ? <p className="group-policy">{t('policyHighest')}</p> : null}
        {blocked && !status.ok ? (
          <p className="group-blocked" role="alert">
            {blockedMessage(group, status, t)}
          </p>
        ) : null}
      </header>

      {chosen.length > 0 ? (
        <ul className="chosen-chips" aria-label={t('chosen')}>
          {chosen.map((item) => {
            const quantity = pickedQuantity(picks, groupId, item.id);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  className="chip"
                  aria-label={t('removeChosen', { name: item.descricao })}
                  onClick={() => onPicks(removePick(picks, group, item.id, quantity))}
                >
                  <span>{quantity > 1 ? `${quantity}× ${item.descricao}` : item.descricao}</span>
                  <CloseIcon width={16} height={16} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}

      {offered.length >= GROUP_SEARCH_MIN_ITEMS ? (
        <div className="group-search">
          <SearchIcon className="group-search-icon" />
          <input
            type="search"
            className="group-search-input"
            aria-label={searchText}
            placeholder={searchText}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      ) : null}

      {offered.length === 0 ? <p className="group-empty">{t('noOptions')}</p> : null}
      {offered.length > 0 && shown.length === 0 ? (
        <p className="group-empty">{t('noOptionFound', { query: query.trim() })}</p>
      ) : null}

      <fieldset className="options" aria-labelledby={headingId}>
        {control === 'radio' && group.min === 0 && !query.trim() ? (
          <label className="option">
            <input
              type="radio"
              name={`${id}-radio`}
              checked={status.total === 0}
              onChange={() => onPicks({ ...picks, [groupId]: {} })}
            />
            <span className="option-text">
              <span className="option-name">{t('noneOption')}</span>
            </span>
          </label>
        ) : null}
        {shown.map((item) => {
          const quantity = pickedQuantity(picks, groupId, item.id);
          if (control === 'radio') {
            return (
              <label key={item.id} className="option">
                <input
                  type="radio"
                  name={`${id}-radio`}
                  checked={quantity > 0}
                  onChange={() => onPicks(pickOnly(picks, group, item.id))}
                />
                <ItemText group={group} item={item} t={t} />
              </label>
            );
          }
          if (control === 'checkbox') {
            const canAdd = canAddItem(group, picks, item.id, Math.max(1, item.qt_padrao));
            return (
              <label key={item.id} className="option">
                <input
                  type="checkbox"
                  checked={quantity > 0}
                  disabled={quantity === 0 && !canAdd}
                  onChange={(event) => toggle(item, event.target.checked)}
                />
                <ItemText group={group} item={item} t={t} />
              </label>
            );
          }
          const nameId = `${id}-item-${item.id}`;
          return (
            <div key={item.id} className="option option-counter">
              <span id={nameId} className="option-label">
                <ItemText group={group} item={item} t={t} />
              </span>
              <span className="counter">
                <button
                  type="button"
                  className="counter-button"
                  aria-label={t('removeOne', { name: item.descricao })}
                  disabled={!canRemoveItem(group, picks, item.id)}
                  onClick={() => onPicks(removePick(picks, group, item.id))}
                >
                  −
                </button>
                <output className="counter-value" aria-labelledby={nameId}>
                  {quantity}
                </output>
                <button
                  type="button"
                  className="counter-button"
                  aria-label={t('addOne', { name: item.descricao })}
                  disabled={quantity >= MAX_ITEM_QUANTITY || !canAddItem(group, picks, item.id)}
                  onClick={() => onPicks(addPick(picks, group, item.id))}
                >
                  +
                </button>
              </span>
            </div>
          );
        })}
      </fieldset>

      {notes ? <NotesField value={notes.value} onChange={notes.onChange} t={t} /> : null}
    </section>
  );
}
