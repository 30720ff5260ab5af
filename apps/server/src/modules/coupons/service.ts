import type {
  AvailableCouponList,
  CouponValidateReply,
  CouponValidateRequest,
  ValidatedCoupon,
} from '@comanda/contract';
import {
  type Coupon,
  type CouponRefusal,
  type CouponRules,
  couponVerdict,
  type DeliveryType,
  formatBRL,
  normalizeCouponCode,
} from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type CustomerPrincipal, forbidden } from '../../plugins/auth.ts';
import type { BackoffRule, RateLimiter } from '../../plugins/rate-limit.ts';
import type { CouponRow } from './repository.ts';
import * as repo from './repository.ts';

/*
 * Coupons (spec sections 3 "Coupon", 5 "Coupon", 7 "Coupons and loyalty"): validation for the
 * checkout's coupon card, and the checks and the atomic use that order placement runs inside its
 * transaction. The rules themselves are `couponVerdict` and `couponDiscount` of @comanda/domain.
 */

/** Codes that do not exist: 10 free per customer, then 30 s doubling up to 15 min between tries. */
export const COUPON_GUESSES: BackoffRule = {
  kind: 'backoff',
  name: 'coupon-customer',
  freeFailures: 10,
  baseSeconds: 30,
  maxSeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
  message: 'Muitas tentativas de cupom.',
};

/** The refusal of a coupon, with the checkout's Portuguese text (always 400). */
export function couponRefusal(reason: CouponRefusal | 'COUPON_REQUIRED', minSubtotal = 0): AppError {
  const texts: Record<CouponRefusal | 'COUPON_REQUIRED', string> = {
    COUPON_REQUIRED: 'Informe o código do cupom.',
    COUPON_NOT_FOUND: 'Cupom inválido. Confira o código e tente de novo.',
    COUPON_NOT_STARTED: 'Este cupom ainda não está valendo.',
    COUPON_EXPIRED: 'Este cupom expirou.',
    COUPON_EXHAUSTED: 'Este cupom esgotou.',
    COUPON_CUSTOMER_LIMIT: 'Você já usou este cupom.',
    COUPON_MIN_SUBTOTAL: `Este cupom vale para pedidos a partir de ${formatBRL(minSubtotal)}.`,
    COUPON_NOT_APPLICABLE: 'Este cupom vale só para pedidos com entrega.',
  };
  return new AppError('invalid', reason, texts[reason], { field: 'coupon' });
}

function couponRules(row: CouponRow): CouponRules {
  return {
    ativo: row.ativo,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    uses: row.uses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    minSubtotal: row.minSubtotal,
    local: row.local,
  };
}

/** The coupon as the domain prices it. */
const toDomainCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  valor: row.valor,
  perc: row.perc,
  descricao: row.descricao,
  local: row.local,
});

const toValidatedCoupon = (row: CouponRow): ValidatedCoupon => ({
  ...toDomainCoupon(row),
  codigo: row.code,
  valor_minimo: row.minSubtotal,
});

/**
 * Whether the store offers any coupon a customer could use now (the company call's `tem_cupons`,
 * issue 34): active, started, not expired, uses left. Whether this customer used it up, and the
 * order's own rules, are left to the coupon's check; a store whose coupons are all typed-only
 * (none listed to a customer) still offers them.
 */
export async function storeOffersCoupons(db: DbExecutor, storeId: number, now: Date): Promise<boolean> {
  const rows = await repo.listActiveCoupons(db, storeId);
  return rows.some(
    (row) => couponVerdict(couponRules(row), { now, subtotal: null, deliveryType: null, customerUses: 0 }).ok,
  );
}

export interface CouponCheck {
  now: Date;
  subtotal: number | null;
  deliveryType: DeliveryType | null;
  /** Orders this customer already placed with the coupon. */
  customerUses: number;
}

/** Throws the coupon's refusal unless the rules let this customer use it on this order now. */
export function checkCoupon(rules: CouponRules, input: CouponCheck, minSubtotal = rules.minSubtotal): void {
  const verdict = couponVerdict(rules, input);
  if (!verdict.ok) throw couponRefusal(verdict.reason, minSubtotal);
}

export interface CouponServiceDeps {
  db: Database;
  now: () => Date;
  limiter: RateLimiter;
}

export class CouponService {
  constructor(private readonly deps: CouponServiceDeps) {}

  /** POST /core/coupon_validate_app: whether the customer may apply the code now. */
  async validate(
    principal: Pick<CustomerPrincipal, 'storeId' | 'customerId'>,
    body: CouponValidateRequest,
  ): Promise<CouponValidateReply> {
    const { db, limiter, now } = this.deps;
    if (body.customer_id !== principal.customerId) throw forbidden();
    const code = normalizeCouponCode(body.coupon);
    if (code === '') throw couponRefusal('COUPON_REQUIRED');
    const subject = String(principal.customerId);
    await limiter.beginAttempt(principal.storeId, COUPON_GUESSES, subject, now());
    const row = await repo.findCouponByCode(db, principal.storeId, code);
    if (!row?.ativo) throw couponRefusal('COUPON_NOT_FOUND');
    await limiter.clear(principal.storeId, COUPON_GUESSES, subject);
    const customerUses =
      row.maxUsesPerCustomer === null
        ? 0
        : await repo.countCustomerRedemptions(db, row.id, principal.customerId);
    checkCoupon(couponRules(row), {
      now: now(),
      subtotal: typeof body.subtotal === 'number' ? Math.round(body.subtotal) : null,
      deliveryType: body.delivery_type ?? null,
      customerUses,
    });
    return { success: true, detail: toValidatedCoupon(row) };
  }

  /**
   * GET /core/cupons_disponiveis_app: the active coupons this customer may use now (started, not
   * expired, not exhausted, not used up by them); the order's own rules (minimum, delivery only)
   * are left to the checkout, which shows them in the description.
   */
  async available(principal: CustomerPrincipal): Promise<AvailableCouponList> {
    const { db, now } = this.deps;
    const [rows, uses] = await Promise.all([
      repo.listActiveCoupons(db, principal.storeId),
      repo.customerRedemptionsByCoupon(db, principal.customerId),
    ]);
    const at = now();
    return rows
      .filter(
        (row) =>
          couponVerdict(couponRules(row), {
            now: at,
            subtotal: null,
            deliveryType: null,
            customerUses: uses.get(row.id) ?? 0,
          }).ok,
      )
      .map(toValidatedCoupon);
  }
}
