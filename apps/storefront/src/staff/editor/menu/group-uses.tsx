import type { DocumentGroupUse } from '@comanda/contract';
import { useId, useState } from 'react';
import { NumberField, SelectField } from '../fields.tsx';
import { useMenuEditor } from './menu-editor-context.ts';
import {
  addGroup,
  attachableGroups,
  attachGroup,
  detachGroup,
  findGroup,
  moveUse,
  type UseOwner,
  updateUse,
  usesOf,
} from './menu-model.ts';
import { AddByName, Editable, groupLabel, IssueMark } from './menu-parts.tsx';
import { type MenuT, POLICY_KEY, useMenuT } from './menu-texts.ts';
import { ReorderList } from './reorder-list.tsx';

/** The rule of a use in the customer's words: 'Obrigatório: escolha 1', 'Opcional, até 3'. */
export function limitsText(use: Pick<DocumentGroupUse, 'min' | 'max'>, t: MenuT): string {
  const { min, max } = use;
  if (max !== 0 && min > max) return t('limitsImpossible');
  if (min === 0) return max === 0 ? t('limitsOptional') : t('limitsUpTo', { max });
  if (max === min) return t('limitsExactly', { count: min });
  if (max === 0) return t('limitsAtLeast', { min });
  return t('limitsBetween', { min, max });
}

/**
 * The option groups a product (or a variant with options of its own) asks for, in the order the
 * customer meets them, each with its minimum and maximum; groups are attached from the library or
 * made here and opened to fill in.
 */
export function GroupUses({ owner, basePath, label }: { owner: UseOwner; basePath: string; label: string }) {
  const t = useMenuT();
  const id = useId();
  const { menu, change, canEdit, open } = useMenuEditor();
  const uses = usesOf(menu, owner);
  const attachable = attachableGroups(menu, owner);
  const [chosen, setChosen] = useState('');
  const pick = attachable.some((group) => group.ref === chosen) ? chosen : (attachable[0]?.ref ?? '');

  return (
    <div className="menu-uses">
      {uses.length === 0 ? <p className="menu-empty">{t('noUses')}</p> : null}
      <ReorderList
        items={uses}
        keyOf={(use) => use.group}
        nameOf={(use) => {
          const found = findGroup(menu, use.group);
          return found ? groupLabel(menu.option_groups, found.group) : use.group;
        }}
        canEdit={canEdit}
        label={label}
        onMove={(from, to) => change((current) => moveUse(current, owner, from, to))}
        renderRow={(use, index) => {
          const found = findGroup(menu, use.group);
          return (
            <div className="menu-use-head">
              <span className="menu-row-name">
                {found ? groupLabel(menu.option_groups, found.group) : use.group}
              </span>
              <span className="menu-row-meta">
                {found
                  ? `${t('optionCount', {
                      count: found.group.items.length,
                    })} · ${t(`policyShort_${POLICY_KEY[found.group.politica_cobranca]}`)}`
                  : ''}
              </span>
              <span className="menu-use-rule">{limitsText(use, t)}</span>
              <IssueMark path={`${basePath}.groups.${index}`} />
              {found ? <IssueMark path={`option_groups.${found.index}`} /> : null}
            </div>
          );
        }}
        renderDetails={(use, index) => {
          const path = `${basePath}.groups.${index}`;
          return (
            <div className="menu-use-details">
              <Editable className="editor-row menu-use-limits">
                <NumberField
                  label={t('useMin')}
                  path={`${path}.min`}
                  value={use.min}
                  min={0}
                  max={99}
                  onChange={(min) => change((current) => updateUse(current, owner, index, { min: min ?? 0 }))}
                />
                <NumberField
                  label={t('useMax')}
                  hint={t('useMaxHint')}
                  path={`${path}.max`}
                  value={use.max}
                  min={0}
                  max={99}
                  onChange={(max) => change((current) => updateUse(current, owner, index, { max: max ?? 0 }))}
                />
              </Editable>
              <div className="editor-actions">
                {findGroup(menu, use.group) ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => open({ kind: 'group', ref: use.group })}
                  >
                    {t('editGroup')}
                  </button>
                ) : null}
                {canEdit ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => change((current) => detachGroup(current, owner, index))}
                  >
                    {t('detachGroup')}
                  </button>
                ) : null}
              </div>
            </div>
          );
        }}
      />
      {canEdit && attachable.length > 0 ? (
        <div className="menu-attach">
          <SelectField
            label={t('attachGroup')}
            value={pick}
            options={attachable.map((group) => ({
              value: group.ref,
              label: groupLabel(menu.option_groups, group),
            }))}
            onChange={setChosen}
          />
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={`${id}-attach`}
            onClick={() => change((current) => attachGroup(current, owner, pick))}
          >
            {t('attach')}
          </button>
          <p id={`${id}-attach`} className="editor-hint">
            {t('attachHint')}
          </p>
        </div>
      ) : null}
      <AddByName
        label={t('newGroupHere')}
        button={t('create')}
        onAdd={(name) => {
          const added = addGroup(menu, name);
          change(() => attachGroup(added.menu, owner, added.ref));
          open({ kind: 'group', ref: added.ref });
        }}
      />
    </div>
  );
}
