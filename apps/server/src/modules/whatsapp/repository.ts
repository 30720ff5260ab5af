import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  companySettings,
  consentChanges,
  customers,
  orders,
  payments,
  stores,
  whatsappChannels,
  whatsappConversations,
  whatsappFailures,
  whatsappMessages,
  whatsappOutbox,
} from '../../db/schema.ts';
import { CODE_TEMPLATE } from './templates.ts';

/** The consent of order updates on WhatsApp in the LGPD log (consent_changes). */
export const WHATSAPP_CONSENT = 'whatsapp_pedidos';

export type ChannelRow = typeof whatsappChannels.$inferSelect;
export type ConversationRow = typeof whatsappConversations.$inferSelect;
export type MessageRow = typeof whatsappMessages.$inferSelect;

export async function findChannel(db: DbExecutor, storeId: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(whatsappChannels).where(eq(whatsappChannels.storeId, storeId));
  return row;
}

export async function storeOf(db: DbExecutor, storeId: number) {
  const [row] = await db
    .select({ slug: stores.slug, timeZone: stores.timeZone, nome: companySettings.nome })
    .from(stores)
    .innerJoin(companySettings, eq(companySettings.storeId, stores.id))
    .where(eq(stores.id, storeId));
  return row;
}

export async function whatsappConsent(db: DbExecutor, storeId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: consentChanges.newValue })
    .from(consentChanges)
    .where(
      and(
        eq(consentChanges.storeId, storeId),
        eq(consentChanges.customerId, customerId),
        eq(consentChanges.purpose, WHATSAPP_CONSENT),
      ),
    )
    .orderBy(desc(consentChanges.id))
    .limit(1);
  return row?.value ?? false;
}

/** Records the change of the consent (nothing when it does not change); whether it changed. */
export async function setWhatsappConsent(
  db: DbExecutor,
  values: { storeId: number; customerId: number; value: boolean; channel: string; at: Date },
): Promise<boolean> {
  // One change at a time per customer: the customer's row is held.
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, values.storeId), eq(customers.id, values.customerId)))
    .for('update');
  const [last] = await db
    .select({ value: consentChanges.newValue })
    .from(consentChanges)
    .where(
      and(
        eq(consentChanges.storeId, values.storeId),
        eq(consentChanges.customerId, values.customerId),
        eq(consentChanges.purpose, WHATSAPP_CONSENT),
      ),
    )
    .orderBy(desc(consentChanges.id))
    .limit(1);
  const old = last?.value ?? null;
  if ((old ?? false) === values.value && old !== null) return false;
  if (old === null && !values.value) return false;
  await db.insert(consentChanges).values({
    storeId: values.storeId,
    customerId: values.customerId,
    oldValue: old,
    newValue: values.value,
    channel: values.channel,
    at: values.at,
    purpose: WHATSAPP_CONSENT,
  });
  return true;
}

/** The customer of the store with this WhatsApp id (country code + number). */
export async function customerByWaId(db: DbExecutor, storeId: number, waId: string) {
  const national = waId.startsWith('55') ? waId.slice(2) : null;
  const [row] = await db
    .select({ id: customers.id, nome: customers.nome })
    .from(customers)
    .where(
      and(
        eq(customers.storeId, storeId),
        national
          ? or(
              and(eq(customers.phoneCountry, 'BR'), eq(customers.phone, national)),
              and(sql`${customers.phoneCountry} <> 'BR'`, eq(customers.phone, waId)),
            )
          : and(sql`${customers.phoneCountry} <> 'BR'`, eq(customers.phone, waId)),
      ),
    )
    .limit(1);
  return row;
}

export async function customerOf(db: DbExecutor, storeId: number, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      nome: customers.nome,
      phone: customers.phone,
      phoneCountry: customers.phoneCountry,
    })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
  return row;
}

export async function lastOrderOf(db: DbExecutor, storeId: number, customerId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      numero: orders.numero,
      status: orders.status,
      tipoEntrega: orders.tipoEntrega,
      estimatedAt: orders.estimatedAt,
    })
    .from(orders)
    .where(
      and(eq(orders.storeId, storeId), eq(orders.customerId, customerId), eq(orders.awaitingPayment, false)),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row;
}

export async function orderOf(db: DbExecutor, storeId: number, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      numero: orders.numero,
      status: orders.status,
      customerId: orders.customerId,
      tipoEntrega: orders.tipoEntrega,
      estimatedAt: orders.estimatedAt,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  return row;
}

/** The conversation with this phone, made when there is none (its row locked for the caller's transaction). */
export async function conversationFor(
  db: DbExecutor,
  values: { storeId: number; phone: string; customerId: number | null; at: Date; language?: string },
): Promise<ConversationRow> {
  await db
    .insert(whatsappConversations)
    .values({
      storeId: values.storeId,
      phone: values.phone,
      customerId: values.customerId,
      lastAt: values.at,
      ...(values.language ? { language: values.language } : {}),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(whatsappConversations)
    .where(
      and(eq(whatsappConversations.storeId, values.storeId), eq(whatsappConversations.phone, values.phone)),
    )
    .for('update');
  return row!;
}

export async function findConversation(db: DbExecutor, storeId: number, id: number) {
  const [row] = await db
    .select()
    .from(whatsappConversations)
    .where(and(eq(whatsappConversations.storeId, storeId), eq(whatsappConversations.id, id)));
  return row;
}

export async function recordFailure(
  db: DbExecutor,
  values: {
    storeId: number;
    at: Date;
    phone?: string;
    template?: string | null;
    code: string;
    message: string;
  },
): Promise<void> {
  await db.insert(whatsappFailures).values({
    storeId: values.storeId,
    at: values.at,
    phone: values.phone ?? '',
    template: values.template ?? null,
    code: values.code,
    message: values.message.slice(0, 500),
  });
}

export function recentFailures(db: DbExecutor, storeId: number) {
  return db
    .select()
    .from(whatsappFailures)
    .where(eq(whatsappFailures.storeId, storeId))
    .orderBy(desc(whatsappFailures.id))
    .limit(20);
}

/**
 * Sign-in and recovery codes are not a conversation: their messages are kept for their delivery
 * statuses and failures but never shown in the inbox (docs/decisions/0072, "Codes").
 */
export function isCodeMessage(template: string | null): boolean {
  return template === CODE_TEMPLATE;
}
const notACode = or(isNull(whatsappMessages.template), ne(whatsappMessages.template, CODE_TEMPLATE));

/** Each conversation's last message that is not a code (conversations with only codes have none). */
function lastMessages(db: DbExecutor, storeId: number) {
  return db
    .selectDistinctOn([whatsappMessages.conversationId], {
      conversationId: whatsappMessages.conversationId,
      body: sql<string>`${whatsappMessages.body}`.as('last_body'),
      direction: sql<string>`${whatsappMessages.direction}`.as('last_direction'),
      at: sql<Date>`${whatsappMessages.at}`.mapWith(whatsappMessages.at).as('last_message_at'),
    })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.storeId, storeId), notACode))
    .orderBy(whatsappMessages.conversationId, desc(whatsappMessages.id))
    .as('last_message');
}

/** The inbox: conversations with a message that is not a code, by their last such message, newest first. */
export function listConversations(db: DbExecutor, storeId: number, conversationId?: number) {
  const last = lastMessages(db, storeId);
  return db
    .select({
      conversation: whatsappConversations,
      customerName: customers.nome,
      last: { body: last.body, direction: last.direction, at: last.at },
    })
    .from(whatsappConversations)
    .innerJoin(last, eq(last.conversationId, whatsappConversations.id))
    .leftJoin(customers, eq(customers.id, whatsappConversations.customerId))
    .where(
      and(
        eq(whatsappConversations.storeId, storeId),
        conversationId === undefined ? undefined : eq(whatsappConversations.id, conversationId),
      ),
    )
    .orderBy(desc(last.at), desc(whatsappConversations.id))
    .limit(200);
}

/** A conversation's messages as the inbox shows them: codes left out. */
export function messagesOf(db: DbExecutor, storeId: number, conversationId: number) {
  return db
    .select()
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.storeId, storeId),
        eq(whatsappMessages.conversationId, conversationId),
        notACode,
      ),
    )
    .orderBy(whatsappMessages.id)
    .limit(500);
}

/** The outbox rows due now, leased for `leaseMs` so another worker leaves them alone meanwhile. */
export async function leaseDueUpdates(db: DbExecutor, now: Date, leaseMs: number, limit = 20) {
  const due = await db
    .select({ id: whatsappOutbox.id })
    .from(whatsappOutbox)
    .where(and(eq(whatsappOutbox.state, 'pendente'), lte(whatsappOutbox.nextAt, now)))
    .orderBy(whatsappOutbox.nextAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return db
    .update(whatsappOutbox)
    .set({ nextAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        inArray(
          whatsappOutbox.id,
          due.map((row) => row.id),
        ),
        eq(whatsappOutbox.state, 'pendente'),
        lte(whatsappOutbox.nextAt, now),
      ),
    )
    .returning();
}

/** PIX charges still pending that expire before `until`, of orders awaiting their payment. */
export function pixChargesExpiringBefore(db: DbExecutor, now: Date, until: Date) {
  return db
    .select({ storeId: payments.storeId, orderId: payments.orderId, expiresAt: payments.expiresAt })
    .from(payments)
    .innerJoin(orders, and(eq(orders.id, payments.orderId), eq(orders.storeId, payments.storeId)))
    .where(
      and(
        eq(payments.method, 'pix'),
        eq(payments.status, 'pending'),
        gt(payments.expiresAt, now),
        lte(payments.expiresAt, until),
        eq(orders.awaitingPayment, true),
      ),
    )
    .limit(200);
}
