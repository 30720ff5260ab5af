import type { OrderChannel } from '@comanda/contract';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { customers, orders } from '../../db/schema.ts';

/*
 * The store's order history, searched (docs/decisions/0049). Every condition starts from the
 * store; the sort (placement time, then id, newest first) is orders_store_started's, and the
 * filters that narrow most have their own indexes: the customer's (orders_store_customer), the
 * status's, the payment method's and the delivery type's.
 */

export interface HistoryFilter {
  number?: number | undefined;
  /** Already folded (normalizeForSearch): lower case, no accents. */
  name?: string | undefined;
  /** Digits only. */
  phone?: string | undefined;
  /** Half-open [from, to) of instants. */
  from?: Date | undefined;
  to?: Date | undefined;
  statuses?: readonly string[] | undefined;
  channel?: OrderChannel | undefined;
  paymentMethodId?: number | undefined;
  before?: number | undefined;
  limit: number;
}

export interface HistoryRow {
  id: number;
  numero: number | null;
  dhIniciado: Date;
  status: string;
  tipoEntrega: string;
  mesa: string | null;
  tableId: number | null;
  rodada: number | null;
  formaPagamentoNome: string | null;
  total: number;
  agendado: boolean;
  horaEntrega: Date | null;
  customer: { id: number; nome: string; phone: string };
}

const ACCENTED = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';

/**
 * A name as normalizeForSearch folds it, in SQL that PostgreSQL and PGlite both run without
 * extensions: accents replaced before lower() (which leaves non-ASCII letters alone in the C
 * locale), runs of spaces made one.
 */
const foldedName = sql`regexp_replace(lower(translate(${customers.nome}, ${ACCENTED}, ${PLAIN})), '[[:space:]]+', ' ', 'g')`;

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const CHANNEL: Record<OrderChannel, SQL> = {
  delivery: and(eq(orders.tipoEntrega, 'Entregar'), isNull(orders.tableId)) as SQL,
  pickup: and(eq(orders.tipoEntrega, 'Retirada'), isNull(orders.tableId)) as SQL,
  eat_in: and(eq(orders.tipoEntrega, 'Vem comer'), isNull(orders.tableId)) as SQL,
  table: isNotNull(orders.tableId),
};

export function searchStoreOrders(
  db: DbExecutor,
  storeId: number,
  filter: HistoryFilter,
): Promise<HistoryRow[]> {
  // Orders awaiting their online payment are nobody's business yet (docs/decisions/0018).
  const conditions: SQL[] = [eq(orders.storeId, storeId), eq(orders.awaitingPayment, false)];
  // The number people read (orders.numero, ADR 0065), not the order's id.
  if (filter.number !== undefined) conditions.push(eq(orders.numero, filter.number));
  if (filter.name) conditions.push(sql`${foldedName} like ${containing(filter.name)}`);
  if (filter.phone) {
    const pattern = containing(filter.phone);
    conditions.push(
      or(
        sql`${customers.phone} like ${pattern}`,
        sql`regexp_replace(coalesce(${orders.foneParaMensagens}, ''), '[^0-9]', '', 'g') like ${pattern}`,
      ) as SQL,
    );
  }
  if (filter.from) conditions.push(gte(orders.dhIniciado, filter.from));
  if (filter.to) conditions.push(lt(orders.dhIniciado, filter.to));
  if (filter.statuses && filter.statuses.length > 0)
    conditions.push(inArray(orders.status, [...filter.statuses]));
  if (filter.channel) conditions.push(CHANNEL[filter.channel]);
  if (filter.paymentMethodId !== undefined)
    conditions.push(eq(orders.paymentMethodId, filter.paymentMethodId));
  if (filter.before !== undefined) {
    conditions.push(
      sql`(${orders.dhIniciado}, ${orders.id}) < (select c.dh_iniciado, c.id from orders c
        where c.store_id = ${storeId} and c.id = ${filter.before})`,
    );
  }
  return db
    .select({
      id: orders.id,
      numero: orders.numero,
      dhIniciado: orders.dhIniciado,
      status: orders.status,
      tipoEntrega: orders.tipoEntrega,
      mesa: orders.mesa,
      tableId: orders.tableId,
      rodada: orders.rodada,
      formaPagamentoNome: orders.formaPagamentoNome,
      total: orders.total,
      agendado: orders.agendado,
      horaEntrega: orders.horaEntrega,
      customer: { id: customers.id, nome: customers.nome, phone: customers.phone },
    })
    .from(orders)
    .innerJoin(customers, and(eq(customers.id, orders.customerId), eq(customers.storeId, orders.storeId)))
    .where(and(...conditions))
    .orderBy(desc(orders.dhIniciado), desc(orders.id))
    .limit(filter.limit);
}
