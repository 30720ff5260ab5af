import type { LedgerCheckReply, LedgerException, LedgerExceptionKind } from '@comanda/contract';
import { storeDayBounds, storeLocalTime } from '@comanda/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { storeTimeZone } from '../../lib/store-time-zone.ts';
import { onlineTakingsOf } from '../ledger/index.ts';
import type { ChargeOwner, OwnedAttempt, PaymentProviders } from './ports.ts';
import type { ListedCharge, ProviderKind } from './providers/provider.ts';
import * as repo from './repository.ts';
import type { StrayCharges, StrayRow } from './stray-charges.ts';

/*
 * The ledger check (docs/decisions/0037): every charge the store's provider holds for a period is
 * read from the provider and must map to exactly one of: a released order (its payment paid with
 * that charge), a paid table share, or a recorded refund (a refunded payment, or a stray charge
 * given back). A charge that never held money maps to nothing. Everything else is an exception
 * for a person, with what to look at. A charge with money that carries one of our references and
 * that we never recorded (the server stopped between the provider's answer and our write) is
 * recorded and given back by the check itself.
 */

export interface LedgerCheckDeps {
  db: Database;
  now: () => Date;
  providers: PaymentProviders;
  strays: StrayCharges;
  owners: () => readonly ChargeOwner[];
  log: FastifyBaseLogger;
}

const EXCEPTION_TEXT: Record<LedgerExceptionKind, string> = {
  kept_without_order:
    'O provedor ficou com o dinheiro, mas nenhum pedido foi liberado por ele e nada foi devolvido.',
  refund_pending: 'A devolução ainda não foi feita no provedor; o sistema tenta de novo sozinho.',
  refund_by_hand: 'Este valor precisa ser devolvido à mão pela loja.',
  refund_unrecorded: 'O provedor devolveu este valor, mas o pedido continua como pago aqui.',
  paid_here_only: 'Consta como pago aqui, mas o provedor não mostra este pagamento.',
  amount_differs: 'O valor pago no provedor não é o valor do pedido.',
  unknown_charge: 'Cobrança que não foi feita pelo Comanda.',
  given_back_now: 'Cobrança sem registro aqui, encontrada nesta conferência e devolvida.',
  takings_differ: 'O valor nas vendas da loja não é o que o provedor ficou por este pagamento.',
};

/** The instants of a store-local day ('YYYY-MM-DD') in the store's time zone. */
export function storeDay(date: string, timeZone: string): { from: Date; to: Date } {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  // A day that rolls over (2026-02-31) is not one.
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== date) {
    throw new AppError('invalid', 'INVALID_DATE', 'Informe uma data válida (AAAA-MM-DD).', { field: 'date' });
  }
  return storeDayBounds(date, timeZone);
}

/** The table share an attempt of the tables module paid for ('share:12'), if it is one. */
const shareOf = (attempt: OwnedAttempt | undefined): number | null => {
  const match = attempt ? /^share:(\d+)$/.exec(attempt.label) : null;
  return match ? Number(match[1]) : null;
};

const heldBy = (charge: ListedCharge) =>
  charge.status === 'paid' || charge.status === 'refunded' ? (charge.paidAmount ?? charge.amount) : 0;

export class LedgerCheck {
  constructor(private readonly deps: LedgerCheckDeps) {}

  /** A store-local day ('YYYY-MM-DD') of the store, in its own time zone. */
  async checkDay(storeId: number, date: string): Promise<LedgerCheckReply> {
    const timeZone = await storeTimeZone(this.deps.db, storeId);
    return this.check(storeId, storeDay(date, timeZone), date);
  }

  /**
   * The ledger job's round: yesterday and today (store time) of every store with a provider that
   * lists its charges, so unrecorded money is given back and exceptions reach the log within the hour.
   */
  async checkRecentDays(): Promise<{ stores: number; exceptions: number }> {
    const { db, now, log } = this.deps;
    let stores = 0;
    let exceptions = 0;
    for (const storeId of await repo.storesWithProvider(db)) {
      const timeZone = await storeTimeZone(db, storeId);
      const today = storeLocalTime(now(), timeZone).dateISO;
      const yesterday = storeLocalTime(new Date(now().getTime() - 24 * 3600_000), timeZone).dateISO;
      for (const date of [yesterday, today]) {
        const report = await this.check(storeId, storeDay(date, timeZone), date);
        if (!report.available) continue;
        stores += 1;
        exceptions += report.exceptions.length;
        if (report.exceptions.length > 0) {
          log.warn(
            { storeId, date, exceptions: report.exceptions.map((e) => [e.kind, e.provider_ref]) },
            'ledger check: charges that do not add up',
          );
        }
      }
    }
    return { stores, exceptions };
  }

  /** Checks one store's provider for a period; `giveBack` lets it return unrecorded money (the job, the staff). */
  async check(storeId: number, period: { from: Date; to: Date }, date: string): Promise<LedgerCheckReply> {
    const { db, log } = this.deps;
    const empty = {
      date,
      charges: 0,
      orders: 0,
      shares: 0,
      refunds: 0,
      unpaid: 0,
      received: 0,
      recorded: 0,
      exceptions: [],
    };
    const store = await this.deps.providers.forStore(storeId);
    if (!store?.provider.listCharges) return { ...empty, provider: store?.kind ?? null, available: false };
    let listed: ListedCharge[];
    try {
      listed = await store.provider.listCharges(period);
    } catch (error) {
      log.warn({ storeId, reason: (error as Error).message }, 'ledger check: the provider could not be read');
      return { ...empty, provider: store.kind, available: false };
    }
    const kind = store.kind;
    const refs = listed.map((charge) => charge.providerRef);
    const references = [...new Set(listed.flatMap((charge) => (charge.reference ? [charge.reference] : [])))];
    const [payments, strays, owned] = await Promise.all([
      repo.ledgerPayments(db, storeId, kind, {
        providerRefs: refs,
        references,
        paidFrom: period.from,
        paidTo: period.to,
      }),
      this.deps.strays.byProviderRefs(storeId, kind, refs),
      this.ownedAttempts(storeId, kind, refs, references),
    ]);
    const paymentByRef = new Map(
      payments.flatMap((p) => (p.providerRef ? [[p.providerRef, p] as const] : [])),
    );
    const strayByRef = new Map(strays.map((row) => [row.providerRef, row]));
    const ownedByRef = new Map(owned.flatMap((o) => (o.providerRef ? [[o.providerRef, o] as const] : [])));
    const ourReferences = new Set([...payments.map((p) => p.reference), ...owned.map((o) => o.reference)]);

    const reply: LedgerCheckReply = { ...empty, provider: kind, available: true, charges: listed.length };
    const exception = (charge: ListedCharge, kindOf: LedgerExceptionKind, orderId: number | null = null) => {
      const entry: LedgerException = {
        kind: kindOf,
        provider_ref: charge.providerRef,
        amount: heldBy(charge) || charge.amount,
        order_id: orderId,
        created_at: charge.createdAt.toISOString(),
        detail: EXCEPTION_TEXT[kindOf],
      };
      reply.exceptions.push(entry);
    };

    // What the provider kept per order and per share, to be found in the store's takings.
    const keptByOrder = new Map<number, { kept: number; charge: ListedCharge }>();
    const keptByShare = new Map<number, { kept: number; charge: ListedCharge }>();
    for (const charge of listed) {
      const held = heldBy(charge);
      const refundedAll = held > 0 && charge.refundedAmount >= held;
      const kept = Math.max(0, held - charge.refundedAmount);
      const ownerPayment = paymentByRef.get(charge.providerRef);
      const ownerShare = shareOf(ownedByRef.get(charge.providerRef));
      if (held > 0 && !strayByRef.has(charge.providerRef)) {
        if (ownerPayment) keptByOrder.set(ownerPayment.orderId, { kept, charge });
        else if (ownerShare !== null) keptByShare.set(ownerShare, { kept, charge });
      }
      const stray = strayByRef.get(charge.providerRef);
      const payment = paymentByRef.get(charge.providerRef);
      const attempt = ownedByRef.get(charge.providerRef);
      if (held === 0) {
        reply.unpaid += 1;
        if (payment?.status === 'paid') exception(charge, 'paid_here_only', payment.orderId);
        else if (attempt?.status === 'paid' && !stray) exception(charge, 'paid_here_only');
        continue;
      }
      if (stray) {
        this.strayVerdict(charge, stray, refundedAll, reply, exception);
        continue;
      }
      if (payment) {
        if (refundedAll) {
          if (payment.status === 'refunded') reply.refunds += 1;
          else exception(charge, 'refund_unrecorded', payment.orderId);
        } else if (payment.status === 'paid' && payment.orderReleased) {
          if (held !== payment.amount) exception(charge, 'amount_differs', payment.orderId);
          else reply.orders += 1;
        } else if (payment.needsManualRefund) {
          exception(charge, 'refund_by_hand', payment.orderId);
        } else if (payment.status === 'paid' || payment.status === 'canceled') {
          // Paid, then cancelled by the store: its refund is on its way (the payments job retries).
          exception(
            charge,
            payment.status === 'canceled' ? 'refund_pending' : 'kept_without_order',
            payment.orderId,
          );
        } else {
          exception(charge, 'kept_without_order', payment.orderId);
        }
        continue;
      }
      if (attempt) {
        if (refundedAll) exception(charge, 'refund_unrecorded');
        else if (attempt.status === 'paid') {
          if (held !== attempt.amount) exception(charge, 'amount_differs');
          else reply.shares += 1;
        } else exception(charge, 'kept_without_order');
        continue;
      }
      if (refundedAll) {
        // Given back already, by someone: nothing is owed, but nothing here records it either.
        exception(
          charge,
          charge.reference && ourReferences.has(charge.reference) ? 'refund_unrecorded' : 'unknown_charge',
        );
        continue;
      }
      if (charge.reference && ourReferences.has(charge.reference)) {
        const owner = payments.find((p) => p.reference === charge.reference);
        const share = owned.find((o) => o.reference === charge.reference);
        const given = await this.deps.strays.giveBack({
          storeId,
          provider: kind,
          providerRef: charge.providerRef,
          reference: charge.reference,
          paymentId: owner?.id ?? null,
          sharePaymentId: share?.id ?? null,
          reason: 'unrecorded',
          amount: held,
        });
        exception(
          charge,
          given.status === 'refunded' ? 'given_back_now' : 'refund_pending',
          owner?.orderId ?? null,
        );
        continue;
      }
      exception(charge, 'unknown_charge');
    }

    const takings = await onlineTakingsOf(db, storeId, {
      orderIds: [...keptByOrder.keys()],
      shareIds: [...keptByShare.keys()],
    });
    const compare = (
      kept: Map<number, { kept: number; charge: ListedCharge }>,
      recorded: Map<number, number>,
      isOrder: boolean,
    ) => {
      for (const [id, { kept: amount, charge }] of kept) {
        const inTakings = recorded.get(id) ?? 0;
        reply.received += amount;
        reply.recorded += inTakings;
        if (inTakings === amount) continue;
        // Listed already as a refund to make or money without an order: one line per charge.
        if (reply.exceptions.some((e) => e.provider_ref === charge.providerRef)) continue;
        exception(charge, 'takings_differ', isOrder ? id : null);
      }
    };
    compare(keptByOrder, takings.byOrder, true);
    compare(keptByShare, takings.byShare, false);

    // Paid here within the period, absent from the provider's list.
    const listedRefs = new Set(refs);
    for (const payment of payments) {
      if (payment.status !== 'paid' || !payment.providerRef || listedRefs.has(payment.providerRef)) continue;
      if (!payment.paidAt || payment.paidAt < period.from || payment.paidAt >= period.to) continue;
      if (payment.createdAt >= period.from) {
        reply.exceptions.push({
          kind: 'paid_here_only',
          provider_ref: payment.providerRef,
          amount: payment.paidAmount ?? payment.amount,
          order_id: payment.orderId,
          created_at: payment.createdAt.toISOString(),
          detail: EXCEPTION_TEXT.paid_here_only,
        });
      }
    }
    // Each exception names its order by the number people read (ADR 0065).
    const numbers = await repo.orderNumbersOf(
      db,
      storeId,
      reply.exceptions.flatMap((e) => (e.order_id !== null ? [e.order_id] : [])),
    );
    for (const entry of reply.exceptions) {
      if (entry.order_id !== null) entry.numero = numbers.get(entry.order_id) ?? null;
    }
    return reply;
  }

  private strayVerdict(
    charge: ListedCharge,
    stray: StrayRow,
    refundedAll: boolean,
    reply: LedgerCheckReply,
    exception: (charge: ListedCharge, kind: LedgerExceptionKind) => void,
  ): void {
    if (refundedAll) reply.refunds += 1;
    else if (stray.status === 'manual') exception(charge, 'refund_by_hand');
    else exception(charge, 'refund_pending');
  }

  private async ownedAttempts(
    storeId: number,
    provider: ProviderKind,
    providerRefs: readonly string[],
    references: readonly string[],
  ): Promise<OwnedAttempt[]> {
    const all: OwnedAttempt[] = [];
    for (const owner of this.deps.owners())
      all.push(...(await owner.ledger(storeId, provider, { providerRefs, references })));
    return all;
  }
}
