import { randomInt } from 'node:crypto';
import {
  type GuestTab,
  type GuestTableReply,
  type ShareAttemptStatus,
  type ShareCardFailure,
  type StaffTab,
  type StaffTabListReply,
  type StaffTable,
  type StaffTablesReply,
  TABLE_CALL_EVENT,
  type TabCloseRequest,
  type TabLine,
  type TableCall,
  type TableQrSheetReply,
  type TableSettings,
  type TabShareCardReply,
  type TabShareCardTokenRequest,
  type TabSharePixReply,
  type TabTotalsShape,
} from '@comanda/contract';
import {
  ONLINE_PAYMENT_NAMES,
  type OnlinePaymentKind,
  onlinePaymentId,
  splitByItems,
  splitEvenly,
  TAB_STATUSES,
  TABLE_CALL_LIMIT,
  TABLE_CALL_WINDOW_SECONDS,
  TABLE_CODE_LENGTH,
  type TabJoinRefusal,
  type TableCallKind,
  type TabRound,
  type TabShare,
  type TabStatus,
  tabJoinRefusal,
  tabTotals,
} from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import type { OrderLineItemSnapshot } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { qrSvgDataUrl } from '../../lib/qr-svg.ts';
import { newTableToken, tableLinks, tableTokenMatches } from '../../lib/table-links.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { type RateLimiter, type WindowRule, waitText } from '../../plugins/rate-limit.ts';
import type { StoreRef } from '../../plugins/tenant.ts';
import { recordRefundOwed, recordSharePaid } from '../ledger/index.ts';
import type { MenuCache } from '../menu/index.ts';
import {
  CARD_ATTEMPT_SECONDS,
  CARD_CLAIM_MS,
  type ChargeState,
  declineReason,
  newReference,
  PAYMENT_EXPIRY_GRACE_MS,
  type PaymentService,
  type ProviderKind,
  type ShareCardKit,
  type StrayReason,
} from '../payments/index.ts';
import { raiseMenuVersion } from '../store-controls/index.ts';
import { refuse, splitInvalid } from './refusals.ts';
import * as repo from './repository.ts';

/*
 * Table mode (issue 19; spec sections 2, 3 'Table', 6 'Local (table) mode'): a table's running tab
 * (every round ordered at the table joins it), the guests' calls to the staff, and the staff's
 * tables, tabs and calls. Guests prove they sit at the table with its QR code's token
 * (docs/decisions/0021, 0030); the bill's rules are the domain's (table-tab.ts).
 */

/** New calls one table may make per window, whatever their kind (times RATE_LIMIT_MULTIPLIER). */
export const TABLE_CALLS_PER_TABLE: WindowRule = {
  kind: 'window',
  name: 'table-calls',
  max: TABLE_CALL_LIMIT,
  windowSeconds: TABLE_CALL_WINDOW_SECONDS,
  message: 'Muitos chamados desta mesa.',
};

/** Call requests from one address per window, at any table of the store. */
export const TABLE_CALLS_PER_ADDRESS: WindowRule = {
  kind: 'window',
  name: 'table-calls-address',
  max: 30,
  windowSeconds: TABLE_CALL_WINDOW_SECONDS,
  message: 'Muitos chamados.',
};

/** PIX charges for shares asked from one address per window (new or reused alike). */
export const SHARE_PIX_PER_ADDRESS: WindowRule = {
  kind: 'window',
  name: 'tab-share-pix-address',
  max: 20,
  windowSeconds: 10 * 60,
  message: 'Muitos PIX gerados.',
};

/** What a share paid by PIX in the app says it was paid with. */
export const SHARE_PIX_METHOD = 'PIX (app)';

/** Card attempts for shares opened (or asked again) and card tokens sent, from one address per window. */
export const SHARE_CARD_PER_ADDRESS: WindowRule = {
  kind: 'window',
  name: 'tab-share-card-address',
  max: 20,
  windowSeconds: 10 * 60,
  message: 'Muitas tentativas com cartão.',
};

/** What a share paid by card in the app says it was paid with. */
export const SHARE_CARD_METHOD = 'Cartão (app)';

/** The payments module's calls a share's PIX and card need (its service: never its tables). */
export type SharePayments = Pick<
  PaymentService,
  | 'pixOffer'
  | 'openPixCharge'
  | 'readCharge'
  | 'cancelCharge'
  | 'registerChargeOwner'
  | 'cardOffer'
  | 'openCardIntent'
  | 'payWithCardToken'
  | 'giveBackStray'
>;

/** How many closed tabs GET /staff/tabs?status=closed lists. */
export const CLOSED_TABS_LISTED = 50;

export interface TablesDeps {
  db: Database;
  now: () => Date;
  limiter: RateLimiter;
  /** The staff's live stream: guests' calls and their acknowledgements. */
  events: OrderEvents;
  /** Dropped once a change to the tables list or the fee has committed. */
  menuCache: MenuCache;
  /** A store's public address (config PUBLIC_ORIGIN), where its QR codes point. */
  publicOrigin: (slug: string) => string;
  /** PIX and cards in the app for a share of a closing tab. */
  payments: SharePayments;
}

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);
const statusOf = (value: string): TabStatus =>
  (TAB_STATUSES as readonly string[]).includes(value) ? (value as TabStatus) : 'closed';

/** A fresh waiter's code: TABLE_CODE_LENGTH random digits. */
export function newTableCode(): string {
  return String(randomInt(0, 10 ** TABLE_CODE_LENGTH)).padStart(TABLE_CODE_LENGTH, '0');
}

/** The options of an order line as one short text: '+ 2x Bacon, Ao ponto, sem Cebola · Obs.: bem passado'. */
export function lineDetails(items: readonly OrderLineItemSnapshot[], note: string): string {
  const added = items
    .filter((item) => item.quantidade_pedida > 0)
    .map((item) => `${item.quantidade_pedida > 1 ? `${item.quantidade_pedida}x ` : ''}${item.descricao}`);
  const removed = items.filter((item) => item.quantidade_pedida === 0).map((item) => `sem ${item.descricao}`);
  const options = [added.length > 0 ? `+ ${added.join(', ')}` : '', ...removed].filter(Boolean).join(', ');
  const trimmed = note.trim();
  return [options, trimmed ? `Obs.: ${trimmed}` : ''].filter(Boolean).join(' · ');
}

/** A round as the domain's bill counts it. */
const tabRoundOf = (round: repo.RoundRow): TabRound => ({
  total: round.total,
  paidOnline: round.paidOnline,
  cancelled: round.status === 'Cancelado',
});

/**
 * The bill of a tab: while open, the rounds so far with the store's fee; once closing, the figures
 * fixed when the staff closed it (what its shares add up to).
 */
function totalsOf(tab: repo.TabRow, rounds: readonly repo.RoundRow[], storePercent: number): TabTotalsShape {
  const fixed = tab.status !== 'open' && tab.amountDue !== null;
  const percent = fixed ? (tab.serviceFeePercent ?? 0) : storePercent;
  const live = tabTotals(rounds.map(tabRoundOf), percent);
  if (!fixed) {
    return {
      consumido: live.consumed,
      pago_online: live.paidOnline,
      a_pagar: live.due,
      taxa_servico_perc: percent,
      taxa_servico: live.serviceFee,
      total: live.total,
    };
  }
  const fee = tab.serviceFee ?? 0;
  const total = tab.amountDue ?? 0;
  return {
    consumido: live.consumed,
    pago_online: live.paidOnline,
    a_pagar: total - fee,
    taxa_servico_perc: percent,
    taxa_servico: fee,
    total,
  };
}

function tableCallOf(row: repo.CallRow): TableCall {
  return {
    id: row.id,
    kind: row.kind === 'bill' ? 'bill' : 'waiter',
    table_id: row.tableId,
    table_description: row.tableDescription,
    created_at: iso(row.createdAt),
    acknowledged_at: isoOrNull(row.acknowledgedAt),
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** What the views of some tabs are made of: four queries whatever their number. */
async function tabParts(db: DbExecutor, storeId: number, tabs: readonly repo.TabRow[]) {
  const tabIds = tabs.map((tab) => tab.id);
  const [rounds, shares, calls, toRefund] = await readTogether(db, [
    () => repo.roundsOf(db, storeId, tabIds),
    () => repo.sharesOf(db, storeId, tabIds),
    () =>
      repo.waitingCalls(db, storeId, [
        ...new Set(tabs.filter((tab) => tab.status !== 'closed').map((t) => t.tableId)),
      ]),
    () => repo.shareMoneyToRefund(db, storeId, tabIds),
  ]);
  const refundOf = (shareId: number, method: repo.SharePaymentMethod) =>
    toRefund.find((row) => row.shareId === shareId && row.method === method)?.amount ?? 0;
  const lines = await repo.linesOf(
    db,
    storeId,
    rounds.map((round) => round.orderId),
  );
  const roundsByTab = groupBy(rounds, (round) => round.tabId);
  const linesByOrder = groupBy(lines, (line) => line.orderId);
  const sharesByTab = groupBy(shares, (share) => share.tabId);
  const callsByTable = groupBy(calls, (call) => call.tableId);
  return {
    rounds: (tabId: number) => roundsByTab.get(tabId) ?? [],
    lines: (orderId: number) => linesByOrder.get(orderId) ?? [],
    shares: (tabId: number) => sharesByTab.get(tabId) ?? [],
    /** PIX money paid in the app for a share already paid otherwise (the staff gives it back). */
    pixToRefund: (shareId: number) => refundOf(shareId, 'pix'),
    /** Card money likewise. */
    cardToRefund: (shareId: number) => refundOf(shareId, 'card'),
    /** A closed tab's table calls are the next tab's business. */
    waiting: (tab: repo.TabRow, kind: TableCallKind) =>
      tab.status === 'closed'
        ? null
        : ((callsByTable.get(tab.tableId) ?? []).find((call) => call.kind === kind) ?? null),
  };
}

type TabParts = Awaited<ReturnType<typeof tabParts>>;

function guestTabOf(tab: repo.TabRow, parts: TabParts, storePercent: number): GuestTab {
  const rounds = parts.rounds(tab.id);
  return {
    id: tab.id,
    status: statusOf(tab.status),
    aberta_em: iso(tab.openedAt),
    rodadas: rounds.map((round) => ({
      order_id: round.orderId,
      numero: round.numero,
      rodada: round.rodada,
      dh_iniciado: iso(round.dhIniciado),
      status: round.status,
      total: round.total,
      pago_online: round.paidOnline,
      linhas: parts.lines(round.orderId).map(
        (line): TabLine => ({
          id: line.id,
          descricao_produto: line.descricaoProduto,
          qtd: line.qtd,
          detalhes: lineDetails(line.itensPedidos, line.observacao),
          valor_total: line.valorTotal,
        }),
      ),
    })),
    totais: totalsOf(tab, rounds, storePercent),
    divisao: tab.splitMode === 'even' || tab.splitMode === 'items' ? tab.splitMode : null,
    partes: parts.shares(tab.id).map((share) => ({
      id: share.id,
      parte: share.seq,
      valor: share.amount,
      taxa_servico: share.serviceFee,
      linhas: share.lineIds,
      pago_em: isoOrNull(share.paidAt),
      forma_pagamento: share.paymentMethod,
    })),
    chamado_garcom_em: isoOrNull(parts.waiting(tab, 'waiter')?.createdAt ?? null),
    conta_pedida_em: isoOrNull(parts.waiting(tab, 'bill')?.createdAt ?? null),
  };
}

function staffTabOf(tab: repo.TabWithTable, parts: TabParts, storePercent: number): StaffTab {
  const guest = guestTabOf(tab, parts, storePercent);
  return {
    ...guest,
    partes: guest.partes.map((share) => ({
      ...share,
      pix_a_devolver: parts.pixToRefund(share.id),
      cartao_a_devolver: parts.cardToRefund(share.id),
    })),
    table: { id: tab.tableId, description: tab.tableDescription },
    codigo: tab.code,
    fechada_em: isoOrNull(tab.closedAt),
  };
}

export interface TabJoin {
  storeId: number;
  tableId: number;
  orderId: number;
  /** The store opens its tables with the waiter's code. */
  requiresCode: boolean;
  /** The code the guest gave (codigo_mesa), or null. */
  code: string | null;
  at: Date;
}

export type TabJoinResult =
  | { ok: true; tabId: number; rodada: number }
  | { ok: false; refusal: TabJoinRefusal };

/**
 * A round ordered at a table joins the table's tab, in the order's transaction (the orders
 * module's placement): the tab is locked, or opened by this first round when the store does not
 * open tables with a code (of two first rounds at once, one opens it and the other waits and joins
 * it: the partial unique index decides); the order gets the next round's number. A refusal
 * (tabJoinRefusal of the domain) writes nothing here; the caller rolls its transaction back.
 */
export async function joinTableTab(tx: DbExecutor, join: TabJoin): Promise<TabJoinResult> {
  const { storeId, tableId } = join;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let tab = await repo.lockOpenTabOf(tx, storeId, tableId);
    if (!tab && !join.requiresCode) {
      tab = await repo.insertOpenTab(tx, { storeId, tableId, openedAt: join.at, openedBy: null, code: null });
      // Another first round opened it meanwhile: lock and join that one.
      if (!tab) continue;
    }
    const refusal = tabJoinRefusal({
      requiresCode: join.requiresCode,
      tab: tab ? { status: statusOf(tab.status), code: tab.code } : null,
      code: join.code,
    });
    if (refusal) return { ok: false, refusal };
    const rodada = await repo.addRound(tx, storeId, tab!.id, join.orderId, join.at);
    return { ok: true, tabId: tab!.id, rodada };
  }
  throw new Error(`table ${tableId}: its tab was neither found nor opened`);
}

/**
 * A share paid (at the counter, or by PIX or card in the app): a conditional update, so it is paid once
 * whoever comes first; when it was the last unpaid share, the tab is closed. False when the share
 * was paid already. In the caller's transaction.
 */
async function settleShare(
  tx: DbExecutor,
  share: { storeId: number; tabId: number; id: number },
  paid: { at: Date; by: number | null; method: string; online: OnlinePaymentKind | null },
): Promise<boolean> {
  if (!(await repo.markSharePaid(tx, share, paid))) return false;
  // The takings name a payment through the app as an order's is named (docs/decisions/0064).
  await recordSharePaid(
    tx,
    share,
    paid.online
      ? {
          ...paid,
          online: true,
          method: ONLINE_PAYMENT_NAMES[paid.online],
          methodId: onlinePaymentId(paid.online),
        }
      : { ...paid, online: false },
  );
  if ((await repo.unpaidSharesOf(tx, share.storeId, share.tabId)) === 0) {
    await repo.closeTab(tx, share.storeId, share.tabId, { at: paid.at, by: paid.by });
  }
  return true;
}

const SHARE_PIX_DETAIL: Record<ShareAttemptStatus, string> = {
  pending: 'Aguardando o pagamento.',
  paid: 'Pagamento recebido!',
  expired: 'O tempo para pagar este PIX acabou. Gere outro para pagar a sua parte.',
  failed: 'Este PIX não pode mais ser pago.',
};

const SHARE_CARD_DETAIL: Record<ShareAttemptStatus, string> = {
  pending: 'Digite os dados do cartão para pagar.',
  paid: 'Pagamento recebido!',
  expired: 'O tempo para pagar com este cartão acabou. Tente de novo para pagar a sua parte.',
  failed: 'O pagamento com cartão não foi concluído. Tente de novo ou use outro cartão.',
};

/** Why a card attempt failed, in the guest's words (the storefront words the `falha` in its language). */
const SHARE_CARD_FAILURE: Record<ShareCardFailure, string> = {
  insufficient_funds: 'Cartão recusado: saldo ou limite insuficiente.',
  check_data: 'Cartão recusado: confira os dados do cartão.',
  call_bank: 'Cartão recusado: fale com o seu banco ou use outro cartão.',
  authentication: 'A autenticação do cartão não foi concluída. Tente de novo ou use outro cartão.',
  declined: 'Cartão recusado pelo banco. Use outro cartão ou pague ao garçom.',
  // The share was paid otherwise (the counter, or the other method) while this attempt waited.
  share_paid: 'Esta parte da conta já foi paga.',
};

const failureOf = (row: repo.SharePaymentRow): ShareCardFailure | null =>
  row.failure && row.failure in SHARE_CARD_FAILURE ? (row.failure as ShareCardFailure) : null;

const shareStatusOf = (row: repo.SharePaymentRow): ShareAttemptStatus =>
  row.status === 'pending' || row.status === 'paid' || row.status === 'expired' ? row.status : 'failed';

function shareCardReplyOf(
  row: repo.SharePaymentRow,
  kit: ShareCardKit | null = null,
  threeDs: TabShareCardReply['three_ds'] = null,
): TabShareCardReply {
  const status = shareStatusOf(row);
  const pending = status === 'pending';
  const failure = status === 'failed' ? failureOf(row) : null;
  return {
    id: row.id,
    status,
    valor: row.amount,
    card_kit:
      pending && kit
        ? { provider: kit.provider, script_url: kit.scriptUrl, public_key: kit.publicKey }
        : null,
    client_secret: pending ? row.clientSecret : null,
    three_ds: pending ? threeDs : null,
    expira_em: iso(row.expiresAt),
    pago_em: isoOrNull(row.paidAt),
    falha: failure,
    detail: failure ? SHARE_CARD_FAILURE[failure] : SHARE_CARD_DETAIL[status],
  };
}

/** Why a provider's card payment failed (Mercado Pago's detail is 'rejected/<status_detail>'). */
const cardFailureOf = (state: ChargeState): ShareCardFailure =>
  declineReason(state.detail?.split('/').at(-1) ?? null);

function sharePixReplyOf(row: repo.SharePaymentRow): TabSharePixReply {
  const status = shareStatusOf(row);
  return {
    id: row.id,
    status,
    valor: row.amount,
    copia_e_cola: row.copyPaste ?? '',
    qr: row.qr ?? '',
    expira_em: iso(row.expiresAt),
    pago_em: isoOrNull(row.paidAt),
    detail: SHARE_PIX_DETAIL[status],
  };
}

export class TablesService {
  constructor(private readonly deps: TablesDeps) {
    // The provider's notifications about shares' charges (PIX or card) settle them as a guest's poll does.
    deps.payments.registerChargeOwner({
      owned: async (storeId, provider, refs) =>
        (await repo.sharePaymentsByProviderRefs(deps.db, storeId, provider, refs)).map(
          (row) => row.providerRef!,
        ),
      recheck: async (storeId, providerRef) => {
        const row = await repo.sharePaymentByProviderRef(deps.db, storeId, providerRef);
        if (row?.status !== 'pending') return true;
        let reached = true;
        await this.refreshSharePayment(row, () => {
          reached = false;
        });
        return reached;
      },
      ledger: async (storeId, provider, lookup) =>
        (await repo.sharePaymentsForLedger(deps.db, storeId, provider, lookup)).map((row) => ({
          id: row.id,
          providerRef: row.providerRef,
          reference: row.reference,
          amount: row.amount,
          status: row.status,
          label: `share:${row.shareId}`,
        })),
    });
  }

  // -------------------------------------------------------------------------------------------
  // Guests (the table's QR token proves they sit there)

  /** GET /bar/v2/tables/{table}/tab/: the table and its tab that is not closed (or null). */
  async guestTable(store: StoreRef, tableId: number, token: string | undefined): Promise<GuestTableReply> {
    const { db } = this.deps;
    const table = await this.guestTableOf(store.id, tableId, token);
    const [settings, tab] = await Promise.all([
      this.settingsOf(store.id),
      repo.openTabOf(db, store.id, table.id),
    ]);
    let guestTab: GuestTab | null = null;
    if (tab) {
      const parts = await tabParts(db, store.id, [tab]);
      guestTab = guestTabOf(tab, parts, settings.serviceFeePercent);
    }
    return {
      table: { id: table.id, description: table.description },
      requires_code: settings.requiresCode,
      tab: guestTab,
    };
  }

  /**
   * POST /bar/v2/tables/{table}/calls/: a guest calls the waiter or asks for the bill. While a call
   * of that kind waits for the staff, calling again answers it (created false) and adds nothing; a
   * new call is published to the store's staff streams in its transaction.
   */
  async call(
    store: StoreRef,
    tableId: number,
    token: string | undefined,
    kind: TableCallKind,
    address: string,
  ): Promise<{ created: boolean; call: TableCall }> {
    const { db, now } = this.deps;
    const table = await this.guestTableOf(store.id, tableId, token);
    await this.countCall(store.id, TABLE_CALLS_PER_ADDRESS, address);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const waiting = await repo.findWaitingCall(db, store.id, table.id, kind);
      if (waiting) return { created: false, call: tableCallOf(waiting) };
      const tab = await repo.openTabOf(db, store.id, table.id);
      if (kind === 'bill' && !tab) throw refuse.noOpenTab();
      await this.countCall(store.id, TABLE_CALLS_PER_TABLE, String(table.id));
      const call = await db.transaction(async (tx) => {
        const id = await repo.insertCall(tx, {
          storeId: store.id,
          tableId: table.id,
          tabId: tab?.id ?? null,
          kind,
          createdAt: now(),
        });
        if (id === undefined) return null;
        const made = tableCallOf((await repo.findCall(tx, store.id, id))!);
        await this.deps.events.publishStaff(tx, { storeId: store.id, name: TABLE_CALL_EVENT, data: made });
        return made;
      });
      if (call) return { created: true, call };
      // Another guest's call of this kind got there first: answer that one.
    }
    throw new Error(`table ${table.id}: the ${kind} call was neither made nor found`);
  }

  // -------------------------------------------------------------------------------------------
  // Guests paying a share of a closing tab by PIX in the app (issue 19 item 4)

  /**
   * POST /bar/v2/tables/{table}/tab/shares/{share}/pix/: a PIX charge for exactly the share's
   * amount through the store's provider; the share's pending charge, while it can still be paid, is
   * answered again (created false) instead of a second one.
   */
  async sharePix(
    store: StoreRef,
    tableId: number,
    token: string | undefined,
    shareId: number,
    address: string,
  ): Promise<{ created: boolean; pix: TabSharePixReply }> {
    const { db, now, payments } = this.deps;
    const table = await this.guestTableOf(store.id, tableId, token);
    await this.countPix(store.id, address);
    const share = await this.payableShare(store.id, table.id, shareId);
    const offer = await payments.pixOffer(store.id);
    if (!offer) throw refuse.pixNotOffered();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const pending = await repo.pendingSharePayment(db, store.id, share.id, 'pix');
      if (pending) {
        const current = await this.awaitShareCharge(pending);
        if (current.status === 'pending' && current.providerRef && current.expiresAt > now()) {
          return { created: false, pix: sharePixReplyOf(current) };
        }
        // Past its time (or never opened): ask the provider, which may say it was paid after all.
        const settled = await this.refreshSharePayment(current);
        if (settled.status === 'paid') throw refuse.shareAlreadyPaid();
        if (settled.status === 'pending') continue;
      }
      const at = now();
      const row = await repo.insertSharePayment(db, {
        storeId: store.id,
        shareId: share.id,
        provider: offer.kind,
        method: 'pix',
        reference: newReference(store.id, 'M'),
        amount: share.amount,
        expiresAt: new Date(at.getTime() + offer.lifetimeSeconds * 1000),
        createdAt: at,
      });
      // Another guest's request for this share got there first: answer that one.
      if (!row) continue;
      try {
        const charge = await payments.openPixCharge(store.id, {
          reference: row.reference,
          amount: row.amount,
          expiresInSeconds: offer.lifetimeSeconds,
          description: `${table.description} - parte ${share.seq}`,
        });
        const attached = await repo.attachShareCharge(db, row.id, charge);
        return { created: true, pix: sharePixReplyOf(attached!) };
      } catch {
        await repo.moveSharePayment(db, row.id, { status: 'failed' });
        throw refuse.providerFailed();
      }
    }
    throw new Error(`share ${share.id}: its PIX was neither opened nor found`);
  }

  /**
   * GET /bar/v2/tables/{table}/tab/shares/{share}/pix/{id}/: the charge as the provider reports it.
   * Paid (for the share's amount) marks the share paid, and closes the tab with its last share.
   */
  async sharePixStatus(
    store: StoreRef,
    tableId: number,
    token: string | undefined,
    shareId: number,
    id: number,
  ): Promise<TabSharePixReply> {
    const table = await this.guestTableOf(store.id, tableId, token);
    const found = await repo.findShareOfStore(this.deps.db, store.id, shareId);
    if (!found || found.tableId !== table.id) throw refuse.shareNotFound();
    const row = await repo.findSharePayment(this.deps.db, store.id, shareId, id);
    if (row?.method !== 'pix') throw refuse.sharePixNotFound();
    return sharePixReplyOf(row.status === 'pending' ? await this.refreshSharePayment(row) : row);
  }

  /** The share of this table's closing tab a guest may pay: 404 elsewhere, 409 paid or tab closed. */
  private async payableShare(storeId: number, tableId: number, shareId: number): Promise<repo.ShareRow> {
    const found = await repo.findShareOfStore(this.deps.db, storeId, shareId);
    if (!found || found.tableId !== tableId) throw refuse.shareNotFound();
    if (found.share.paidAt) throw refuse.shareAlreadyPaid();
    if (found.tabStatus !== 'closing') throw refuse.tabNotOpen();
    return found.share;
  }

  /** A charge another request is still opening at the provider: waited for, briefly. */
  private async awaitShareCharge(row: repo.SharePaymentRow): Promise<repo.SharePaymentRow> {
    let current = row;
    for (let attempt = 0; attempt < 50 && current.status === 'pending' && !current.providerRef; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await repo.findSharePayment(this.deps.db, row.storeId, row.shareId, row.id)) ?? current;
    }
    return current;
  }

  // -------------------------------------------------------------------------------------------
  // Guests paying a share of a closing tab by card in the app (docs/decisions/0035)

  /**
   * POST /bar/v2/tables/{table}/tab/shares/{share}/card/: a card attempt for exactly the share's
   * amount through the store's card provider. Stripe's (intent flow) opens a PaymentIntent the
   * guest's browser confirms with its client secret; Mercado Pago's (token flow) waits for the card
   * token the browser's kit makes (shareCardToken). The share's live attempt is answered again
   * (created false) instead of a second one.
   */
  async shareCard(
    store: StoreRef,
    tableId: number,
    token: string | undefined,
    shareId: number,
    address: string,
  ): Promise<{ created: boolean; card: TabShareCardReply }> {
    const { db, now, payments } = this.deps;
    const table = await this.guestTableOf(store.id, tableId, token);
    await this.countCard(store.id, address);
    const share = await this.payableShare(store.id, table.id, shareId);
    const offer = await payments.cardOffer(store.id);
    if (!offer) throw refuse.cardNotOffered();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const pending = await repo.pendingSharePayment(db, store.id, share.id, 'card');
      if (pending) {
        const current = offer.flow === 'intent' ? await this.awaitShareCharge(pending) : pending;
        if (this.liveCardAttempt(current, offer))
          return { created: false, card: shareCardReplyOf(current, offer.kit) };
        // Past its time, never opened, of another provider, or a token flow's payment the guest left
        // (a 3-D Secure challenge abandoned): given up at the provider, which may say it was paid.
        const retired = await this.retireShareCard(current);
        if (retired.status === 'paid') throw refuse.shareAlreadyPaid();
        if (retired.status === 'pending') throw refuse.cardProviderFailed();
      }
      const at = now();
      const row = await repo.insertSharePayment(db, {
        storeId: store.id,
        shareId: share.id,
        provider: offer.kind,
        method: 'card',
        reference: newReference(store.id, 'M'),
        amount: share.amount,
        expiresAt: new Date(at.getTime() + CARD_ATTEMPT_SECONDS * 1000),
        createdAt: at,
      });
      // Another guest's request for this share got there first: answer that one.
      if (!row) continue;
      if (offer.flow === 'token') return { created: true, card: shareCardReplyOf(row, offer.kit) };
      try {
        const opened = await payments.openCardIntent(store.id, {
          reference: row.reference,
          amount: row.amount,
          description: `${table.description} - parte ${share.seq}`,
        });
        const attached = await repo.attachShareCard(db, row.id, opened);
        return { created: true, card: shareCardReplyOf(attached ?? (await this.reread(row)), offer.kit) };
      } catch {
        await repo.moveSharePayment(db, row.id, { status: 'failed' });
        throw refuse.cardProviderFailed();
      }
    }
    throw new Error(`share ${share.id}: its card attempt was neither opened nor found`);
  }

  /**
   * POST …/card/{id}/token/ (the token flow, Mercado Pago): the browser's kit made a card token and
   * the server pays the attempt with it, one token at a time. Approved pays the share; declined is
   * final at Mercado Pago (402 CARD_DECLINED in the guest's words; the attempt failed, the guest
   * opens another); a 3-D Secure challenge goes back to the browser and the poll settles the rest.
   */
  async shareCardToken(
    store: StoreRef,
    tableId: number,
    token: string | undefined,
    shareId: number,
    id: number,
    body: TabShareCardTokenRequest,
    address: string,
  ): Promise<TabShareCardReply> {
    const { db, now, payments } = this.deps;
    const table = await this.guestTableOf(store.id, tableId, token);
    await this.countCard(store.id, address);
    const found = await repo.findShareOfStore(db, store.id, shareId);
    if (!found || found.tableId !== table.id) throw refuse.shareNotFound();
    const row = await repo.findSharePayment(db, store.id, shareId, id);
    if (row?.method !== 'card') throw refuse.shareCardNotFound();
    if (found.share.paidAt) throw refuse.shareAlreadyPaid();
    if (row.status !== 'pending' || row.providerRef || row.expiresAt <= now()) {
      const current = row.status === 'pending' ? await this.refreshSharePayment(row) : row;
      throw refuse.cardAttemptNotPayable(shareCardReplyOf(current).detail);
    }
    const claimed = await repo.claimShareCard(db, row.id, now(), new Date(now().getTime() - CARD_CLAIM_MS));
    if (!claimed) throw refuse.cardAttemptBusy();
    let outcome: Awaited<ReturnType<SharePayments['payWithCardToken']>>;
    try {
      outcome = await payments.payWithCardToken(store.id, {
        reference: row.reference,
        // A token pays once: its own idempotency key, so a retried call never pays twice.
        attemptKey: `${row.reference}-${body.token.slice(0, 64)}`,
        amount: row.amount,
        description: `${table.description} - parte ${found.share.seq}`,
        token: body.token,
        paymentMethodId: body.payment_method_id,
      });
    } catch {
      await repo.releaseShareCard(db, row.id);
      throw refuse.cardProviderFailed();
    }
    if (outcome.declineReason !== null) {
      const failure = declineReason(outcome.declineReason);
      await repo.moveSharePayment(db, row.id, {
        status: 'failed',
        providerRef: outcome.providerRef,
        failure,
      });
      throw refuse.cardDeclined(SHARE_CARD_FAILURE[failure], failure);
    }
    const attached = await repo.attachShareCard(db, row.id, {
      providerRef: outcome.providerRef,
      clientSecret: null,
    });
    if (!attached) {
      // The attempt stopped (expired, or the share was paid otherwise) while this card was charged.
      await this.giveBackShareCharge(row, outcome.providerRef, outcome.state, 'after_stop');
    }
    let current = attached ?? (await this.reread(row));
    if (attached && outcome.state.status !== 'pending') {
      current = await this.applyShareState(attached, outcome.state);
    }
    // Paid at the counter while the card was being paid: its payment is cancelled (or flagged).
    if (current.status === 'pending') {
      const share = await repo.findShareOfStore(db, store.id, shareId);
      if (share?.share.paidAt) {
        await this.dropPendingPayments(store.id, shareId);
        current = await this.reread(row);
      }
    }
    return shareCardReplyOf(current, null, outcome.challenge);
  }

  /**
   * GET …/card/{id}/: the attempt as the provider reports it. Paid (for the share's amount) marks the
   * share paid, and closes the tab with its last share.
   */
  async shareCardStatus(
    store: StoreRef,
    tableId: number,
    token: string | undefined,
    shareId: number,
    id: number,
  ): Promise<TabShareCardReply> {
    const table = await this.guestTableOf(store.id, tableId, token);
    const found = await repo.findShareOfStore(this.deps.db, store.id, shareId);
    if (!found || found.tableId !== table.id) throw refuse.shareNotFound();
    const row = await repo.findSharePayment(this.deps.db, store.id, shareId, id);
    if (row?.method !== 'card') throw refuse.shareCardNotFound();
    return shareCardReplyOf(row.status === 'pending' ? await this.refreshSharePayment(row) : row);
  }

  /** Whether a pending card attempt is the one to answer again (else it is given up and another opened). */
  private liveCardAttempt(
    row: repo.SharePaymentRow,
    offer: NonNullable<Awaited<ReturnType<SharePayments['cardOffer']>>>,
  ): boolean {
    if (row.status !== 'pending' || row.provider !== offer.kind || row.expiresAt <= this.deps.now())
      return false;
    // Intent flow: its PaymentIntent takes card after card. Token flow: until a token made a payment.
    return offer.flow === 'intent' ? row.providerRef !== null : row.providerRef === null;
  }

  /** A pending card attempt given up: its provider payment cancelled; the row as it ends (paid if it won). */
  private async retireShareCard(row: repo.SharePaymentRow): Promise<repo.SharePaymentRow> {
    const { db, now, payments } = this.deps;
    if (!row.providerRef) {
      if (row.claimedAt && now().getTime() - row.claimedAt.getTime() < CARD_CLAIM_MS) return row;
      await repo.moveSharePayment(db, row.id, { status: row.expiresAt <= now() ? 'expired' : 'failed' });
      return this.reread(row);
    }
    let state: ChargeState;
    try {
      state = await payments.cancelCharge(row.storeId, row.providerRef);
    } catch {
      return row;
    }
    if (state.status === 'pending') return row;
    if (state.status === 'canceled' && row.expiresAt <= now()) state = { ...state, status: 'expired' };
    return this.applyShareState(row, state);
  }

  // -------------------------------------------------------------------------------------------
  // Settling a share's attempts (PIX and card alike)

  /**
   * Asks the provider about a pending attempt and moves it by a conditional update (of concurrent
   * polls and notifications, one moves it; the share is paid in that same transaction). Past its
   * expiry, an attempt still pending is cancelled at the provider first. An unreachable provider
   * leaves it pending.
   */
  private async refreshSharePayment(
    row: repo.SharePaymentRow,
    unreachable: () => void = () => undefined,
  ): Promise<repo.SharePaymentRow> {
    const { db, now, payments } = this.deps;
    if (!row.providerRef) {
      // Never opened (its request died talking to the provider), or a card attempt no token has paid:
      // given up once past its time and the grace an order's attempt gets too (not while a token is
      // being paid with).
      const claimed = row.claimedAt && now().getTime() - row.claimedAt.getTime() < CARD_CLAIM_MS;
      if (this.pastGrace(row) && !claimed) {
        await repo.moveSharePayment(db, row.id, { status: row.method === 'card' ? 'expired' : 'failed' });
      }
      return this.reread(row);
    }
    let state: ChargeState;
    try {
      state = await payments.readCharge(row.storeId, row.providerRef);
      if (state.status === 'pending' && this.pastGrace(row)) {
        state = await payments.cancelCharge(row.storeId, row.providerRef);
        if (state.status === 'pending' || state.status === 'canceled')
          state = { ...state, status: 'expired' };
      }
    } catch {
      unreachable();
      return row;
    }
    return this.applyShareState(row, state);
  }

  /** Whether an attempt is past its expiry and the grace after it (an order's attempt's, 0018). */
  private pastGrace(row: repo.SharePaymentRow): boolean {
    return this.deps.now().getTime() > row.expiresAt.getTime() + PAYMENT_EXPIRY_GRACE_MS;
  }

  /**
   * What the provider says of an attempt, applied: paid (for the share's amount) pays the share by
   * the counter's own function, once; another amount, or a share paid otherwise first, gives the
   * money back. Then the share's other pending attempt is cancelled at the provider.
   */
  private async applyShareState(
    row: repo.SharePaymentRow,
    state: ChargeState,
  ): Promise<repo.SharePaymentRow> {
    const { db, now } = this.deps;
    // Another amount than the share's is not the share paid: it goes back in full, as an order's
    // would (docs/decisions/0037). A provider that names no amount paid the one it was asked.
    const otherAmount = state.status === 'paid' && (state.paidAmount ?? row.amount) !== row.amount;
    const status = otherAmount || state.status === 'refunded' ? 'failed' : state.status;
    if (status === 'pending') return row;
    if (status !== 'paid') {
      // The provider's word can come before the counter's own cancel is recorded (its notification
      // of the cancel the counter asked for): a share paid otherwise is still the reason.
      const share = await repo.findShareOfStore(db, row.storeId, row.shareId);
      const failure = share?.share.paidAt
        ? 'share_paid'
        : row.method === 'card' && status === 'failed' && !otherAmount
          ? cardFailureOf(state)
          : null;
      await repo.moveSharePayment(db, row.id, { status, failure });
      if (otherAmount && row.providerRef)
        await this.giveBackShareCharge(row, row.providerRef, state, 'amount');
      return this.reread(row);
    }
    const paidAt = state.paidAt ?? now();
    const outcome = await db.transaction(async (tx) => {
      const moved = await repo.moveSharePayment(tx, row.id, { status: 'paid', paidAt });
      if (!moved) return 'moved elsewhere' as const;
      const found = await repo.findShareOfStore(tx, row.storeId, row.shareId);
      if (!found) return 'moved elsewhere' as const;
      const method = row.method === 'card' ? SHARE_CARD_METHOD : SHARE_PIX_METHOD;
      const paid = await settleShare(tx, found.share, {
        at: now(),
        by: null,
        method,
        online: row.method === 'card' ? 'card' : 'pix',
      });
      return paid ? ('share paid' as const) : ('share paid before' as const);
    });
    // After the commit (never a network call in a transaction): a PIX beside a card, or the reverse.
    if (outcome === 'share paid') await this.dropPendingPayments(row.storeId, row.shareId);
    // Paid at the counter (or by the other method) meanwhile: this money goes back.
    if (outcome === 'share paid before' && row.providerRef) {
      await this.giveBackShareCharge(row, row.providerRef, state, 'share_settled');
    }
    return this.reread(row);
  }

  /**
   * A share's charge that did not pay it (docs/decisions/0037): its money goes back through the
   * provider; only where the provider cannot give it back is it flagged for the store to return.
   */
  private async giveBackShareCharge(
    row: repo.SharePaymentRow,
    providerRef: string,
    state: ChargeState,
    reason: StrayReason,
  ): Promise<void> {
    const stray = await this.deps.payments.giveBackStray(
      {
        storeId: row.storeId,
        provider: row.provider as ProviderKind,
        providerRef,
        reference: row.reference,
        sharePaymentId: row.id,
        reason,
        amount: state.paidAmount ?? row.amount,
      },
      state,
    );
    if (stray.status === 'manual') {
      // The money is the store's to give back by hand: the takings hold it as received online and
      // owed back, once (docs/decisions/0064), so the day's online money is what the provider paid.
      await this.deps.db.transaction(async (tx) => {
        if (!(await repo.flagSharePaymentRefund(tx, row.id))) return;
        const found = await repo.findShareOfStore(tx, row.storeId, row.shareId);
        if (!found) return;
        await recordRefundOwed(tx, {
          storeId: row.storeId,
          tabId: found.share.tabId,
          at: this.deps.now(),
          amount: state.paidAmount ?? row.amount,
          online: row.method === 'card' ? 'card' : 'pix',
        });
      });
    }
    // The guest's attempt then reads as the share paid otherwise, not as their payment received.
    else await repo.markShareChargeReturned(this.deps.db, row.id);
  }

  private async reread(row: repo.SharePaymentRow): Promise<repo.SharePaymentRow> {
    return (await repo.findSharePayment(this.deps.db, row.storeId, row.shareId, row.id)) ?? row;
  }

  /**
   * A share paid (at the counter, or by one of its attempts): its pending attempts are cancelled at
   * the provider; a payment that won that race is kept and flagged for the store to give back.
   */
  private async dropPendingPayments(storeId: number, shareId: number): Promise<void> {
    const { db, now, payments } = this.deps;
    for (const pending of await repo.pendingSharePayments(db, storeId, shareId)) {
      if (!pending.providerRef) {
        // A card token being paid with right now: its request settles it (and flags a late payment).
        if (pending.claimedAt && now().getTime() - pending.claimedAt.getTime() < CARD_CLAIM_MS) continue;
        await repo.moveSharePayment(db, pending.id, { status: 'canceled', failure: 'share_paid' });
        continue;
      }
      try {
        const state = await payments.cancelCharge(storeId, pending.providerRef);
        if (state.status === 'paid') {
          const moved = await repo.moveSharePayment(db, pending.id, {
            status: 'paid',
            paidAt: state.paidAt ?? now(),
          });
          if (moved) await this.giveBackShareCharge(moved, pending.providerRef, state, 'share_settled');
          continue;
        }
        await repo.moveSharePayment(db, pending.id, { status: 'canceled', failure: 'share_paid' });
      } catch {
        // The provider did not answer: the attempt stays pending here, and the guest's next poll (or
        // its expiry) settles it; a late payment is then flagged for a refund.
      }
    }
  }

  private async countCard(storeId: number, address: string): Promise<void> {
    try {
      await this.deps.limiter.consume(storeId, SHARE_CARD_PER_ADDRESS, address, this.deps.now());
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'too_many') throw error;
      const seconds = Number(error.extra.retryAfterSeconds ?? 60);
      throw refuse.tooManyCardAttempts(seconds, waitText(seconds));
    }
  }

  private async countPix(storeId: number, address: string): Promise<void> {
    try {
      await this.deps.limiter.consume(storeId, SHARE_PIX_PER_ADDRESS, address, this.deps.now());
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'too_many') throw error;
      const seconds = Number(error.extra.retryAfterSeconds ?? 60);
      throw refuse.tooManyPix(seconds, waitText(seconds));
    }
  }

  private async guestTableOf(storeId: number, tableId: number, token: string | undefined) {
    const table = await repo.findTable(this.deps.db, storeId, tableId);
    if (!table?.ativo) throw refuse.guestTableNotFound();
    if (!tableTokenMatches(token ?? '', table.token)) throw refuse.tableTokenInvalid();
    return table;
  }

  private async countCall(storeId: number, rule: WindowRule, subject: string): Promise<void> {
    try {
      await this.deps.limiter.consume(storeId, rule, subject, this.deps.now());
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'too_many') throw error;
      const seconds = Number(error.extra.retryAfterSeconds ?? 60);
      throw refuse.tooManyCalls(seconds, waitText(seconds));
    }
  }

  // -------------------------------------------------------------------------------------------
  // The staff's tables

  private async settingsOf(storeId: number): Promise<repo.TableSettingsRow> {
    const settings = await repo.tableSettingsOf(this.deps.db, storeId);
    if (!settings) throw new Error(`store ${storeId} has no settings`);
    return settings;
  }

  private tableSettingsReply(settings: repo.TableSettingsRow): TableSettings {
    return {
      requires_code: settings.requiresCode,
      service_fee_percent: settings.serviceFeePercent,
      require_in_app_payment: settings.requireInAppPayment,
    };
  }

  /** Tables with their QR addresses and the summary of their tab that is not closed. */
  private async staffTablesOf(store: StoreRef, tables: readonly repo.TableRow[]): Promise<StaffTable[]> {
    const { db } = this.deps;
    const tableIds = new Set(tables.map((table) => table.id));
    const [settings, allTabs] = await Promise.all([this.settingsOf(store.id), repo.openTabs(db, store.id)]);
    const tabs = allTabs.filter((tab) => tableIds.has(tab.tableId));
    const [rounds, calls] = await Promise.all([
      repo.roundsOf(
        db,
        store.id,
        tabs.map((tab) => tab.id),
      ),
      repo.waitingCalls(db, store.id, [...tableIds]),
    ]);
    const roundsByTab = groupBy(rounds, (round) => round.tabId);
    const tabByTable = new Map(tabs.map((tab) => [tab.tableId, tab]));
    const origin = this.deps.publicOrigin(store.slug);
    return tables.map((table): StaffTable => {
      const tab = tabByTable.get(table.id);
      const tabRounds = tab ? (roundsByTab.get(tab.id) ?? []) : [];
      const bill = calls.find((call) => call.tableId === table.id && call.kind === 'bill');
      return {
        id: table.id,
        ref: table.ref,
        description: table.description,
        ativo: table.ativo,
        links: tableLinks(origin, table),
        tab: tab
          ? {
              id: tab.id,
              status: statusOf(tab.status),
              aberta_em: iso(tab.openedAt),
              codigo: tab.code,
              rodadas: tabRounds.length,
              totais: totalsOf(tab, tabRounds, settings.serviceFeePercent),
              conta_pedida_em: isoOrNull(bill?.createdAt ?? null),
            }
          : null,
      };
    });
  }

  private async staffTableReply(store: StoreRef, table: repo.TableRow): Promise<StaffTable> {
    const [reply] = await this.staffTablesOf(store, [table]);
    return reply!;
  }

  /** GET /staff/tables */
  async tables(staff: StaffPrincipal, store: StoreRef): Promise<StaffTablesReply> {
    const { db } = this.deps;
    const [settings, tables, calls] = await Promise.all([
      this.settingsOf(staff.storeId),
      repo.listTables(db, staff.storeId),
      repo.waitingCalls(db, staff.storeId),
    ]);
    return {
      settings: this.tableSettingsReply(settings),
      tables: await this.staffTablesOf(store, tables),
      calls: calls.map(tableCallOf),
    };
  }

  /** POST /staff/tables: a new table, with a ref made from its name and a fresh token. */
  async createTable(staff: StaffPrincipal, store: StoreRef, description: string): Promise<StaffTable> {
    const name = description.trim();
    const table = await this.changeTables(staff.storeId, async (tx) => {
      if (await repo.descriptionTaken(tx, staff.storeId, name, null)) throw refuse.descriptionTaken(name);
      const ref = freeRef(refOfName(name), new Set(await repo.refsOf(tx, staff.storeId)));
      return repo.insertTable(tx, { storeId: staff.storeId, ref, description: name, token: newTableToken() });
    });
    return this.staffTableReply(store, table);
  }

  /** PATCH /staff/tables/{table}: rename, deactivate (not with a tab that is not closed) or reactivate. */
  async updateTable(
    staff: StaffPrincipal,
    store: StoreRef,
    id: number,
    body: { description?: string | undefined; ativo?: boolean | undefined },
  ): Promise<StaffTable> {
    const name = body.description?.trim();
    const table = await this.changeTables(staff.storeId, async (tx) => {
      const current = await repo.findTable(tx, staff.storeId, id);
      if (!current) throw refuse.tableNotFound();
      if (name !== undefined && (await repo.descriptionTaken(tx, staff.storeId, name, id))) {
        throw refuse.descriptionTaken(name);
      }
      // Locked: a round opening a tab now waits, and then finds the table inactive… or opened before.
      if (body.ativo === false && (await repo.lockOpenTabOf(tx, staff.storeId, id))) {
        throw refuse.tableHasOpenTab();
      }
      const change = {
        ...(name === undefined ? {} : { description: name }),
        ...(body.ativo === undefined ? {} : { ativo: body.ativo }),
      };
      return (await repo.updateTable(tx, staff.storeId, id, change))!;
    });
    return this.staffTableReply(store, table);
  }

  /** POST /staff/tables/{table}/rotate-token: the printed QR code stops working at once. */
  async rotateToken(staff: StaffPrincipal, store: StoreRef, id: number): Promise<StaffTable> {
    const table = await repo.updateTable(this.deps.db, staff.storeId, id, { token: newTableToken() });
    if (!table) throw refuse.tableNotFound();
    return this.staffTableReply(store, table);
  }

  /**
   * A change to the store's tables (the tables list the storefront reads is a menu reply): under
   * the store's table lock, with the menu version raised in the same transaction.
   */
  private async changeTables<T>(storeId: number, change: (tx: DbExecutor) => Promise<T>): Promise<T> {
    const result = await this.deps.db.transaction(async (tx) => {
      await repo.lockTableWrites(tx, storeId);
      const changed = await change(tx);
      await raiseMenuVersion(tx, storeId);
      return changed;
    });
    this.deps.menuCache.invalidate(storeId);
    return result;
  }

  /** PATCH /staff/tables/settings: the waiter's code and the service fee (what guests see and pay). */
  async updateSettings(
    staff: StaffPrincipal,
    body: { requires_code?: boolean | undefined; service_fee_percent?: number | undefined },
  ): Promise<TableSettings> {
    await this.deps.db.transaction(async (tx) => {
      await repo.updateTableSettings(tx, staff.storeId, {
        ...(body.requires_code === undefined ? {} : { mesaExigeCodigo: body.requires_code }),
        ...(body.service_fee_percent === undefined ? {} : { taxaServicoPerc: body.service_fee_percent }),
      });
      await raiseMenuVersion(tx, staff.storeId);
    });
    this.deps.menuCache.invalidate(staff.storeId);
    return this.tableSettingsReply(await this.settingsOf(staff.storeId));
  }

  /** GET /staff/tables/qr-sheet: one QR code per active table, with the store's look. */
  async qrSheet(staff: StaffPrincipal, store: StoreRef): Promise<TableQrSheetReply> {
    const { db } = this.deps;
    const [look, tables] = await Promise.all([
      repo.storeLookOf(db, staff.storeId),
      repo.listTables(db, staff.storeId),
    ]);
    const origin = this.deps.publicOrigin(store.slug);
    const active = tables.filter((table) => table.ativo);
    return {
      store: {
        nome: look?.nome ?? '',
        logo: look?.logo ?? null,
        primary_color: look?.primaryColor ?? '#000000',
      },
      tables: await Promise.all(
        active.map(async (table) => {
          const url = tableLinks(origin, table).local;
          return { id: table.id, description: table.description, url, qr: await qrSvgDataUrl(url) };
        }),
      ),
    };
  }

  // -------------------------------------------------------------------------------------------
  // The staff's tabs

  private async staffTabs(storeId: number, tabs: readonly repo.TabWithTable[]): Promise<StaffTab[]> {
    const [settings, parts] = await Promise.all([
      this.settingsOf(storeId),
      tabParts(this.deps.db, storeId, tabs),
    ]);
    return tabs.map((tab) => staffTabOf(tab, parts, settings.serviceFeePercent));
  }

  /** GET /staff/tabs/{id} */
  async tab(staff: StaffPrincipal, id: number): Promise<StaffTab> {
    const tab = await repo.findTab(this.deps.db, staff.storeId, id);
    if (!tab) throw refuse.tabNotFound();
    const [reply] = await this.staffTabs(staff.storeId, [tab]);
    return reply!;
  }

  /** GET /staff/tabs?status=…: open and closing tabs oldest first, then the last closed ones. */
  async tabs(
    staff: StaffPrincipal,
    statuses: readonly TabStatus[] = ['open', 'closing'],
  ): Promise<StaffTabListReply> {
    const { db } = this.deps;
    const wanted = new Set(statuses);
    const [open, closed] = await Promise.all([
      wanted.has('open') || wanted.has('closing') ? repo.openTabs(db, staff.storeId) : [],
      wanted.has('closed') ? repo.closedTabs(db, staff.storeId, CLOSED_TABS_LISTED) : [],
    ]);
    const tabs = [...open.filter((tab) => wanted.has(statusOf(tab.status))), ...closed];
    return { tabs: await this.staffTabs(staff.storeId, tabs) };
  }

  /**
   * POST /staff/tables/{table}/open: the staff opens a table's tab, with a fresh waiter's code when
   * the store opens its tables with one (guests give it with their first round).
   */
  async openTable(staff: StaffPrincipal, tableId: number): Promise<StaffTab> {
    const { db, now } = this.deps;
    const settings = await this.settingsOf(staff.storeId);
    const tab = await db.transaction(async (tx) => {
      const table = await repo.findTable(tx, staff.storeId, tableId);
      if (!table) throw refuse.tableNotFound();
      if (!table.ativo) throw refuse.inactiveTable();
      const opened = await repo.insertOpenTab(tx, {
        storeId: staff.storeId,
        tableId,
        openedAt: now(),
        openedBy: staff.staffId,
        code: settings.requiresCode ? newTableCode() : null,
      });
      if (!opened) throw refuse.tableAlreadyOpen();
      return opened;
    });
    return this.tab(staff, tab.id);
  }

  /**
   * POST /staff/tabs/{id}/close: fixes the bill (the rounds not cancelled, less what was paid in the
   * app, plus the service fee when asked) and its shares, split evenly or by items. Nothing to pay
   * closes the tab at once. The tab is locked: of two staff closing it at once, the second is 409.
   */
  async closeTab(staff: StaffPrincipal, id: number, body: TabCloseRequest): Promise<StaffTab> {
    const { db, now } = this.deps;
    const settings = await this.settingsOf(staff.storeId);
    await db.transaction(async (tx) => {
      const tab = await repo.lockTab(tx, staff.storeId, id);
      if (!tab) throw refuse.tabNotFound();
      if (tab.status !== 'open') throw refuse.tabNotOpen();
      const rounds = await repo.roundsOf(tx, staff.storeId, [id]);
      const percent = body.service_fee ? settings.serviceFeePercent : 0;
      const totals = tabTotals(rounds.map(tabRoundOf), percent);
      const at = now();
      const bill = {
        splitMode: body.split.mode,
        serviceFeePercent: percent,
        serviceFee: totals.serviceFee,
        amountDue: totals.total,
        at,
        by: staff.staffId,
      };
      if (totals.total === 0) {
        await repo.fixBill(tx, staff.storeId, id, { ...bill, status: 'closed' });
        return;
      }
      const shares = await this.sharesOfSplit(tx, staff.storeId, rounds, totals, body.split);
      await repo.fixBill(tx, staff.storeId, id, { ...bill, status: 'closing' });
      await repo.insertShares(
        tx,
        shares.map((share, index) => ({
          storeId: staff.storeId,
          tabId: id,
          seq: index + 1,
          amount: share.amount,
          serviceFee: share.serviceFee,
          lineIds: share.lineIds,
        })),
      );
    });
    return this.tab(staff, id);
  }

  /** The shares of a split: even, or by the lines of the rounds paid at the table. */
  private async sharesOfSplit(
    tx: DbExecutor,
    storeId: number,
    rounds: readonly repo.RoundRow[],
    totals: { due: number; serviceFee: number },
    split: TabCloseRequest['split'],
  ): Promise<(TabShare & { lineIds: number[] })[]> {
    if (split.mode === 'even') {
      return splitEvenly(totals, split.people).map((share) => ({ ...share, lineIds: [] }));
    }
    const payable = rounds.filter((round) => round.status !== 'Cancelado' && !round.paidOnline);
    const lines = await repo.linesOf(
      tx,
      storeId,
      payable.map((round) => round.orderId),
    );
    const result = splitByItems(
      totals,
      lines.map((line) => ({ id: line.id, value: line.valorTotal })),
      split.shares,
    );
    if (!result.ok) {
      throw splitInvalid(result, (lineId) => lines.find((line) => line.id === lineId)?.descricaoProduto);
    }
    return result.shares.map((share, index) => ({ ...share, lineIds: [...split.shares[index]!] }));
  }

  /**
   * POST /staff/tabs/{id}/shares/{share}/paid: a share paid at the counter. When every share is
   * paid, the tab is closed.
   */
  async markSharePaid(
    staff: StaffPrincipal,
    tabId: number,
    shareId: number,
    method: string,
  ): Promise<StaffTab> {
    const { db, now } = this.deps;
    await db.transaction(async (tx) => {
      const tab = await repo.lockTab(tx, staff.storeId, tabId);
      if (!tab) throw refuse.tabNotFound();
      const share = await repo.findShare(tx, staff.storeId, tabId, shareId);
      if (!share) throw refuse.shareNotFound();
      const paid = await settleShare(tx, share, {
        at: now(),
        by: staff.staffId,
        method: method.trim(),
        online: null,
      });
      if (!paid) throw refuse.shareAlreadyPaid();
    });
    // A PIX or card attempt a guest opened for this share is cancelled at the provider (after the
    // commit: never a network call in a transaction); a payment that won that race is kept and
    // flagged for a refund.
    await this.dropPendingPayments(staff.storeId, shareId);
    return this.tab(staff, tabId);
  }

  /** POST /staff/tables/calls/{id}/ack: idempotent; the first acknowledgement goes to the staff streams. */
  async acknowledgeCall(staff: StaffPrincipal, id: number): Promise<TableCall> {
    const { db, now } = this.deps;
    return db.transaction(async (tx) => {
      const acknowledged = await repo.acknowledgeCall(tx, staff.storeId, id, {
        at: now(),
        by: staff.staffId,
      });
      const row = await repo.findCall(tx, staff.storeId, id);
      if (!row) throw refuse.callNotFound();
      const call = tableCallOf(row);
      if (acknowledged) {
        await this.deps.events.publishStaff(tx, {
          storeId: staff.storeId,
          name: TABLE_CALL_EVENT,
          data: call,
        });
      }
      return call;
    });
  }
}

/** A table's ref from its name: 'Balcão 1' → 'balcao-1' (the store document's ref format). */
export function refOfName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/, '');
  return slug || 'mesa';
}

/** The ref itself when free, else with the first free suffix: 'mesa-3', 'mesa-3-2', 'mesa-3-3'… */
export function freeRef(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
