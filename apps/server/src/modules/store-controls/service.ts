import type { MenuAvailabilityReply, SoldOutReply, StoreControlsReply } from '@comanda/contract';
import {
  DEFAULT_CANCEL_REASONS,
  DEFAULT_REFUSAL_REASONS,
  normalizeForSearch,
  type OpenMode,
} from '@comanda/domain';
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
    return this.change(
      staff.storeId,
      { pausedUntil: until, pauseReason: reason?.trim() || null },
      { staff, minutes },
    );
  }

  resume(staff: StaffPrincipal) {
    return this.change(staff.storeId, { pausedUntil: null, pauseReason: null }, { staff, minutes: null });
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
    const [productRows, itemRows, groupProducts] = await Promise.all([
      repo.listProductAvailability(this.deps.db, storeId),
      repo.listOptionItemAvailability(this.deps.db, storeId),
      repo.listGroupProducts(this.deps.db, storeId),
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
    return { categories: [...categories.values()], option_lists: optionLists(itemRows, groupProducts) };
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
      if (kind === 'product') {
        const was = await repo.lockProductSoldOut(tx, staff.storeId, id);
        const row = await repo.setProductSoldOut(tx, staff.storeId, id, soldOut);
        if (!row || was === undefined) throw notFound('PRODUCT_NOT_FOUND', 'Produto não encontrado.');
        const { ref, ...product } = row;
        if (was !== soldOut) {
          await this.record(
            tx,
            staff,
            menuVersion,
            'sold_out',
            { esgotado: was },
            {
              kind: 'product',
              ref,
              descricao: row.descricao,
              esgotado: soldOut,
              copies: 1,
            },
          );
        }
        return { ...product, menu_version: menuVersion };
      }
      const item = await repo.findOptionItem(tx, staff.storeId, id);
      if (!item) throw notFound('OPTION_ITEM_NOT_FOUND', 'Opção não encontrada.');
      // Every group holds its own copy of an item; the copies with the same ref and name are one
      // thing in the kitchen (docs/decisions/0051), switched together in this transaction.
      const name = normalizeForSearch(item.descricao);
      const copies = (await repo.lockOptionItemsByRef(tx, staff.storeId, item.ref)).filter(
        (copy) => normalizeForSearch(copy.descricao) === name,
      );
      const ids = copies.map((copy) => copy.id);
      await repo.setOptionItemsSoldOut(tx, staff.storeId, ids, soldOut);
      const was = copies.some((copy) => copy.esgotado);
      if (copies.some((copy) => copy.esgotado !== soldOut)) {
        await this.record(
          tx,
          staff,
          menuVersion,
          'sold_out',
          { esgotado: was },
          {
            kind: 'option_item',
            ref: item.ref,
            descricao: item.descricao,
            esgotado: soldOut,
            copies: ids.length,
          },
        );
      }
      return { id: item.id, descricao: item.descricao, esgotado: soldOut, ids, menu_version: menuVersion };
    });
    this.deps.menuCache.invalidate(staff.storeId);
    return reply;
  }

  /** A control used during service, in the store's change history (docs/decisions/0051). */
  private async record(
    tx: DbExecutor,
    staff: StaffPrincipal,
    menuVersion: number,
    section: 'pause' | 'sold_out',
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    await repo.insertAudit(tx, {
      storeId: staff.storeId,
      staffId: staff.staffId,
      at: this.deps.now(),
      section,
      menuVersion,
      before,
      after,
    });
  }

  private async change(
    storeId: number,
    change: repo.ControlsChange,
    pause?: { staff: StaffPrincipal; minutes: number | null },
  ): Promise<StoreControlsReply> {
    await this.deps.db.transaction(async (tx) => {
      const menuVersion = await repo.raiseMenuVersion(tx, storeId);
      const before = pause ? await repo.pauseOf(tx, storeId) : undefined;
      await repo.updateControls(tx, storeId, change);
      if (!pause || !before) return;
      const now = this.deps.now();
      const wasPaused = before.pausedUntil !== null && before.pausedUntil > now;
      // Ending a pause that had already run out changes nothing anyone sees: not history.
      if (pause.minutes === null && !wasPaused) return;
      await this.record(
        tx,
        pause.staff,
        menuVersion,
        'pause',
        {
          paused_until: wasPaused ? iso(before.pausedUntil) : null,
          pause_reason: wasPaused ? before.pauseReason : null,
        },
        {
          paused_until: iso(change.pausedUntil ?? null),
          pause_reason: change.pauseReason ?? null,
          ...(pause.minutes === null ? {} : { minutes: pause.minutes }),
        },
      );
    });
    this.deps.menuCache.invalidate(storeId);
    return this.controls(storeId);
  }
}

type OptionItemRow = Awaited<ReturnType<typeof repo.listOptionItemAvailability>>[number];
type GroupProductRow = Awaited<ReturnType<typeof repo.listGroupProducts>>[number];

/**
 * The option items by the groups that hold them: copies of one item (the same ref and name) are one
 * entry, listed under every group holding a copy; items held by the same groups are listed together,
 * in the menu order of their first group.
 */
function optionLists(items: OptionItemRow[], groupProducts: GroupProductRow[]) {
  const groupNames = new Map<number, string>();
  const entries = new Map<
    string,
    { id: number; ids: number[]; descricao: string; esgotado: boolean; groups: number[] }
  >();
  for (const row of items) {
    groupNames.set(row.groupId, row.grupo);
    const key = `${row.ref}\u0000${normalizeForSearch(row.descricao)}`;
    const entry = entries.get(key);
    if (!entry) {
      entries.set(key, {
        id: row.id,
        ids: [row.id],
        descricao: row.descricao,
        esgotado: row.esgotado,
        groups: [row.groupId],
      });
    } else {
      entry.ids.push(row.id);
      entry.esgotado ||= row.esgotado;
      if (!entry.groups.includes(row.groupId)) entry.groups.push(row.groupId);
    }
  }
  const productsOf = new Map<number, string[]>();
  for (const row of groupProducts) {
    const names = productsOf.get(row.groupId) ?? [];
    if (!names.includes(row.descricao)) names.push(row.descricao);
    productsOf.set(row.groupId, names);
  }
  const lists = new Map<string, MenuAvailabilityReply['option_lists'][number]>();
  for (const entry of entries.values()) {
    const key = entry.groups.join('-');
    let list = lists.get(key);
    if (!list) {
      list = {
        key,
        groups: [...new Set(entry.groups.map((id) => groupNames.get(id)!))],
        products: [...new Set(entry.groups.flatMap((id) => productsOf.get(id) ?? []))],
        items: [],
      };
      lists.set(key, list);
    }
    list.items.push({ id: entry.id, ids: entry.ids, descricao: entry.descricao, esgotado: entry.esgotado });
  }
  return [...lists.values()];
}
