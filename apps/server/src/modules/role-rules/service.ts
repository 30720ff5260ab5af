import type {
  ApprovalCodeUpdate,
  CancelRequest,
  CancelRequestCreate,
  CancelRequestsReply,
  CancelWithCodeRequest,
  RoleRulesReply,
  RoleRulesUpdateRequest,
  StaffNoticesReply,
  StaffOrder,
} from '@comanda/contract';
import {
  CAPABILITIES,
  type CapabilityOverrides,
  type CapabilityRule,
  cancelNeedsApproval,
  canTransition,
  effectiveOverrides,
  FINAL_ORDER_STATUSES,
  isOrderStatus,
  MOVABLE_CAPABILITIES,
  mayApproveCancel,
  overrideRefusal,
  roleNeededFor,
  type StaffRole,
} from '@comanda/domain';
import { and, asc, desc, eq, inArray, isNull, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client.ts';
import {
  cancelRequests,
  customers,
  orders,
  payments,
  staffAccounts,
  staffApprovalCodes,
  staffNoticeDismissals,
  staffNotices,
  storeAuditLog,
  stores,
  tabSharePayments,
  tabShares,
} from '../../db/schema.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { hashing, hashPassword, type ScryptCost, verifyPassword } from '../../lib/password.ts';
import { capabilityOverridesOf, type StaffPrincipal } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { OrderTrackingService } from '../order-tracking/index.ts';
import { orderInClosedRegister } from '../registers/index.ts';
import { ROLE_LIMITS } from './limits.ts';

/*
 * Role rules for money (issue 33, docs/decisions/0059): the store's own roles within the table's
 * ranges, the owner's password before the PIX key or the provider changes and the owners' notices
 * of it, and the approval a member needs to cancel an order paid online.
 */

export interface RoleRulesDeps {
  db: Database;
  now: () => Date;
  limiter: RateLimiter;
  passwordCost: ScryptCost;
  events: OrderEvents;
  orderTracking: OrderTrackingService;
}

export type NoticeKind = 'pix_key' | 'payment_provider';

const ownerPasswordRequired = () =>
  new AppError('forbidden', 'OWNER_PASSWORD_REQUIRED', 'Confirme com a sua senha de dono para mudar isto.', {
    field: 'owner_password',
  });
const ownerPasswordWrong = () =>
  new AppError('forbidden', 'OWNER_PASSWORD_WRONG', 'Senha incorreta. Nada foi alterado.', {
    field: 'owner_password',
  });
const approvalCodeWrong = () =>
  new AppError('forbidden', 'APPROVAL_CODE_WRONG', 'Código de aprovação incorreto.', {
    field: 'approval_code',
  });
const passwordWrong = () =>
  new AppError('forbidden', 'PASSWORD_WRONG', 'Senha incorreta.', { field: 'password' });
const requestNotFound = () => notFound('CANCEL_REQUEST_NOT_FOUND', 'Pedido de cancelamento não encontrado.');
const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Pedido não encontrado.');
const noticeNotFound = () => notFound('NOTICE_NOT_FOUND', 'Aviso não encontrado.');

const ROLE_REFUSALS: Record<string, string> = {
  UNKNOWN_CAPABILITY: 'Esta permissão não existe.',
  UNKNOWN_ROLE: 'Função desconhecida: use atendente, gerente ou dono.',
  NOT_MOVABLE: 'Esta permissão é a mesma em todas as lojas.',
  OUT_OF_RANGE: 'Esta função está fora do que a loja pode escolher para esta permissão.',
};

export class RoleRulesService {
  constructor(private readonly deps: RoleRulesDeps) {}

  // -------------------------------------------------------------------------------------------
  // The store's own roles

  /** GET /staff/roles */
  async rules(staff: StaffPrincipal): Promise<RoleRulesReply> {
    return rulesReply(await capabilityOverridesOf(this.deps.db, staff.storeId));
  }

  /** PUT /staff/roles: all or nothing; the change history records it. */
  async setRules(staff: StaffPrincipal, body: RoleRulesUpdateRequest): Promise<RoleRulesReply> {
    for (const [capability, role] of Object.entries(body.overrides)) {
      const refusal = overrideRefusal(capability, role);
      if (refusal) throw invalid(refusal, ROLE_REFUSALS[refusal]!, `overrides.${capability}`);
    }
    // A rule set to its default role is no override at all.
    const next: Record<string, StaffRole> = {};
    for (const [capability, role] of Object.entries(body.overrides)) {
      if (CAPABILITIES[capability as keyof typeof CAPABILITIES].lowest !== role)
        next[capability] = role as StaffRole;
    }
    const { db, now } = this.deps;
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ overrides: stores.capabilityOverrides, menuVersion: stores.menuVersion })
        .from(stores)
        .where(eq(stores.id, staff.storeId))
        .for('update');
      if (!row) throw notFound('STORE_NOT_FOUND', 'Loja não encontrada.');
      const before = effectiveOverrides(row.overrides);
      if (JSON.stringify(sorted(before)) === JSON.stringify(sorted(next))) return next;
      await tx.update(stores).set({ capabilityOverrides: next }).where(eq(stores.id, staff.storeId));
      await tx.insert(storeAuditLog).values({
        storeId: staff.storeId,
        staffId: staff.staffId,
        at: now(),
        section: 'roles',
        menuVersion: row.menuVersion,
        before,
        after: next,
      });
      return next;
    });
    return rulesReply(saved);
  }

  /** The store's rules as they apply (for GET /staff/me). */
  async effectiveRules(storeId: number): Promise<Partial<Record<string, StaffRole>>> {
    return effectiveOverrides(await capabilityOverridesOf(this.deps.db, storeId));
  }

  // -------------------------------------------------------------------------------------------
  // The owner's password, and the owners' notices

  /**
   * An owner's action confirmed with their own password: 403 OWNER_PASSWORD_REQUIRED without it,
   * 403 OWNER_PASSWORD_WRONG (counted, back-off like the sign-in's) when it is not theirs.
   */
  async confirmOwnerPassword(staff: StaffPrincipal, password: string | undefined): Promise<void> {
    if (!password) throw ownerPasswordRequired();
    if (!(await this.checkOwnPassword(staff, password))) throw ownerPasswordWrong();
  }

  private async checkOwnPassword(staff: StaffPrincipal, password: string): Promise<boolean> {
    const { db, limiter, now } = this.deps;
    const subject = `staff:${staff.staffId}`;
    await limiter.beginAttempt(staff.storeId, ROLE_LIMITS.ownerPassword, subject, now());
    const [row] = await db
      .select({ hash: staffAccounts.passwordHash })
      .from(staffAccounts)
      .where(
        and(
          eq(staffAccounts.storeId, staff.storeId),
          eq(staffAccounts.id, staff.staffId),
          isNull(staffAccounts.removedAt),
        ),
      );
    const ok = row ? await hashing(verifyPassword(password, row.hash)) : false;
    if (ok) await limiter.clear(staff.storeId, ROLE_LIMITS.ownerPassword, subject);
    return ok;
  }

  /** A notice to every owner of the store, in the transaction of the change it tells. */
  async announce(
    tx: DbExecutor,
    staff: StaffPrincipal,
    kind: NoticeKind,
    detail: { before: string | null; after: string | null },
    at: Date,
  ): Promise<void> {
    await tx
      .insert(staffNotices)
      .values({ storeId: staff.storeId, kind, staffId: staff.staffId, at, detail });
  }

  /** GET /staff/notices: the owner's notices not dismissed yet, newest first (at most 20). */
  async notices(staff: StaffPrincipal): Promise<StaffNoticesReply> {
    const { db } = this.deps;
    const rows = await db
      .select({
        id: staffNotices.id,
        kind: staffNotices.kind,
        at: staffNotices.at,
        detail: staffNotices.detail,
        nome: staffAccounts.nome,
      })
      .from(staffNotices)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffNotices.staffId))
      .where(
        and(
          eq(staffNotices.storeId, staff.storeId),
          notExists(
            db
              .select({ one: sql`1` })
              .from(staffNoticeDismissals)
              .where(
                and(
                  eq(staffNoticeDismissals.noticeId, staffNotices.id),
                  eq(staffNoticeDismissals.staffId, staff.staffId),
                ),
              ),
          ),
        ),
      )
      .orderBy(desc(staffNotices.id))
      .limit(20);
    return {
      time_zone: await timeZoneOf(db, staff.storeId),
      notices: rows.map((row) => ({
        id: row.id,
        kind: row.kind as NoticeKind,
        staff_nome: row.nome,
        at: row.at.toISOString(),
        before: row.detail.before,
        after: row.detail.after,
      })),
    };
  }

  /** POST /staff/notices/{id}/dismiss: for this owner only; again is fine. */
  async dismiss(staff: StaffPrincipal, id: number): Promise<void> {
    const { db, now } = this.deps;
    const [notice] = await db
      .select({ id: staffNotices.id })
      .from(staffNotices)
      .where(and(eq(staffNotices.storeId, staff.storeId), eq(staffNotices.id, id)));
    if (!notice) throw noticeNotFound();
    await db
      .insert(staffNoticeDismissals)
      .values({ noticeId: id, staffId: staff.staffId, at: now() })
      .onConflictDoNothing();
  }

  // -------------------------------------------------------------------------------------------
  // Cancels that need approval

  /** The cancel rule the order tracking asks, with the order locked (OrderTrackingService.onCancelRule). */
  readonly cancelRule = async (tx: DbExecutor, staff: StaffPrincipal, orderId: number): Promise<boolean> => {
    const storeOverrides = await capabilityOverridesOf(tx, staff.storeId);
    // Cheap first: a member who may cancel anything paid never needs the payments read.
    if (
      !cancelNeedsApproval({ role: staff.role, paidOnline: true, inClosedRegister: true, storeOverrides })
    ) {
      return false;
    }
    return cancelNeedsApproval({
      role: staff.role,
      paidOnline: await paidOnline(tx, staff.storeId, orderId),
      inClosedRegister: await orderInClosedRegister(tx, staff.storeId, orderId),
      storeOverrides,
    });
  };

  /** PUT /staff/me/approval-code: the member's own code, confirmed with their password. */
  async setApprovalCode(staff: StaffPrincipal, body: ApprovalCodeUpdate): Promise<void> {
    if (!(await this.checkOwnPassword(staff, body.password))) throw passwordWrong();
    const { db, now, passwordCost } = this.deps;
    const codeHash = await hashing(hashPassword(body.code, passwordCost));
    const at = now();
    await db
      .insert(staffApprovalCodes)
      .values({ staffId: staff.staffId, storeId: staff.storeId, codeHash, updatedAt: at })
      .onConflictDoUpdate({ target: staffApprovalCodes.staffId, set: { codeHash, updatedAt: at } });
  }

  /** Whether the member has set an approval code. */
  async hasApprovalCode(staff: StaffPrincipal): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: staffApprovalCodes.staffId })
      .from(staffApprovalCodes)
      .where(
        and(eq(staffApprovalCodes.storeId, staff.storeId), eq(staffApprovalCodes.staffId, staff.staffId)),
      );
    return row !== undefined;
  }

  /**
   * The manager or owner whose code this is (one who may approve in the store now, not the member
   * asking); 403 APPROVAL_CODE_WRONG otherwise, counted per member and per store.
   */
  private async approverOfCode(staff: StaffPrincipal, code: string): Promise<number> {
    const { db, limiter, now } = this.deps;
    const member = `staff:${staff.staffId}`;
    await limiter.beginAttempt(staff.storeId, ROLE_LIMITS.approvalCodePerMember, member, now());
    await limiter.beginAttempt(staff.storeId, ROLE_LIMITS.approvalCodePerStore, 'all', now());
    const storeOverrides = await capabilityOverridesOf(db, staff.storeId);
    const holders = await db
      .select({ id: staffAccounts.id, role: staffAccounts.role, hash: staffApprovalCodes.codeHash })
      .from(staffApprovalCodes)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffApprovalCodes.staffId))
      .where(
        and(
          eq(staffApprovalCodes.storeId, staff.storeId),
          eq(staffAccounts.storeId, staff.storeId),
          isNull(staffAccounts.removedAt),
          ne(staffAccounts.id, staff.staffId),
        ),
      )
      .orderBy(asc(staffAccounts.id));
    // One hash at a time: a store with many managers waits, it does not fill the hashing queue.
    for (const holder of holders) {
      if (!mayApproveCancel(holder.role as StaffRole, storeOverrides)) continue;
      if (await hashing(verifyPassword(code, holder.hash))) {
        await limiter.clear(staff.storeId, ROLE_LIMITS.approvalCodePerMember, member);
        await limiter.forgive(staff.storeId, ROLE_LIMITS.approvalCodePerStore, 'all', now());
        return holder.id;
      }
    }
    throw approvalCodeWrong();
  }

  /** POST /staff/orders/{id}/cancel-with-code: the cancel, approved by the code's manager. */
  async cancelWithCode(
    staff: StaffPrincipal,
    orderId: number,
    body: CancelWithCodeRequest,
  ): Promise<StaffOrder> {
    const approver = await this.approverOfCode(staff, body.approval_code);
    return this.deps.orderTracking.changeStatus(
      staff,
      orderId,
      { status: 'Cancelado', reason: body.reason },
      {
        approved: true,
        inTransaction: async (tx, at) => {
          const [row] = await tx
            .insert(cancelRequests)
            .values({
              storeId: staff.storeId,
              orderId,
              askedBy: staff.staffId,
              reason: body.reason.trim(),
              at,
              status: 'approved',
              decidedBy: approver,
              decidedAt: at,
            })
            .returning({ id: cancelRequests.id });
          // A request still pending for it is settled by this cancel too.
          await tx
            .update(cancelRequests)
            .set({ status: 'approved', decidedBy: approver, decidedAt: at })
            .where(
              and(
                eq(cancelRequests.storeId, staff.storeId),
                eq(cancelRequests.orderId, orderId),
                eq(cancelRequests.status, 'pending'),
              ),
            );
          await this.publish(tx, staff.storeId, row!.id, orderId, 'approved');
        },
      },
    );
  }

  /** POST /staff/orders/{id}/cancel-requests */
  async ask(staff: StaffPrincipal, orderId: number, body: CancelRequestCreate): Promise<CancelRequest> {
    const reason = body.reason.trim();
    if (!reason) throw invalid('CANCEL_REASON_REQUIRED', 'Informe o motivo do cancelamento.', 'reason');
    const { db, now } = this.deps;
    const id = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.storeId, staff.storeId), eq(orders.id, orderId)))
        .for('update');
      if (!order) throw orderNotFound();
      if (!isOrderStatus(order.status) || !canTransition(order.status, 'Cancelado')) {
        throw new AppError('conflict', 'ORDER_NOT_CANCELLABLE', 'Este pedido não pode mais ser cancelado.', {
          currentStatus: order.status,
        });
      }
      if (!(await this.cancelRule(tx, staff, orderId))) {
        throw new AppError(
          'conflict',
          'CANCEL_NO_APPROVAL_NEEDED',
          'Você pode cancelar este pedido sem aprovação.',
        );
      }
      const [row] = await tx
        .insert(cancelRequests)
        .values({ storeId: staff.storeId, orderId, askedBy: staff.staffId, reason, at: now() })
        .onConflictDoNothing()
        .returning({ id: cancelRequests.id });
      if (!row) {
        throw new AppError(
          'conflict',
          'CANCEL_REQUEST_PENDING',
          'Já há um pedido de cancelamento esperando um gerente para este pedido.',
        );
      }
      await this.publish(tx, staff.storeId, row.id, orderId, 'pending');
      return row.id;
    });
    return (await this.requestRows(staff.storeId, [id]))[0]!;
  }

  /** GET /staff/cancel-requests: the pending ones, oldest first, then the last 10 decided. */
  async requests(staff: StaffPrincipal): Promise<CancelRequestsReply> {
    const { db } = this.deps;
    // A request whose order was cancelled or delivered meanwhile waits for nothing: left out.
    const pending = await db
      .select({ id: cancelRequests.id })
      .from(cancelRequests)
      .innerJoin(orders, eq(orders.id, cancelRequests.orderId))
      .where(
        and(
          eq(cancelRequests.storeId, staff.storeId),
          eq(cancelRequests.status, 'pending'),
          notInArray(orders.status, [...FINAL_ORDER_STATUSES]),
        ),
      )
      .orderBy(asc(cancelRequests.id))
      .limit(50);
    const decided = await db
      .select({ id: cancelRequests.id })
      .from(cancelRequests)
      .where(and(eq(cancelRequests.storeId, staff.storeId), ne(cancelRequests.status, 'pending')))
      .orderBy(desc(cancelRequests.id))
      .limit(10);
    const ids = [...pending, ...decided].map((row) => row.id);
    const rows = await this.requestRows(staff.storeId, ids);
    return { time_zone: await timeZoneOf(db, staff.storeId), requests: rows };
  }

  /** POST /staff/cancel-requests/{id}/approve and /deny: a manager or owner decides. */
  async decide(staff: StaffPrincipal, id: number, approve: boolean): Promise<CancelRequest> {
    const { db, now } = this.deps;
    const [request] = await db
      .select({
        orderId: cancelRequests.orderId,
        reason: cancelRequests.reason,
        status: cancelRequests.status,
      })
      .from(cancelRequests)
      .where(and(eq(cancelRequests.storeId, staff.storeId), eq(cancelRequests.id, id)));
    if (!request) throw requestNotFound();
    if (request.status !== 'pending') throw decidedAlready();
    const settle = async (tx: DbExecutor, at: Date) => {
      const updated = await tx
        .update(cancelRequests)
        .set({ status: approve ? 'approved' : 'denied', decidedBy: staff.staffId, decidedAt: at })
        .where(
          and(
            eq(cancelRequests.storeId, staff.storeId),
            eq(cancelRequests.id, id),
            eq(cancelRequests.status, 'pending'),
          ),
        )
        .returning({ id: cancelRequests.id });
      if (updated.length === 0) throw decidedAlready();
      await this.publish(tx, staff.storeId, id, request.orderId, approve ? 'approved' : 'denied');
    };
    if (approve) {
      // The cancel a manager makes today, with its refund through the provider once committed.
      await this.deps.orderTracking.changeStatus(
        staff,
        request.orderId,
        { status: 'Cancelado', reason: request.reason },
        { approved: true, inTransaction: settle },
      );
    } else {
      await db.transaction((tx) => settle(tx, now()));
    }
    return (await this.requestRows(staff.storeId, [id]))[0]!;
  }

  private async publish(
    tx: DbExecutor,
    storeId: number,
    id: number,
    orderId: number,
    status: CancelRequest['status'],
  ): Promise<void> {
    await this.deps.events.publishStaff(tx, {
      storeId,
      name: 'cancel_request',
      data: { id, order_id: orderId, status },
    });
  }

  private async requestRows(storeId: number, ids: number[]): Promise<CancelRequest[]> {
    if (ids.length === 0) return [];
    const asker = alias(staffAccounts, 'asker');
    const decider = alias(staffAccounts, 'decider');
    const rows = await this.deps.db
      .select({
        id: cancelRequests.id,
        orderId: cancelRequests.orderId,
        numero: orders.numero,
        total: orders.total,
        customer: customers.nome,
        askedById: asker.id,
        askedByNome: asker.nome,
        reason: cancelRequests.reason,
        at: cancelRequests.at,
        status: cancelRequests.status,
        decidedById: decider.id,
        decidedByNome: decider.nome,
        decidedAt: cancelRequests.decidedAt,
      })
      .from(cancelRequests)
      .innerJoin(orders, eq(orders.id, cancelRequests.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(asker, eq(asker.id, cancelRequests.askedBy))
      .leftJoin(decider, eq(decider.id, cancelRequests.decidedBy))
      .where(and(eq(cancelRequests.storeId, storeId), inArray(cancelRequests.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids
      .map((id) => byId.get(id))
      .filter((row) => row !== undefined)
      .map((row) => ({
        id: row.id,
        order_id: row.orderId,
        numero: row.numero,
        order_total: row.total,
        customer_nome: firstName(row.customer),
        asked_by: { id: row.askedById, nome: row.askedByNome },
        reason: row.reason,
        at: row.at.toISOString(),
        status: row.status as CancelRequest['status'],
        decided_by:
          row.decidedById !== null && row.decidedByNome !== null
            ? { id: row.decidedById, nome: row.decidedByNome }
            : null,
        decided_at: row.decidedAt?.toISOString() ?? null,
      }));
  }
}

const decidedAlready = () =>
  new AppError('conflict', 'CANCEL_REQUEST_DECIDED', 'Este pedido de cancelamento já foi decidido.');

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] ?? nome;

const sorted = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

function rulesReply(stored: CapabilityOverrides): RoleRulesReply {
  return {
    rules: MOVABLE_CAPABILITIES.map((capability) => {
      const rule = CAPABILITIES[capability] as CapabilityRule;
      return {
        capability,
        lowest: rule.lowest,
        from: rule.movable!.from,
        to: rule.movable!.to,
        role: roleNeededFor(capability, stored),
      };
    }),
  };
}

async function timeZoneOf(db: DbExecutor, storeId: number): Promise<string> {
  const [row] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, storeId));
  return row?.timeZone ?? 'America/Sao_Paulo';
}

/**
 * Whether money was paid online for the order: a payment of it paid at the provider (not given back),
 * or a share of its table's tab paid in the app.
 */
export async function paidOnline(tx: DbExecutor, storeId: number, orderId: number): Promise<boolean> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.orderId, orderId), eq(payments.status, 'paid')))
    .limit(1);
  if (paid) return true;
  const [order] = await tx
    .select({ tabId: orders.tabId })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!order?.tabId) return false;
  const [share] = await tx
    .select({ id: tabSharePayments.id })
    .from(tabSharePayments)
    .innerJoin(tabShares, eq(tabShares.id, tabSharePayments.shareId))
    .where(
      and(
        eq(tabSharePayments.storeId, storeId),
        eq(tabShares.tabId, order.tabId),
        eq(tabSharePayments.status, 'paid'),
      ),
    )
    .limit(1);
  return share !== undefined;
}
