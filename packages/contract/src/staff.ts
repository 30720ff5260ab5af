import {
  OPEN_MODES,
  ORDER_REASONS_LIMITS,
  orderReasonsProblem,
  PASSWORD_MAX_LENGTH,
  PAUSE_MINUTES,
  PAUSE_REASON_MAX_LENGTH,
  PHONE_COUNTRIES,
  type PhoneCountry,
  STAFF_ROLES,
} from '@comanda/domain';
import { z } from 'zod';
import { freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Store controls (docs/decisions/0024): open or close now, pause, auto-accept and auto-print.

/** GET /staff/store and the reply of every store-control change. */
export const storeControlsReply = z.object({
  mode: z.enum(OPEN_MODES).describe("'auto' follows the opening hours; 'open' and 'closed' override them"),
  paused_until: z.string().nullable().describe('End of the current pause (ISO instant), or null'),
  pause_reason: z.string().nullable(),
  open_now: z.boolean().describe('Whether the store takes orders for now (what the storefront shows)'),
  closed_by: z.enum(['hours', 'pause', 'mode']).nullable(),
  reopens_at: z
    .string()
    .nullable()
    .describe('When it takes orders again with nobody acting (ISO instant); null when open or unknown'),
  auto_accept: z.boolean(),
  auto_print: z.boolean(),
  refusal_reasons: z
    .array(z.string())
    .describe('The preset reasons the board offers when refusing a new order (the store’s, or the defaults)'),
  cancel_reasons: z
    .array(z.string())
    .describe('The preset reasons the board offers when cancelling an order'),
});
export type StoreControlsReply = z.infer<typeof storeControlsReply>;

/** PUT /staff/store/mode */
export const storeModeRequest = z.object({ mode: z.enum(OPEN_MODES) }).strict();

/** POST /staff/store/pause */
export const storePauseRequest = z
  .object({
    minutes: z.number().int().min(PAUSE_MINUTES.min).max(PAUSE_MINUTES.max),
    reason: freeText(PAUSE_REASON_MAX_LENGTH).optional(),
  })
  .strict();

const REASON_PROBLEMS = {
  blank: 'Um dos motivos está em branco.',
  too_long: `Cada motivo tem até ${ORDER_REASONS_LIMITS.maxLength} caracteres.`,
  too_many: `No máximo ${ORDER_REASONS_LIMITS.maxCount} motivos.`,
  repeated: 'Há um motivo repetido.',
} as const;

/** A store's preset reasons: an empty list brings the defaults back. */
const presetReasons = z
  .array(z.string().max(ORDER_REASONS_LIMITS.maxLength * 4))
  .max(ORDER_REASONS_LIMITS.maxCount * 4)
  .superRefine((reasons, context) => {
    const problem = orderReasonsProblem(reasons);
    if (problem) context.addIssue({ code: 'custom', message: REASON_PROBLEMS[problem] });
  })
  .transform((reasons) => reasons.map((reason) => reason.trim()));

/** PATCH /staff/store/settings */
export const storeSettingsRequest = z
  .object({
    auto_accept: z.boolean().optional(),
    auto_print: z.boolean().optional(),
    refusal_reasons: presetReasons.optional(),
    cancel_reasons: presetReasons.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Informe auto_accept, auto_print, refusal_reasons ou cancel_reasons.',
  });

// ---------------------------------------------------------------------------------------------
// Sold out

const availabilityEntry = z.object({ id: z.number().int(), descricao: z.string(), esgotado: z.boolean() });

/**
 * An option item as the sold-out switch sees it: one switch for every copy of the same item (the
 * same ref and name, docs/decisions/0051) in the store's groups.
 */
const availabilityOptionItem = availabilityEntry.extend({
  id: z
    .number()
    .int()
    .describe('The first copy: PUT /staff/menu/option-items/{id}/sold-out switches them all'),
  ids: z.array(z.number().int()).describe('Every copy of the item, one per group that holds it'),
  esgotado: z.boolean().describe('true when any copy is sold out'),
});

/** GET /staff/menu/availability: what the sold-out switches act on, as the menu lists it. */
export const menuAvailabilityReply = z.object({
  categories: z.array(
    z.object({ id: z.number().int(), descricao: z.string(), products: z.array(availabilityEntry) }),
  ),
  option_lists: z
    .array(
      z.object({
        key: z.string().describe('Stable within the reply: the ids of the groups it stands for'),
        groups: z.array(z.string()).describe('The names of the groups (distinct), as customers read them'),
        products: z.array(z.string()).describe('The products that ask for these groups, in menu order'),
        items: z.array(availabilityOptionItem),
      }),
    )
    .describe(
      'Option items by the groups that hold them: an item held by several groups (a flavour in four ' +
        '"Escolha até 2 sabores") is listed once, under all of them',
    ),
});
export type MenuAvailabilityReply = z.infer<typeof menuAvailabilityReply>;

/** PUT /staff/menu/products/{id}/sold-out and /staff/menu/option-items/{id}/sold-out */
export const soldOutRequest = z.object({ sold_out: z.boolean() }).strict();
export const soldOutReply = availabilityEntry.extend({
  menu_version: z.number().int(),
  ids: z
    .array(z.number().int())
    .optional()
    .describe('Option items: every copy switched with it (the same item in other groups)'),
});
export type SoldOutReply = z.infer<typeof soldOutReply>;

// ---------------------------------------------------------------------------------------------
// Reports

const figure = z.object({ orders: z.number().int(), revenue: z.number().int() });

/** GET /staff/reports/today: the store's day so far (its calendar day in its time zone). */
export const todayReport = z.object({
  date: z.string().describe("The store's day, YYYY-MM-DD (in its time zone)"),
  orders: z
    .number()
    .int()
    .describe('Sales today: orders and table tabs with a sale in the ledger today, not cancelled today'),
  revenue: z.number().int().describe("The ledger's entries of the day (sales, edits, cancels), centavos"),
  average_ticket: z.number().int().describe('revenue / orders, centavos (0 without orders)'),
  cancelled: z.number().int().describe('Sales reversed (cancelled) today'),
  service_fees: z.number().int().describe("Tables' service fees in the revenue, centavos"),
  courier_pay: z
    .number()
    .int()
    .describe("The couriers' pay settled for the day (not revenue: what the store owes them), centavos"),
  by_payment: z.array(figure.extend({ method: z.string() })),
  by_delivery_type: z.array(figure.extend({ tipo_entrega: z.string() })),
  by_channel: z.array(figure.extend({ channel: z.string() })),
  top_products: z.array(
    z.object({
      produto: z.number().int(),
      descricao: z.string(),
      qtd: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type TodayReport = z.infer<typeof todayReport>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** GET /staff/reports/orders.csv and ledger.csv: days in store time, both included, at most 366. */
export const ordersCsvQuery = z.object({ from: isoDate, to: isoDate });

/** GET /staff/reports/period: store-local days, both included, at most 366 (docs/decisions/0061). */
export const periodReportQuery = z.object({ from: isoDate, to: isoDate });

const sales = z.object({ sales: z.number().int(), revenue: z.number().int() });

/** A period's figures; money in centavos from the ledger (docs/decisions/0057, 0061). */
export const periodTotals = z.object({
  from: z.string().describe('YYYY-MM-DD, store time'),
  to: z.string().describe('YYYY-MM-DD, store time, included'),
  revenue: z.number().int().describe("Sum of the period's ledger entries"),
  sales: z.number().int().describe('Orders and table tabs with a sale in the period, not cancelled in it'),
  average_ticket: z.number().int(),
  service_fees: z.number().int(),
  delivery_fees: z.number().int(),
  discounts: z.number().int(),
  cancels: z.number().int().describe('Sales reversed in the period'),
  cancelled_amount: z.number().int().describe('What the reversals took back (positive), centavos'),
  new_customers: z.number().int().describe('Customers whose first order at the store is in the period'),
  returning_customers: z.number().int().describe('Customers with an order in the period and one before'),
  /** Always sent by the server; optional in the type so the screens' existing fixtures still read. */
  courier_pay: z
    .number()
    .int()
    .optional()
    .describe("The couriers' pay settled for the period's days (not revenue), centavos"),
});
export type PeriodTotals = z.infer<typeof periodTotals>;

export const periodReport = z.object({
  current: periodTotals,
  previous: periodTotals.describe('The period of equal length just before'),
  change: z
    .record(z.string(), z.number().nullable())
    .describe('Percent change of each figure from the previous period; null when it was 0'),
  by_day: z.array(sales.extend({ date: z.string() })).describe('Every day of the period'),
  by_hour: z.array(sales.extend({ hour: z.number().int() })).describe('Hours 0–23 of the store clock'),
  by_channel: z.array(sales.extend({ channel: z.string() })),
  by_delivery_type: z.array(sales.extend({ tipo_entrega: z.string() })),
  by_payment: z.array(sales.extend({ method: z.string() })),
  by_product: z.array(
    z.object({
      produto: z.number().int(),
      descricao: z.string(),
      categoria: z.string(),
      qtd: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
  by_category: z.array(z.object({ categoria: z.string(), qtd: z.number().int(), revenue: z.number().int() })),
});
export type PeriodReport = z.infer<typeof periodReport>;

// ---------------------------------------------------------------------------------------------
// The team (docs/decisions/0026): the owner adds and removes staff and sets their roles.

const staffRole = z.enum(STAFF_ROLES);
/** Checked again by the server with its own messages (as the customer sign-up's fields). */
const staffPassword = freeText(PASSWORD_MAX_LENGTH * 2);

/** A member of the team, as GET /staff/team lists it. */
export const teamMember = z.object({
  id: z.number().int(),
  nome: z.string(),
  telefone: z.string().describe('Login digits'),
  role: staffRole,
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamReply = z.object({ members: z.array(teamMember) });
export type TeamReply = z.infer<typeof teamReply>;

/** POST /staff/team */
export const teamMemberCreateRequest = z
  .object({
    phone: freeText(40).describe('The mobile number as dialled in its country (BR: DDD + 9 digits)'),
    country: z.enum(PHONE_COUNTRIES as [PhoneCountry, ...PhoneCountry[]]).default('BR'),
    nome: freeText(80),
    role: staffRole,
    password: staffPassword.describe('The first password; the member can be given a new one later'),
  })
  .strict();
export type TeamMemberCreateRequest = z.infer<typeof teamMemberCreateRequest>;

/** PATCH /staff/team/{id}: another role, name or password (a new password ends its sessions). */
export const teamMemberUpdateRequest = z
  .object({
    role: staffRole.optional(),
    nome: freeText(80).optional(),
    password: staffPassword.optional(),
  })
  .strict()
  .refine((body) => body.role !== undefined || body.nome !== undefined || body.password !== undefined, {
    message: 'Informe role, nome ou password.',
  });
export type TeamMemberUpdateRequest = z.infer<typeof teamMemberUpdateRequest>;
