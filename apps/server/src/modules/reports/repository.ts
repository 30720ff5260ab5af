import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { customers, orderLines, orders } from '../../db/schema.ts';

/** Orders placed in [from, to) that the store sees (not waiting for an online payment). */
const placedIn = (storeId: number, from: Date, to: Date) =>
  and(
    eq(orders.storeId, storeId),
    gte(orders.dhIniciado, from),
    lt(orders.dhIniciado, to),
    eq(orders.awaitingPayment, false),
  );

export function dayTotals(db: DbExecutor, storeId: number, from: Date, to: Date) {
  return db
    .select({
      status: orders.status,
      payment: sql<string>`coalesce(${orders.formaPagamentoNome}, '')`,
      deliveryType: orders.tipoEntrega,
      count: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${orders.total}), 0)::int`,
    })
    .from(orders)
    .where(placedIn(storeId, from, to))
    .groupBy(orders.status, sql`coalesce(${orders.formaPagamentoNome}, '')`, orders.tipoEntrega);
}

export function topProducts(db: DbExecutor, storeId: number, from: Date, to: Date, limit: number) {
  return db
    .select({
      productId: orderLines.productId,
      descricao: sql<string>`min(${orderLines.descricaoProduto})`,
      qtd: sql<number>`sum(${orderLines.qtd})::int`,
      revenue: sql<number>`sum(${orderLines.valorTotal})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(placedIn(storeId, from, to), sql`${orders.status} <> 'Cancelado'`))
    .groupBy(orderLines.productId)
    .orderBy(desc(sql`sum(${orderLines.qtd})`), desc(sql`sum(${orderLines.valorTotal})`))
    .limit(limit);
}

export function ordersIn(db: DbExecutor, storeId: number, from: Date, to: Date) {
  return db
    .select({
      id: orders.id,
      dhIniciado: orders.dhIniciado,
      status: orders.status,
      nome: customers.nome,
      phone: customers.phone,
      tipoEntrega: orders.tipoEntrega,
      pagamento: orders.formaPagamentoNome,
      totalProdutos: orders.totalProdutos,
      acrescimo: orders.acrescimo,
      valorEntrega: orders.valorEntrega,
      desconto: sql<number>`(${orders.descontoCupom} + ${orders.descontoFidelidade})::int`,
      total: orders.total,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(placedIn(storeId, from, to))
    .orderBy(orders.dhIniciado, orders.id);
}
