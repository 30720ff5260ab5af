import type { DocumentSettings } from '@comanda/contract';
import { createContext, useContext } from 'react';
import type { Menu, MenuPlace } from './menu-model.ts';

/** What every screen of the menu editor shares: the draft, how to change it, where to go. */
export interface MenuEditorValue {
  menu: Menu;
  change: (edit: (menu: Menu) => Menu) => void;
  canEdit: boolean;
  /** Opens a screen on top of the current one (back returns). */
  open: (place: MenuPlace) => void;
  back: () => void;
  /** The fields of the last refused save: rows with something to fix under them say so. */
  issueFields: readonly string[];
  /** Pictures uploaded in this session, with their srcsets (for the preview). */
  srcsetOf: (url: string | null) => string | null;
  rememberSrcset: (url: string, srcset: string | null) => void;
  /** The store's limits the product dialog applies (units per item, order total, table notes). */
  settings: Pick<
    DocumentSettings,
    'qtd_maxima_item' | 'valor_maximo_pedido' | 'self_checkout_require_imply_pay'
  >;
}

export const MenuEditorContext = createContext<MenuEditorValue | null>(null);

export function useMenuEditor(): MenuEditorValue {
  const value = useContext(MenuEditorContext);
  if (!value) throw new Error('useMenuEditor outside the menu editor');
  return value;
}
