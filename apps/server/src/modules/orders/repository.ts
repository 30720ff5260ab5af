import {
  type DeliveryType,
  isOnlinePaymentId,
  isZeroParts,
  type OrderChannel,
  orderLedgerParts,
  type Shift,
} from '@comanda/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { idempotencyKeys, type OrderLineItemSnapshot, orders } from '../../db/schema.ts';
import { runStatement, statement } from '../../db/statements.ts';
import type { WindowCounter } from '../../plugins/rate-limit.ts';
import { UNNAMED_PAYMENT } from '../ledger/index.ts';
import type { AvailabilitySettings } from '../menu/index.ts';

/*
 * Order placement reads everything it needs in one statement and writes the whole order in
 * another (data-modifying CTEs), each its own transaction, so a placement is three round trips
 * (session, read, write) plus the delivery quote for a delivery; a coupon or a booked-up schedule
 * period adds a transaction around the write (BEGIN, lock, write, COMMIT). The SQL is written out because the statements
 * are the contract of the design (docs/decisions/0010-order-placement.md); every value is a
 * parameter.
 */

/** A PostgreSQL int[] literal of validated ids (works the same on node-postgres and PGlite). */
const intArray = (ids: readonly number[]) => `{${ids.filter(Number.isSafeInteger).join(',')}}`;

// ---------------------------------------------------------------------------------------------
// Reading

export interface ContextGroupItem {
  id: number;
  descricao: string;
  detalhes: string;
  preco: number;
  urlImagem: string | null;
  ordem: number;
  fkItem: number | null;
  qtPadrao: number;
  excluido: boolean;
  ativoPedidos: boolean;
  ativoGarcom: boolean;
  ingrediente: boolean;
  esgotado: boolean;
}

export interface ContextGroup {
  min: number;
  max: number;
  ordem: number;
  id: number;
  descricao: string;
  detalhes: string;
  repetirItens: boolean;
  politicaCobranca: string;
  itens: ContextGroupItem[];
}

export interface ContextProduct {
  id: number;
  descricao: string;
  detalhes: string;
  valorVenda: number;
  urlImagem: string | null;
  categoryId: number;
  categoria: string;
  categoriaAtiva: boolean;
  itemPai: boolean;
  itemFilho: boolean;
  parentId: number | null;
  ativoPedidos: boolean;
  ativoGarcom: boolean;
  esgotado: boolean;
  excluido: boolean;
  grupos: ContextGroup[];
}

export interface ContextPaymentMethod {
  id: number;
  tipo: string;
  descricao: string;
  permiteTroco: boolean;
  tiposEntrega: string[];
}

export interface ContextLoyalty {
  ativo: boolean;
  descricao: string;
  pontosRecompensa: number;
  recompensaPerc: boolean;
  percRecompensa: number;
  vlrRecompensa: number;
  pontosPorReal: number;
}

export interface ContextCoupon {
  id: number;
  code: string;
  descricao: string;
  valor: number;
  perc: boolean;
  local: string;
  ativo: boolean;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  uses: number;
  maxUsesPerCustomer: number | null;
  minSubtotal: number;
}

/** The stored reply of an Idempotency-Key. */
export interface KeyReply {
  requestHash: string;
  statusCode: number;
  response: unknown;
}

export interface OrderContext extends AvailabilitySettings {
  /** The reply of an earlier request with this Idempotency-Key, if there was one. */
  previous: KeyReply | null;
  /** The customer's points when read (the write statement checks them again under the row's lock). */
  points: number | null;
  /** The id the order will get (taken from its sequence now, so the reply can be built before writing). */
  orderId: number;
  permiteEntrega: boolean;
  permiteBusca: boolean;
  permiteComerLocal: boolean;
  pickupTime: number;
  valorMinimo: number;
  qtdMaximaItem: number;
  valorMaximoPedido: number;
  onlinePayment: boolean;
  paymentByPix: boolean;
  paymentByCard: boolean;
  selfCheckoutRequireImplyPay: boolean;
  deliveryCustomerDocRequired: boolean;
  /** The store accepts new orders for now by itself (docs/decisions/0024). */
  autoAccept: boolean;
  shifts: Shift[];
  loyalty: ContextLoyalty | null;
  method: ContextPaymentMethod | null;
  /** The table of a table order, with the token its QR code carries. */
  diningTable: { id: number; description: string; token: string } | null;
  /** The store opens its tables with the waiter's code (issue 19). */
  mesaExigeCodigo: boolean;
  /** The table's tab that is not closed, when read (checked again under its lock when the order joins it). */
  openTab: { id: number; status: string; code: string | null } | null;
  coupon: ContextCoupon | null;
  /** Orders of this customer that used the coupon. */
  couponCustomerUses: number;
  /** The store's menu version, read with the products (every change to the menu raises it). */
  menuVersion: number;
  /** The cart's products; null when they are those of `knownMenuVersion`. */
  products: ContextProduct[] | null;
}

export interface OrderContextInput {
  storeId: number;
  customerId: number;
  key: string;
  methodId: number | null;
  tableId: number | null;
  couponId: number | null;
  productIds: readonly number[];
  /**
   * The menu version of which the caller already holds every product of the cart: when it is
   * still the store's, `products` comes back null.
   */
  knownMenuVersion?: number | null;
}

/**
 * One statement, no locks: the Idempotency-Key's earlier reply, the customer's points, the
 * order's id, and the store's settings, hours, loyalty program, the chosen payment method,
 * table and coupon, and every product of the cart with its groups and items (unless the caller
 * holds them for the current menu version). Undefined when the store has no settings.
 */
export async function loadOrderContext(
  db: DbExecutor,
  input: OrderContextInput,
): Promise<OrderContext | undefined> {
  const { storeId, customerId, key, methodId, tableId, couponId, productIds } = input;
  const knownMenuVersion = input.knownMenuVersion ?? -1;
  const rows = await runStatement<OrderContext>(
    db,
    statement('comanda_order_context')`
    select
      (select json_build_object(
          'requestHash', k.request_hash, 'statusCode', k.status_code, 'response', k.response)
        from idempotency_keys k
        where k.store_id = ${storeId} and k.customer_id = ${customerId} and k.key = ${key}) as "previous",
      (select cu.pontos_fidelidade from customers cu
        where cu.store_id = ${storeId} and cu.id = ${customerId}) as "points",
      nextval(pg_get_serial_sequence('orders', 'id'))::int as "orderId",
      s.menu_version as "menuVersion",
      s.time_zone as "timeZone",
      c.open_mode as "openMode",
      c.paused_until as "pausedUntil",
      c.holidays as "holidays",
      c.agendamento_ativo as "agendamentoAtivo",
      c.permite_agendamento as "permiteAgendamento",
      c.schedule_step_minutes as "scheduleStepMinutes",
      c.schedule_capacity as "scheduleCapacity",
      c.delivery_time as "deliveryTime",
      c.pickup_time as "pickupTime",
      c.permite_entrega as "permiteEntrega",
      c.permite_busca as "permiteBusca",
      c.permite_comer_local as "permiteComerLocal",
      c.valor_minimo as "valorMinimo",
      c.qtd_maxima_item as "qtdMaximaItem",
      c.valor_maximo_pedido as "valorMaximoPedido",
      c.online_payment as "onlinePayment",
      c.payment_by_pix as "paymentByPix",
      c.payment_by_card as "paymentByCard",
      c.self_checkout_require_imply_pay as "selfCheckoutRequireImplyPay",
      c.delivery_customer_doc_required as "deliveryCustomerDocRequired",
      c.auto_accept as "autoAccept",
      c.mesa_exige_codigo as "mesaExigeCodigo",
      (select coalesce(json_agg(json_build_object(
          'dia_semana', h.dia_semana, 'turno', h.turno, 'hr_inicio', h.hr_inicio, 'hr_fim', h.hr_fim)
          order by h.dia_semana, h.turno), '[]'::json)
        from opening_hours h where h.store_id = ${storeId}) as "shifts",
      (select json_build_object(
          'ativo', l.ativo, 'descricao', l.descricao, 'pontosRecompensa', l.pontos_recompensa,
          'recompensaPerc', l.recompensa_perc, 'percRecompensa', l.perc_recompensa,
          'vlrRecompensa', l.vlr_recompensa, 'pontosPorReal', l.pontos_por_real)
        from loyalty_programs l where l.store_id = ${storeId}) as "loyalty",
      (select json_build_object(
          'id', m.id, 'tipo', m.tipo, 'descricao', m.descricao, 'permiteTroco', m.permite_troco,
          'tiposEntrega', m.tipos_entrega)
        from payment_methods m where m.store_id = ${storeId} and m.id = ${methodId} and m.ativo) as "method",
      (select json_build_object('id', t.id, 'description', t.description, 'token', t.token)
        from dining_tables t where t.store_id = ${storeId} and t.id = ${tableId} and t.ativo) as "diningTable",
      (select json_build_object('id', tb.id, 'status', tb.status, 'code', tb.code)
        from table_tabs tb
        where tb.store_id = ${storeId} and tb.table_id = ${tableId} and tb.status <> 'closed') as "openTab",
      (select json_build_object(
          'id', cp.id, 'code', cp.code, 'descricao', cp.descricao, 'valor', cp.valor, 'perc', cp.perc,
          'local', cp.local, 'ativo', cp.ativo, 'validFrom', cp.valid_from, 'validUntil', cp.valid_until,
          'maxUses', cp.max_uses, 'uses', cp.uses, 'maxUsesPerCustomer', cp.max_uses_per_customer,
          'minSubtotal', cp.min_subtotal)
        from coupons cp where cp.store_id = ${storeId} and cp.id = ${couponId}) as "coupon",
      (select count(*)::int from coupon_redemptions r
        where r.coupon_id = ${couponId} and r.customer_id = ${customerId}) as "couponCustomerUses",
      -- The cart's products, unless the caller holds this menu version's copies of them.
      case when s.menu_version = ${knownMenuVersion}::int then null else
      (select coalesce(json_agg(json_build_object(
          'id', p.id, 'descricao', p.descricao, 'detalhes', p.detalhes, 'valorVenda', p.valor_venda,
          'urlImagem', p.url_imagem, 'categoryId', p.category_id, 'categoria', cat.descricao,
          'categoriaAtiva', cat.ativo, 'itemPai', p.item_pai, 'itemFilho', p.item_filho,
          'parentId', p.parent_id, 'ativoPedidos', p.ativo_pedidos, 'ativoGarcom', p.ativo_garcom,
          'excluido', p.excluido, 'esgotado', p.esgotado,
          'grupos', (select coalesce(json_agg(json_build_object(
              'min', pg.min, 'max', pg.max, 'ordem', pg.ordem, 'id', g.id, 'descricao', g.descricao,
              'detalhes', g.detalhes, 'repetirItens', g.repetir_itens, 'politicaCobranca', g.politica_cobranca,
              'itens', (select coalesce(json_agg(json_build_object(
                  'id', i.id, 'descricao', i.descricao, 'detalhes', i.detalhes, 'preco', i.preco,
                  'urlImagem', i.url_imagem, 'ordem', i.ordem, 'fkItem', i.fk_item, 'qtPadrao', i.qt_padrao,
                  'excluido', i.excluido, 'ativoPedidos', i.ativo_pedidos, 'ativoGarcom', i.ativo_garcom,
                  'ingrediente', i.ingrediente, 'esgotado', i.esgotado) order by i.id), '[]'::json)
                from option_group_items i where i.group_id = g.id and i.store_id = ${storeId}))
              order by pg.ordem), '[]'::json)
            from product_groups pg join option_groups g on g.id = pg.group_id
            where pg.product_id = p.id and pg.store_id = ${storeId}))), '[]'::json)
        from products p join categories cat on cat.id = p.category_id
        where p.store_id = ${storeId} and p.id = any(${intArray(productIds)}::int[])) end as "products"
    from company_settings c join stores s on s.id = c.store_id
    where c.store_id = ${storeId}
  `,
  );
  return rows[0];
}

export async function findIdempotencyKey(db: DbExecutor, storeId: number, customerId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.storeId, storeId),
        eq(idempotencyKeys.customerId, customerId),
        eq(idempotencyKeys.key, key),
      ),
    );
  return row;
}

/**
 * Serialises the orders booking one schedule period of a store until the transaction ends (an
 * advisory lock: there is no row to lock yet). The write statement counts the period's orders
 * after it, so booking the last free place is exact.
 */
export async function lockSchedulePeriod(db: DbExecutor, storeId: number, period: Date): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`comanda:schedule:${storeId}:${period.toISOString()}`}))`,
  );
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface OrderLineValues {
  seq: number;
  productId: number;
  descricaoProduto: string;
  descricaoCategoria: string;
  produtoValor: number;
  valorAdicionais: number;
  qtd: number;
  valorTotal: number;
  observacao: string;
  itensPedidos: OrderLineItemSnapshot[];
}

export interface OrderValues {
  id: number;
  storeId: number;
  customerId: number;
  dhIniciado: Date;
  tipoEntrega: DeliveryType;
  formaEntrada: string;
  channel: OrderChannel;
  enteredBy: number | null;
  tableId: number | null;
  mesa: string | null;
  totalProdutos: number;
  acrescimo: number;
  valorEntrega: number;
  descontoCupom: number;
  descontoFidelidade: number;
  total: number;
  couponId: number | null;
  cupom: string | null;
  observacoes: string;
  paymentMethodId: number | null;
  formaPagamentoNome: string | null;
  trocoPara: number | null;
  horaEntrega: Date | null;
  estimatedAt: Date;
  addressId: number | null;
  addressString: string | null;
  fidelidadeUtilizada: boolean;
  pontosFidelidade: number;
  pontosUtilizados: number;
  documentoCliente: string | null;
  foneParaMensagens: string | null;
  imprimir: boolean;
  /** Paid online, not yet confirmed: hidden from the store, earns its points only once paid. */
  awaitingPayment: boolean;
}

export interface WriteOrderInput {
  order: OrderValues;
  lines: OrderLineValues[];
  /** The Idempotency-Key this order answers, and its request's hash. */
  key: string;
  requestHash: string;
  /** The order's reply; its order_info.pontos_fidelidade is set here to the balance after the order. */
  reply: unknown;
  /**
   * The customer's orders counter (ORDER_RATE_LIMIT_*), counted by this statement with the order,
   * only when it claims the key and only while it is under its maximum; null: orders not limited.
   * `mayBeAbsent`: the caller locked the customer in an earlier statement of this transaction, so a
   * counter this statement does not see does not exist yet (a first order). Otherwise a counter
   * created after the statement began cannot be told from none, and the write claims nothing.
   */
  rate: (WindowCounter & { mayBeAbsent: boolean }) | null;
}

export interface WriteOrderResult {
  /** False when nothing was written: the key was already taken, or the points to spend were not there. */
  claimed: boolean;
  /** The order's number in its store; null while it awaits an online payment, or when not claimed. */
  numero: number | null;
  /** The customer's points under the row's lock, before this order; null without the customer. */
  pointsBefore: number | null;
  /** False when the coupon's last use went to another order (coupon orders only). */
  couponClaimed: boolean;
  /** This customer's earlier orders with the coupon (exact when the customer's row was locked first). */
  couponCustomerUses: number;
  /** Other orders (not cancelled) booked for the same schedule period. */
  periodTaken: number;
  /** Nothing was claimed because the customer had placed the window's maximum of orders. */
  rateLimited: boolean;
  /** When the customer's window of orders started (with `rateLimited`, it says how long to wait). */
  rateStartedAt: Date | null;
  /** Nothing was claimed because the counter could not be seen (not `mayBeAbsent`): write again locked. */
  rateUnseen: boolean;
}

const ts = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * One statement writes the whole order: it locks the customer's row and then the customer's
 * orders counter, claims the Idempotency-Key with the order's reply (only when the points to spend
 * are there and the counter is under its maximum), counts the order on the counter, and, only
 * when the claim happened, writes the order, its lines, its first status change, the coupon's use
 * and redemption, and the points it spends (balance and ledger; what it earns waits for delivery). Run on its own it is its own transaction:
 * two requests of one customer take turns at the row lock, so the second sees the first's key and
 * points. The coupon's use is a conditional UPDATE (of two orders racing for its last use exactly
 * one gets it); a coupon order runs it inside a transaction that the caller rolls back when the use
 * did not happen, or when a per-customer or schedule limit counted here is exceeded.
 */
export async function writeOrder(db: DbExecutor, input: WriteOrderInput): Promise<WriteOrderResult> {
  const { order: o, lines, key, requestHash, reply, rate } = input;
  const rateKey = rate?.key ?? null;
  const spend = o.pontosUtilizados;
  // The points an order earns are credited when it is delivered (docs/decisions/0021); an order
  // awaiting its online payment learns them when the payment is confirmed.
  const pending = o.awaitingPayment ? 0 : o.pontosFidelidade;
  // Every table order joins its table's tab (after this statement), so its table stands for its tab.
  const parts = orderLedgerParts({ ...o, status: 'Solicitado', tabId: o.tableId });
  const takings = {
    parts,
    record: !isZeroParts(parts),
    online: isOnlinePaymentId(o.paymentMethodId),
    paymentName: o.formaPagamentoNome ?? UNNAMED_PAYMENT,
  };
  const rows = await runStatement<{
    claimed: number;
    numero: number | null;
    pointsBefore: number | null;
    couponClaimed: number;
    couponCustomerUses: number;
    periodTaken: number;
    rateLimited: number;
    rateStartedAt: Date | string | null;
    rateUnseen: number;
  }>(
    db,
    statement('comanda_order_write')`
    with locked as (
      select pontos_fidelidade as points from customers
      where store_id = ${o.storeId} and id = ${o.customerId}
      for update
    ),
    -- The orders counter, locked after the customer. FOR UPDATE reads its latest version even when
    -- another order of this customer changed it after this statement's snapshot was taken.
    rate as (
      select r.count, r.started_at from rate_limits r
      where r.store_id = ${o.storeId} and r.key = ${rateKey}::text and exists (select 1 from locked)
      for update of r
    ),
    allowed as (
      select 1 where ${rateKey}::text is null
      union all
      select 1 from rate r
      where r.count < ${rate?.max ?? null}::int
        or r.started_at + ${rate?.windowSeconds ?? null}::float8 * interval '1 second' <= ${ts(o.dhIniciado)}::timestamptz
      union all
      select 1 where ${rate?.mayBeAbsent ?? false}::boolean and not exists (select 1 from rate)
    ),
    claim as (
      insert into idempotency_keys (store_id, customer_id, key, request_hash, status_code, response, order_id, created_at)
      select ${o.storeId}, ${o.customerId}, ${key}, ${requestHash}, 201,
        jsonb_set(${JSON.stringify(reply)}::jsonb, '{order_info,pontos_fidelidade}',
          to_jsonb(l.points - ${spend}::int)),
        ${o.id}, ${ts(o.dhIniciado)}::timestamptz
      from locked l
      where l.points >= ${spend}::int and exists (select 1 from allowed)
      on conflict do nothing
      returning 1
    ),
    -- One use of the limit, only by the request that claimed the key (a replay counts nothing), and
    -- in the order's transaction (a draft rolled back gives it back). As RateLimiter.consume counts.
    counted as (
      insert into rate_limits as r (store_id, key, count, started_at, last_at, blocked_until)
      select ${o.storeId}, ${rateKey}::text, 1, ${ts(o.dhIniciado)}::timestamptz, ${ts(o.dhIniciado)}::timestamptz, null
      where ${rateKey}::text is not null and exists (select 1 from claim)
      on conflict (store_id, key) do update set
        count = case
          when r.count = 0 or r.started_at + ${rate?.windowSeconds ?? null}::float8 * interval '1 second' <= excluded.started_at
            then 1
          else r.count + 1
        end,
        started_at = case
          when r.count = 0 or r.started_at + ${rate?.windowSeconds ?? null}::float8 * interval '1 second' <= excluded.started_at
            then excluded.started_at
          else r.started_at
        end,
        last_at = excluded.last_at,
        blocked_until = null
      returning 1
    ),
    -- The store's next order number (docs/decisions/0065), only for an order the store sees now
    -- (not one awaiting an online payment) and only by the request that claimed the key: the
    -- counter's row stays locked to the end of the order's transaction, which a refusal rolls back.
    order_number as (
      insert into store_order_numbers as n (store_id, last_number)
      select ${o.storeId}, 1 where not ${o.awaitingPayment}::boolean and exists (select 1 from claim)
      on conflict (store_id) do update set last_number = n.last_number + 1
      returning last_number
    ),
    new_order as (
      insert into orders (
        id, store_id, customer_id, status, dh_iniciado, tipo_entrega, forma_entrada, channel, entered_by, table_id,
        mesa, total_produtos, acrescimo, valor_entrega, desconto_cupom, desconto_fidelidade, total, coupon_id,
        cupom, observacoes, payment_method_id, forma_pagamento_nome, troco_para, agendado, hora_entrega,
        estimated_at, address_id, address_string, fidelidade_utilizada, pontos_fidelidade,
        pontos_utilizados, documento_cliente, fone_para_mensagens, imprimir, awaiting_payment, updated_at, numero)
      select
        ${o.id}, ${o.storeId}, ${o.customerId}, 'Solicitado', ${ts(o.dhIniciado)}::timestamptz,
        ${o.tipoEntrega}, ${o.formaEntrada}, ${o.channel}, ${o.enteredBy}::int, ${o.tableId}::int, ${o.mesa}::text, ${o.totalProdutos}::int,
        ${o.acrescimo}::int, ${o.valorEntrega}::int, ${o.descontoCupom}::int, ${o.descontoFidelidade}::int,
        ${o.total}::int, ${o.couponId}::int, ${o.cupom}::text, ${o.observacoes}, ${o.paymentMethodId}::int,
        ${o.formaPagamentoNome}::text, ${o.trocoPara}::int, ${o.horaEntrega !== null},
        ${ts(o.horaEntrega)}::timestamptz, ${ts(o.estimatedAt)}::timestamptz, ${o.addressId}::int,
        ${o.addressString}::text, ${o.fidelidadeUtilizada}, ${pending}::int, ${spend}::int,
        ${o.documentoCliente}::text, ${o.foneParaMensagens}::text, ${o.imprimir}, ${o.awaitingPayment},
        ${ts(o.dhIniciado)}::timestamptz, (select last_number from order_number)
      where exists (select 1 from claim)
    ),
    new_lines as (
      insert into order_lines (
        order_id, store_id, seq, product_id, descricao_produto, descricao_categoria, produto_valor,
        valor_adicionais, qtd, valor_total, observacao, itens_pedidos)
      select ${o.id}, ${o.storeId}, x."seq", x."productId", x."descricaoProduto", x."descricaoCategoria",
        x."produtoValor", x."valorAdicionais", x."qtd", x."valorTotal", x."observacao", x."itensPedidos"
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(
        "seq" int, "productId" int, "descricaoProduto" text, "descricaoCategoria" text, "produtoValor" int,
        "valorAdicionais" int, "qtd" int, "valorTotal" int, "observacao" text, "itensPedidos" jsonb)
      where exists (select 1 from claim)
    ),
    first_status as (
      insert into order_status_changes (store_id, order_id, from_status, to_status, by_customer_id, at)
      select ${o.storeId}, ${o.id}, null, 'Solicitado', ${o.customerId}, ${ts(o.dhIniciado)}::timestamptz
      where exists (select 1 from claim)
    ),
    coupon_use as (
      update coupons set uses = uses + 1
      where store_id = ${o.storeId} and id = ${o.couponId}::int and ativo
        and (max_uses is null or uses < max_uses)
        and exists (select 1 from claim)
      returning id
    ),
    redemption as (
      insert into coupon_redemptions (store_id, coupon_id, customer_id, order_id, at)
      select ${o.storeId}, id, ${o.customerId}, ${o.id}, ${ts(o.dhIniciado)}::timestamptz from coupon_use
    ),
    points as (
      update customers set pontos_fidelidade = pontos_fidelidade - ${spend}::int
      where store_id = ${o.storeId} and id = ${o.customerId}
        and ${spend}::int > 0
        and exists (select 1 from claim)
      returning pontos_fidelidade
    ),
    -- The sale in the store's takings (docs/decisions/0057), when the order counts from now on:
    -- not awaiting an online payment, not a table round its tab's shares will pay.
    takings as (
      insert into ledger_entries (
        store_id, at, kind, order_id, tab_id, share_id, channel, delivery_type, payment_method_id,
        payment_name, online, products, extras, delivery_fee, service_fee, discount, amount,
        register_session_id, staff_id)
      select ${o.storeId}, ${ts(o.dhIniciado)}::timestamptz, 'venda', ${o.id}, null, null,
        ${o.channel}, ${o.tipoEntrega}, ${o.paymentMethodId}::int, ${takings.paymentName}::text,
        ${takings.online}::boolean, ${takings.parts.products}::int, ${takings.parts.extras}::int,
        ${takings.parts.deliveryFee}::int, ${takings.parts.serviceFee}::int, ${takings.parts.discount}::int,
        ${takings.parts.amount}::int, case when ${takings.online}::boolean then null else (
          select s.id from register_sessions s where s.store_id = ${o.storeId} and s.closed_at is null
          order by s.opened_at, s.id limit 1 for share of s) end,
        ${o.enteredBy}::int
      where ${takings.record}::boolean and exists (select 1 from claim)
    ),
    ledger as (
      insert into loyalty_points_ledger (store_id, customer_id, order_id, delta, reason, balance_after, at)
      select ${o.storeId}, ${o.customerId}, ${o.id}, -${spend}::int, 'reward_redeemed', l.points - ${spend}::int,
        ${ts(o.dhIniciado)}::timestamptz
      from locked l
      where exists (select 1 from points)
    )
    select
      (select count(*)::int from claim) as "claimed",
      (select last_number from order_number) as "numero",
      (select points from locked) as "pointsBefore",
      (select count(*)::int from coupon_use) as "couponClaimed",
      (select count(*)::int from coupon_redemptions r
        where r.coupon_id = ${o.couponId}::int and r.customer_id = ${o.customerId}) as "couponCustomerUses",
      (select count(*)::int from orders x
        where x.store_id = ${o.storeId} and x.hora_entrega = ${ts(o.horaEntrega)}::timestamptz
          and x.status <> 'Cancelado') as "periodTaken",
      (select count(*)::int from rate where not exists (select 1 from allowed)) as "rateLimited",
      (select started_at from rate) as "rateStartedAt",
      (select count(*)::int from locked
        where ${rateKey}::text is not null and not exists (select 1 from rate) and not exists (select 1 from allowed)
      ) as "rateUnseen"
  `,
  );
  const row = rows[0]!;
  return {
    claimed: row.claimed > 0,
    numero: row.numero ?? null,
    pointsBefore: row.pointsBefore,
    couponClaimed: row.couponClaimed > 0,
    couponCustomerUses: row.couponCustomerUses,
    periodTaken: row.periodTaken,
    rateLimited: row.rateLimited > 0,
    rateStartedAt: row.rateStartedAt === null ? null : new Date(row.rateStartedAt),
    rateUnseen: row.rateUnseen > 0,
  };
}

/** An order's number in its store (docs/decisions/0065); null while it awaits its online payment. */
export async function orderNumberOf(
  db: DbExecutor,
  storeId: number,
  orderId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ numero: orders.numero })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  return row?.numero ?? null;
}

/**
 * Locks the customer's row until the transaction ends, so that a write statement run after it sees
 * every earlier order of this customer (per-customer coupon limits are counted, not locked).
 */
export async function lockCustomer(db: DbExecutor, storeId: number, customerId: number): Promise<void> {
  await runStatement(
    db,
    statement('comanda_lock_customer')`
    select 1 from customers where store_id = ${storeId} and id = ${customerId} for update
  `,
  );
}

/**
 * The reply of a refused request, stored after its transaction rolled back so the key answers the
 * same from now on. Undefined when another request with the key got there first: its reply is the
 * key's.
 */
export async function storeRefusal(
  db: DbExecutor,
  values: {
    storeId: number;
    customerId: number;
    key: string;
    requestHash: string;
    statusCode: number;
    response: unknown;
    createdAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...values, orderId: null })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Forgets the key an order was placed with: a retry with the same key places a new order. */
export async function forgetKeyOf(
  db: DbExecutor,
  values: { storeId: number; customerId: number; orderId: number },
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.storeId, values.storeId),
        eq(idempotencyKeys.customerId, values.customerId),
        eq(idempotencyKeys.orderId, values.orderId),
      ),
    );
}

/**
 * The points a customer's orders will earn once delivered: placed (or paid, when online), not
 * cancelled, not credited yet (docs/decisions/0021).
 */
export async function pendingPointsOf(db: DbExecutor, storeId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${orders.pontosFidelidade}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.customerId, customerId),
        isNull(orders.pointsEarnedAt),
        eq(orders.awaitingPayment, false),
        ne(orders.status, 'Cancelado'),
      ),
    );
  return row?.points ?? 0;
}

const PURGE_BATCH = 1_000;

/**
 * Deletes the Idempotency-Keys created before `olderThan`, a batch at a time so no statement holds
 * many rows; returns how many went. Keys younger than that are never touched, so a retry within the
 * age still gets its first reply; a retry after it is a new request. The claim of a new key is an
 * insert that ignores conflicts, so placement never waits on a purge for more than a batch's rows.
 */
export async function purgeIdempotencyKeys(db: DbExecutor, olderThan: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await runStatement<{ n: number }>(
      db,
      statement('comanda_purge_idempotency_keys')`
      with gone as (
        delete from idempotency_keys
        where (store_id, customer_id, key) in (
          select store_id, customer_id, key from idempotency_keys
          where created_at < ${olderThan.toISOString()}::timestamptz
          limit ${PURGE_BATCH}
        )
        returning 1
      )
      select count(*)::int as n from gone
    `,
    );
    const batch = rows[0]?.n ?? 0;
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
