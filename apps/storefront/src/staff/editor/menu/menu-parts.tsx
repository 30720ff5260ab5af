import type { DocumentOptionGroup } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { type ReactNode, useId, useState } from 'react';
import { useMenuEditor } from './menu-editor-context.ts';
import { countUnder } from './menu-model.ts';
import { type MenuT, useMenuT } from './menu-texts.ts';

/* Small pieces the menu editor's screens share. */

/**
 * Fields that only managers and owners change: disabled for attendants, who still move between
 * the editor's screens (the section's own fieldset stays enabled for them: see SectionForm).
 */
export function Editable({ children, className }: { children: ReactNode; className?: string }) {
  const { canEdit } = useMenuEditor();
  return (
    <fieldset className={`menu-editable${className ? ` ${className}` : ''}`} disabled={!canEdit}>
      {children}
    </fieldset>
  );
}

/**
 * A name and an Add button: a new thing gets its ref from the name typed here. Not a form of its
 * own (it sits inside the section's form): Enter adds instead of saving the section.
 */
export function AddByName({
  label,
  button,
  onAdd,
  maxLength = 120,
}: {
  label: string;
  button: string;
  onAdd: (name: string) => void;
  maxLength?: number;
}) {
  const { canEdit } = useMenuEditor();
  const id = useId();
  const [name, setName] = useState('');
  if (!canEdit) return null;
  const add = () => {
    if (!name.trim()) return;
    onAdd(name.trim());
    setName('');
  };
  return (
    <div className="menu-add">
      <label htmlFor={id}>{label}</label>
      <div className="menu-add-row">
        <input
          id={id}
          type="text"
          value={name}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <button type="button" className="button button-secondary" disabled={!name.trim()} onClick={add}>
          {button}
        </button>
      </div>
    </div>
  );
}

/** "2 to fix" on a row with problems of the last refused save under it. */
export function IssueMark({ path }: { path: string }) {
  const { issueFields } = useMenuEditor();
  const t = useMenuT();
  const count = countUnder(issueFields, path);
  if (count === 0) return null;
  return <span className="menu-issue-mark">{t('toFix', { count })}</span>;
}

/** A product's price as the menu shows it: the price, 'from' its cheapest variant, or variable. */
export function priceText(price: number, variants: readonly { valor_venda: number }[], t: MenuT): string {
  if (variants.length > 0) {
    const priced = variants.map((variant) => variant.valor_venda).filter((value) => value > 0);
    return priced.length > 0 ? t('priceFrom', { price: formatBRL(Math.min(...priced)) }) : t('variablePrice');
  }
  return price > 0 ? formatBRL(price) : t('variablePrice');
}

/**
 * A group's name where groups are listed together: with its ref when another group has the same
 * name (a pizzeria's four 'Escolha até 2 sabores', one per size and price rule).
 */
export function groupLabel(groups: readonly DocumentOptionGroup[], group: DocumentOptionGroup): string {
  const name = group.descricao.trim().toLowerCase();
  const twins = groups.filter((other) => other.descricao.trim().toLowerCase() === name).length > 1;
  return twins ? `${group.descricao} (${group.ref})` : group.descricao;
}

/** A danger button that asks before it acts. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { canEdit } = useMenuEditor();
  if (!canEdit) return null;
  return (
    <button type="button" className="button button-secondary menu-remove" onClick={onClick}>
      {label}
    </button>
  );
}

/** The arrow of a row that opens in place (turned while open, by CSS). */
export function DisclosureIcon() {
  return (
    <svg
      className="menu-disclosure"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M5 7.5 10 12.5l5-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
