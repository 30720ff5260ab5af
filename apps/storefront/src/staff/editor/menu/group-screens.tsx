import type { DocumentGroupItem } from '@comanda/contract';
import { type ChargePolicy, formatBRL } from '@comanda/domain';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../shared/confirm-dialog.tsx';
import { MoneyField, NumberField, SelectField, TextField, Toggle, useIssue } from '../fields.tsx';
import { useMenuEditor } from './menu-editor-context.ts';
import {
  addGroup,
  addItem,
  countUnder,
  findGroup,
  groupUsers,
  moveGroup,
  moveItem,
  removeGroup,
  removeItem,
  updateGroup,
  updateItem,
} from './menu-model.ts';
import { AddByName, DisclosureIcon, Editable, groupLabel, IssueMark, RemoveButton } from './menu-parts.tsx';
import { POLICY_KEY, useMenuT } from './menu-texts.ts';
import { ReorderList } from './reorder-list.tsx';

const POLICIES: readonly ChargePolicy[] = ['Soma', 'Média', 'SomaMaior'];

/** The option groups of the store: questions products ask (flavours, crust, extras), shared by many. */
export function GroupsScreen() {
  const t = useMenuT();
  const headingId = useId();
  const { menu, change, canEdit, open } = useMenuEditor();
  return (
    <section className="menu-block" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('groupsTab')}</h3>
      <p className="editor-hint">{t('groupsHint')}</p>
      {menu.option_groups.length === 0 ? <p className="menu-empty">{t('noGroups')}</p> : null}
      <ReorderList
        items={menu.option_groups}
        keyOf={(group) => group.ref}
        nameOf={(group) => groupLabel(menu.option_groups, group)}
        canEdit={canEdit}
        label={t('groupsTab')}
        onMove={(from, to) => change((current) => moveGroup(current, from, to))}
        renderRow={(group, index) => {
          const users = groupUsers(menu, group.ref).length;
          return (
            <div className="menu-row">
              <button
                type="button"
                className="menu-open"
                onClick={() => open({ kind: 'group', ref: group.ref })}
              >
                <span className="menu-row-name">{groupLabel(menu.option_groups, group)}</span>
                <span className="menu-row-meta">
                  {t('optionCount', {
                    count: group.items.length,
                  })}
                  {' · '}
                  {users === 0 ? t('unused') : t('usedBy', { count: users })}
                </span>
                <IssueMark path={`option_groups.${index}`} />
              </button>
            </div>
          );
        }}
      />
      <AddByName
        label={t('newGroup')}
        button={t('add')}
        onAdd={(name) => {
          const added = addGroup(menu, name);
          change(() => added.menu);
          open({ kind: 'group', ref: added.ref });
        }}
      />
    </section>
  );
}

/** A group: its name, whether an option repeats, how it charges, its options, who uses it. */
export function GroupScreen({ groupRef }: { groupRef: string }) {
  const t = useMenuT();
  const headingId = useId();
  const listId = useId();
  const { menu, change, canEdit, open, back } = useMenuEditor();
  const [removing, setRemoving] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const { issueFields } = useMenuEditor();
  const found = findGroup(menu, groupRef);
  const at = found ? `option_groups.${found.index}` : '';
  const itemsIssue = useIssue(`${at}.items`);
  if (!found) return null;
  const { group } = found;
  const users = groupUsers(menu, groupRef);
  const set = (patch: Parameters<typeof updateGroup>[2]) =>
    change((current) => updateGroup(current, groupRef, patch));
  const toggle = (ref: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });
  const isOpen = (ref: string, index: number) =>
    expanded.has(ref) || countUnder(issueFields, `${at}.items.${index}`) > 0;

  return (
    <section className="menu-block" aria-labelledby={headingId}>
      <h3 id={headingId}>{group.descricao ? groupLabel(menu.option_groups, group) : t('unnamed')}</h3>
      <Editable className="menu-fields">
        <TextField
          label={t('groupName')}
          hint={t('groupNameHint')}
          path={`${at}.descricao`}
          value={group.descricao}
          maxLength={120}
          onChange={(descricao) => set({ descricao })}
        />
        <TextField
          label={t('groupDetails')}
          path={`${at}.detalhes`}
          value={group.detalhes}
          multiline
          maxLength={500}
          onChange={(detalhes) => set({ detalhes })}
        />
        <Toggle
          label={t('repeats')}
          hint={t('repeatsHint')}
          path={`${at}.repetir_itens`}
          checked={group.repetir_itens}
          onChange={(repetir_itens) => set({ repetir_itens })}
        />
        <SelectField
          label={t('policy')}
          hint={t(`policyHint_${POLICY_KEY[group.politica_cobranca]}`)}
          path={`${at}.politica_cobranca`}
          value={group.politica_cobranca}
          options={POLICIES.map((policy) => ({
            value: policy,
            label: t(`policyName_${POLICY_KEY[policy]}`),
          }))}
          onChange={(politica_cobranca) => set({ politica_cobranca })}
        />
      </Editable>

      <h4>{t('itemsHeading')}</h4>
      {itemsIssue ? (
        <p className="editor-issue" data-invalid>
          {itemsIssue}
        </p>
      ) : null}
      {group.items.length === 0 ? <p className="menu-empty">{t('noItems')}</p> : null}
      <ReorderList
        items={group.items}
        keyOf={(item) => item.ref}
        nameOf={(item) => item.descricao}
        canEdit={canEdit}
        label={t('itemsOf', { name: group.descricao })}
        onMove={(from, to) => change((current) => moveItem(current, groupRef, from, to))}
        renderRow={(item, index) => (
          <ItemToggle
            item={item}
            path={`${at}.items.${index}`}
            controls={`${listId}-${item.ref}`}
            open={isOpen(item.ref, index)}
            onToggle={() => toggle(item.ref)}
          />
        )}
        renderDetails={(item, index) =>
          isOpen(item.ref, index) ? (
            <ItemFields
              id={`${listId}-${item.ref}`}
              groupRef={groupRef}
              item={item}
              path={`${at}.items.${index}`}
            />
          ) : null
        }
      />
      <AddByName
        label={t('newItem')}
        button={t('add')}
        onAdd={(name) => {
          const added = addItem(menu, groupRef, name);
          change(() => added.menu);
          setExpanded((current) => new Set([...current, added.ref]));
        }}
      />

      <h4>{t('usedByHeading')}</h4>
      {users.length === 0 ? (
        <p className="menu-empty">{t('usedByNobody')}</p>
      ) : (
        <ul className="menu-users">
          {users.map((user) => (
            <li key={`${user.product}/${user.variant ?? ''}`}>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => open({ kind: 'product', ref: user.product })}
              >
                {user.name}
              </button>
            </li>
          ))}
        </ul>
      )}

      <RemoveButton label={t('removeGroup')} onClick={() => setRemoving(true)} />
      {removing && canEdit ? (
        <ConfirmDialog
          title={t('removeGroupTitle', { name: group.descricao })}
          question={[
            users.length > 0
              ? t('removeGroupDetaches', { products: users.map((user) => user.name).join(', ') })
              : '',
            t('untilSaved'),
          ]
            .filter(Boolean)
            .join(' ')}
          state="ask"
          errorText=""
          labels={{
            cancel: t('keep'),
            confirm: users.length > 0 ? t('removeAndDetach') : t('remove'),
            sending: '',
            retry: '',
          }}
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            setRemoving(false);
            change((current) => removeGroup(current, groupRef));
            back();
          }}
        />
      ) : null}
    </section>
  );
}

/** An option's row: its name, price and what comes with the product; it opens its fields. */
function ItemToggle({
  item,
  path,
  controls,
  open,
  onToggle,
}: {
  item: DocumentGroupItem;
  path: string;
  controls: string;
  open: boolean;
  onToggle: () => void;
}) {
  const t = useMenuT();
  const facts = [
    item.preco > 0 ? formatBRL(item.preco) : t('free'),
    item.qt_padrao > 0 ? t('includedUnits', { count: item.qt_padrao }) : '',
    !item.ativo_pedidos && !item.ativo_garcom ? t('hiddenEverywhere') : '',
  ].filter(Boolean);
  return (
    <button
      type="button"
      className="menu-open menu-disclosing"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <DisclosureIcon />
      <span className="menu-row-name">{item.descricao || t('unnamed')}</span>
      <span className="menu-row-meta">{facts.join(' · ')}</span>
      <IssueMark path={path} />
    </button>
  );
}

/** An option's fields, opened under its row. */
function ItemFields({
  id,
  groupRef,
  item,
  path,
}: {
  id: string;
  groupRef: string;
  item: DocumentGroupItem;
  path: string;
}) {
  const t = useMenuT();
  const { change, canEdit } = useMenuEditor();
  const set = (patch: Parameters<typeof updateItem>[3]) =>
    change((current) => updateItem(current, groupRef, item.ref, patch));
  return (
    <div id={id} className="menu-row-body">
      <Editable className="menu-fields">
        <TextField
          label={t('itemName')}
          path={`${path}.descricao`}
          value={item.descricao}
          maxLength={120}
          onChange={(descricao) => set({ descricao })}
        />
        <TextField
          label={t('itemDetails')}
          path={`${path}.detalhes`}
          value={item.detalhes}
          maxLength={500}
          onChange={(detalhes) => set({ detalhes })}
        />
        <MoneyField
          label={t('price')}
          hint={t('itemPriceHint')}
          path={`${path}.preco`}
          value={item.preco}
          onChange={(preco) => set({ preco: preco ?? 0 })}
        />
        <NumberField
          label={t('defaultQuantity')}
          hint={t('defaultQuantityHint')}
          path={`${path}.qt_padrao`}
          value={item.qt_padrao}
          min={0}
          max={99}
          onChange={(qt_padrao) => set({ qt_padrao: qt_padrao ?? 0 })}
        />
        <Toggle
          label={t('ingredient')}
          hint={t('ingredientHint')}
          path={`${path}.ingrediente`}
          checked={item.ingrediente}
          onChange={(ingrediente) => set({ ingrediente })}
        />
        <div className="menu-channels">
          <Toggle
            label={t('channelApp')}
            path={`${path}.ativo_pedidos`}
            checked={item.ativo_pedidos}
            onChange={(ativo_pedidos) => set({ ativo_pedidos })}
          />
          <Toggle
            label={t('channelTable')}
            path={`${path}.ativo_garcom`}
            checked={item.ativo_garcom}
            onChange={(ativo_garcom) => set({ ativo_garcom })}
          />
        </div>
      </Editable>
      {canEdit ? (
        <button
          type="button"
          className="button button-secondary button-small menu-remove"
          onClick={() => change((current) => removeItem(current, groupRef, item.ref))}
        >
          {t('removeItem')}
        </button>
      ) : null}
    </div>
  );
}
