import type { MenuAvailabilityReply, SoldOutReply, StoreControlsReply } from '@comanda/contract';
import { DEFAULT_CANCEL_REASONS, DEFAULT_REFUSAL_REASONS, type OpenMode } from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { type MenuCache, storeAvailability } from '../menu/index.ts';
import * as repo from './repository.ts';

export interface StoreControlsDeps {
  db: Database;
  now: () => Date;
  menuCache: MenuCache;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Raises the store's menu version in another module's transaction (a write that changes what
 * customers see or pay: the tables list, the service fee). The caller drops its instance's menu
 * cache (MenuCache.invalidate) once the transaction has committed; other instances notice within
 * MENU_CACHE_CHECK_MS.
 */
export function raiseMenuVersion(tx: DbExecutor, storeId: number): Promise<number> {
  return repo.raiseMenuVersion(tx, storeId);
}

/**
 * The store's own switches (issue 16, docs/decisions/0024): open or close now, pause, auto-accept
 * and auto-print, and the sold-out switches. Every change raises the menu version in its
 * transaction: the storefront's company and menu replies, and order placement, see it at once.
 */
export class StoreControlsService {
  constructor(private readonly deps: StoreControlsDeps) {}

  async controls(storeId: number): Promise<StoreControlsReply> {
    const now = this.deps.now();
    const { company, state } = await storeAvailability(this.deps.db, storeId, now);
    const pausedUntil = company.pausedUntil && company.pausedUntil > now ? company.pausedUntil : null;
    return {
      mode: company.openMode,
      paused_until: iso(pausedUntil),
      pause_reason: pausedUntil ? company.pauseReason : null,
      open_now: state.open,
      closed_by: state.closedBy,
      reopens_at: iso(state.reopensAt),
      auto_accept: company.autoAccept,
      auto_print: company.autoPrint,
      refusal_reasons: company.refusalReasons ?? [...DEFAULT_REFUSAL_REASONS],
      cancel_reasons: company.cancelReasons ?? [...DEFAULT_CANCEL_REASONS],
    };
  }

  setMode(staff: StaffPrincipal, mode: OpenMode) {
    return this.change(staff.storeId, { openMode: mode });
  }

  pause(staff: StaffPrincipal, minutes: number, reason: string | undefined) {
    const until = new Date(this.deps.now().getTime() + minutes * 60_000);
    return this.change(staff.storeId, { pausedUntil: until, pauseReason: reason?.trim() || null });
  }

  resume(staff: StaffPrincipal) {
    return this.change(staff.storeId, { pausedUntil: null, pauseReason: null });
  }

  settings(
    staff: StaffPrincipal,
    body: {
      auto_accept?: boolean | undefined;
      auto_print?: boolean | undefined;
      refusal_reasons?: string[] | undefined;
      cancel_reasons?: string[] | undefined;
    },
  ) {
    // An empty list of reasons stores null: the board offers the defaults again.
    const reasons = (list: string[]) => (list.length === 0 ? null : list);
    return this.change(staff.storeId, {
      ...(body.auto_accept === undefined ? {} : { autoAccept: body.auto_accept }),
      ...(body.auto_print === undefined ? {} : { autoPrint: body.auto_print }),
      ...(body.refusal_reasons === undefined ? {} : { refusalReasons: reasons(body.refusal_reasons) }),
      ...(body.cancel_reasons === undefined ? {} : { cancelReasons: reasons(body.cancel_reasons) }),
    });
  }

  async availability(storeId: number): Promise<MenuAvailabilityReply> {
    const [productRows, itemRows] = await Promise.all([
      repo.listProductAvailability(this.deps.db, storeId),
      repo.listOptionItemAvailability(this.deps.db, storeId),
    ]);
    const categories = new Map<number, MenuAvailabilityReply['categories'][number]>();
    for (const row of productRows) {
      let category = categories.get(row.categoryId);
      if (!category) {
        category = { id: row.categoryId, descricao: row.categoria, products: [] };
        categories.set(row.categoryId, category);
      }
      category.products.push({ id: row.id, descricao: row.descricao, esgotado: row.esgotado });
    }
    const groups = new Map<number, MenuAvailabilityReply['groups'][number]>();
    for (const row of itemRows) {
      let group = groups.get(row.groupId);
      if (!group) {
        group = { id: row.groupId, descricao: row.grupo, items: [] };
        groups.set(row.groupId, group);
      }
      group.items.push({ id: row.id, descricao: row.descricao, esgotado: row.esgotado });
    }
    return { categories: [...categories.values()], groups: [...groups.values()] };
  }

  async setSoldOut(
    staff: StaffPrincipal,
    kind: 'product' | 'option-item',
    id: number,
    soldOut: boolean,
  ): Promise<SoldOutReply> {
    const reply = await this.deps.db.transaction(async (tx) => {
      // The store's row first, as every writer of its menu takes it (the editor, the import): no two
      // of them can wait on each other's rows.
      const menuVersion = await repo.raiseMenuVersion(tx, staff.storeId);
      const row =
        kind === 'product'
          ? await repo.setProductSoldOut(tx, staff.storeId, id, soldOut)
          : await repo.setOptionItemSoldOut(tx, staff.storeId, id, soldOut);
      if (!row) {
        throw kind === 'product'
          ? notFound('PRODUCT_NOT_FOUND', 'Produto não encontrado.')
          : notFound('OPTION_ITEM_NOT_FOUND', 'Opção não encontrada.');
      }
      return { ...row, menu_version: menuVersion };
    });
    this.deps.menuCache.invalidate(staff.storeId);
    return reply;
  }

  private async change(storeId: number, change: repo.ControlsChange): Promise<StoreControlsReply> {
    await this.deps.db.transaction(async (tx) => {
      await repo.raiseMenuVersion(tx, storeId);
      await repo.updateControls(tx, storeId, change);
    });
    this.deps.menuCache.invalidate(storeId);
    return this.controls(storeId);
  }
}
