import type { OpenMode } from '@comanda/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A tenant. Everything else carries store_id and every query is scoped by it. */
export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** Bumped by every change to the store's menu or settings; menu caches compare it. */
  menuVersion: integer('menu_version').notNull().default(1),
  /**
   * The store whose staff's chain of POST /staff/stores made this one (issue 30, F6): the first
   * store of the chain, made by the operator (store:create, store:import); null for that one.
   */
  rootStoreId: integer('root_store_id').references((): AnyPgColumn => stores.id),
  /** The store's IANA time zone, one of Brazil's (docs/decisions/0043): its hours, schedule and reports. */
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  /**
   * The store's own roles for the capabilities a store may move (docs/decisions/0042, 0059):
   * capability → lowest role, only within the capability's `movable` range; a refused entry counts
   * as absent when read.
   */
  capabilityOverrides: jsonb('capability_overrides').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface RadiusTier {
  upToMetres: number;
  fee: number;
}
export interface DeliveryArea {
  name: string;
  fee: number;
  polygon: [number, number][];
}

/**
 * A place in the kitchen that prepares part of an order (Cozinha, Bar, Balcão; docs/decisions/0052):
 * each category or product is routed to one; a station's ticket and kitchen display hold its items only.
 */
export const printStations = pgTable(
  'print_stations',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Listing order, from 0; the first station takes what no category or product routes elsewhere. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('print_stations_store_name').on(t.storeId, t.name),
    index('print_stations_store').on(t.storeId),
  ],
);

/** Company settings of spec section 3, one row per store. Money in centavos. */
export const companySettings = pgTable(
  'company_settings',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    // display and timing
    logo: text('logo'),
    bgImage: text('bg_image'),
    bgVideo: text('bg_video'),
    /** Square PNG icons for the manifest. */
    icon192: text('icon_192'),
    icon512: text('icon_512'),
    mostrarLogoBanner: boolean('mostrar_logo_banner').notNull().default(true),
    deliveryTime: integer('delivery_time').notNull().default(80),
    pickupTime: integer('pickup_time').notNull().default(50),
    tempoEntregarMinutos: text('tempo_entregar_minutos').notNull().default(''),
    tempoBuscarMinutos: text('tempo_buscar_minutos').notNull().default(''),
    /** 'auto' follows the opening hours; 'open' and 'closed' override them (OPEN_MODES of the domain). */
    openMode: text('open_mode').$type<OpenMode>().notNull().default('auto'),
    /** A pause closes the store until then, whatever the mode; null or past when not paused. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    /** New orders for now go straight to Preparo. */
    autoAccept: boolean('auto_accept').notNull().default(false),
    /** The board prints the kitchen ticket when an order is accepted. */
    autoPrint: boolean('auto_print').notNull().default(false),
    /** The board's preset reasons for refusing / cancelling an order; null: the domain's defaults. */
    refusalReasons: jsonb('refusal_reasons').$type<string[]>(),
    cancelReasons: jsonb('cancel_reasons').$type<string[]>(),
    environment: text('environment').notNull().default('production'),
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    // modes
    permiteEntrega: boolean('permite_entrega').notNull().default(true),
    permiteBusca: boolean('permite_busca').notNull().default(true),
    permiteComerLocal: boolean('permite_comer_local').notNull().default(false),
    agendamentoAtivo: boolean('agendamento_ativo').notNull().default(false),
    permiteAgendamento: boolean('permite_agendamento').notNull().default(false),
    scheduleStepMinutes: integer('schedule_step_minutes').notNull().default(30),
    scheduleCapacity: integer('schedule_capacity'),
    // money and payment
    valorMinimo: integer('valor_minimo').notNull().default(0),
    /** The most units of one cart line (docs/decisions/0021). */
    qtdMaximaItem: integer('qtd_maxima_item').notNull().default(30),
    /** The largest order total accepted, in centavos (docs/decisions/0021). */
    valorMaximoPedido: integer('valor_maximo_pedido').notNull().default(300_000),
    deliveryFeeType: text('delivery_fee_type').notNull().default('neighbourhood'),
    deliveryMaxRadius: integer('delivery_max_radius').notNull().default(0),
    deliveryRadiusTiers: jsonb('delivery_radius_tiers').$type<RadiusTier[]>().notNull().default([]),
    deliveryAreas: jsonb('delivery_areas').$type<DeliveryArea[]>().notNull().default([]),
    deliveryDiscountedFee: integer('delivery_discounted_fee'),
    deliveryDiscountMinimumOrder: integer('delivery_discount_minimum_order').notNull().default(0),
    onlinePayment: boolean('online_payment').notNull().default(false),
    paymentByPix: boolean('payment_by_pix').notNull().default(false),
    paymentByCard: boolean('payment_by_card').notNull().default(false),
    paymentKey: text('payment_key'),
    selfCheckoutRequireImplyPay: boolean('self_checkout_require_imply_pay').notNull().default(false),
    /** Tables are opened by the staff with a code guests must give to order (issue 19, 'lock table'). */
    mesaExigeCodigo: boolean('mesa_exige_codigo').notNull().default(false),
    /** The service fee offered when a table's tab closes, a whole percent (0: none). */
    taxaServicoPerc: integer('taxa_servico_perc').notNull().default(0),
    expirationTimePix: integer('expiration_time_pix').notNull().default(300),
    // maps and rules
    googleMapsKey: text('google_maps_key'),
    googleMapsViewport: text('google_maps_viewport'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    deliveryCustomerDocRequired: boolean('delivery_customer_doc_required').notNull().default(false),
    // contact
    whatsapp: text('whatsapp').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    site: text('site').notNull().default(''),
    contato: text('contato').notNull().default(''),
    emailContato: text('email_contato').notNull().default(''),
    apresentacao: text('apresentacao').notNull().default(''),
    endereco: text('endereco').notNull().default(''),
    // style and tracking
    primaryColor: text('primary_color').notNull().default('#c0392b'),
    secondaryColor: text('secondary_color').notNull().default('#f1c40f'),
    fontFamily: text('font_family').notNull().default('system-ui'),
    fontUrl: text('font_url'),
    defaultStyleMode: text('default_style_mode').notNull().default('light'),
    fbPixelId: text('fb_pixel_id'),
    googleTagManager: text('google_tag_manager'),
    fbDomainVerification: text('fb_domain_verification'),
  },
  (t) => [check('company_settings_open_mode', sql`${t.openMode} in ('auto', 'open', 'closed')`)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    descricao: text('descricao').notNull(),
    detalhes: text('detalhes').notNull().default(''),
    aberto: boolean('aberto').notNull().default(false),
    ordem: integer('ordem').notNull().default(0),
    ativo: boolean('ativo').notNull().default(true),
    /** Where its products are prepared; null: the store's first station. */
    stationId: integer('station_id').references(() => printStations.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('categories_store_ref').on(t.storeId, t.ref)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    ref: text('ref').notNull(),
    descricao: text('descricao').notNull(),
    detalhes: text('detalhes').notNull().default(''),
    valorVenda: integer('valor_venda').notNull(),
    urlImagem: text('url_imagem'),
    urlMiniatura: text('url_miniatura'),
    urlVideo: text('url_video'),
    itemPai: boolean('item_pai').notNull().default(false),
    itemFilho: boolean('item_filho').notNull().default(false),
    parentId: integer('parent_id'),
    ordem: integer('ordem').notNull().default(0),
    ativoPedidos: boolean('ativo_pedidos').notNull().default(true),
    ativoGarcom: boolean('ativo_garcom').notNull().default(true),
    /** Sold out for now (the staff's switch): listed, not orderable. */
    esgotado: boolean('esgotado').notNull().default(false),
    excluido: boolean('excluido').notNull().default(false),
    /** Where it is prepared when not where its category's products are; null: its category's station. */
    stationId: integer('station_id').references(() => printStations.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('products_store_ref').on(t.storeId, t.ref), index('products_store').on(t.storeId)],
);

export const optionGroups = pgTable(
  'option_groups',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    descricao: text('descricao').notNull(),
    detalhes: text('detalhes').notNull().default(''),
    repetirItens: boolean('repetir_itens').notNull().default(false),
    politicaCobranca: text('politica_cobranca').notNull().default('Soma'),
    ordem: integer('ordem').notNull().default(0),
    /** Retired: the store document no longer names it (products stop asking for it). */
    excluido: boolean('excluido').notNull().default(false),
  },
  (t) => [uniqueIndex('option_groups_store_ref').on(t.storeId, t.ref)],
);

export const optionGroupItems = pgTable(
  'option_group_items',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    descricao: text('descricao').notNull(),
    detalhes: text('detalhes').notNull().default(''),
    preco: integer('preco').notNull().default(0),
    urlImagem: text('url_imagem'),
    ordem: integer('ordem').notNull().default(0),
    fkItem: integer('fk_item'),
    qtPadrao: integer('qt_padrao').notNull().default(0),
    excluido: boolean('excluido').notNull().default(false),
    ativoPedidos: boolean('ativo_pedidos').notNull().default(true),
    ativoGarcom: boolean('ativo_garcom').notNull().default(true),
    /** Sold out for now (the staff's switch): not offered until switched back. */
    esgotado: boolean('esgotado').notNull().default(false),
    ingrediente: boolean('ingrediente').notNull().default(false),
  },
  (t) => [
    uniqueIndex('option_group_items_group_ref').on(t.groupId, t.ref),
    index('option_group_items_store').on(t.storeId),
  ],
);

/** Which groups a product asks for, with the product-specific min and max (0 = no cap). */
export const productGroups = pgTable(
  'product_groups',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    min: integer('min').notNull().default(0),
    max: integer('max').notNull().default(0),
    ordem: integer('ordem').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.groupId] }), index('product_groups_store').on(t.storeId)],
);

export const openingHours = pgTable(
  'opening_hours',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday, 7 = holiday. */
    diaSemana: integer('dia_semana').notNull(),
    turno: integer('turno').notNull(),
    hrInicio: text('hr_inicio').notNull(),
    hrFim: text('hr_fim').notNull(),
  },
  (t) => [uniqueIndex('opening_hours_store_day_shift').on(t.storeId, t.diaSemana, t.turno)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    nome: text('nome').notNull(),
    estado: text('estado').notNull(),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [uniqueIndex('cities_store_ref').on(t.storeId, t.ref)],
);

export const neighbourhoods = pgTable(
  'neighbourhoods',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    ref: text('ref').notNull(),
    descricao: text('descricao').notNull(),
    /** The normal fee (original_delivery_fee). */
    valorEntrega: integer('valor_entrega').notNull().default(0),
    /** The fee from discountMinimumOrder up (delivery_fee); null when there is no discount. */
    valorEntregaDesconto: integer('valor_entrega_desconto'),
    discountMinimumOrder: integer('discount_minimum_order').notNull().default(0),
    ativo: boolean('ativo').notNull().default(true),
    excluido: boolean('excluido').notNull().default(false),
  },
  (t) => [uniqueIndex('neighbourhoods_store_ref').on(t.storeId, t.ref)],
);

/** Payment methods keep the ids the store gives them: 1 is the default, 993–999 are reserved. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    api: text('api'),
    tipo: text('tipo').notNull(),
    descricao: text('descricao').notNull(),
    ordem: integer('ordem').notNull().default(0),
    chavePix: text('chave_pix'),
    tipoChavePix: text('tipo_chave_pix'),
    pixNomeTitular: text('pix_nome_titular'),
    permiteTroco: boolean('permite_troco').notNull().default(false),
    tiposEntrega: jsonb('tipos_entrega')
      .$type<string[]>()
      .notNull()
      .default(sql`'["Entregar","Retirada","Vem comer"]'::jsonb`),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);

export const loyaltyPrograms = pgTable('loyalty_programs', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  ativo: boolean('ativo').notNull().default(false),
  descricao: text('descricao').notNull().default(''),
  pontosRecompensa: integer('pontos_recompensa').notNull(),
  recompensaPerc: boolean('recompensa_perc').notNull().default(false),
  percRecompensa: doublePrecision('perc_recompensa').notNull().default(0),
  vlrRecompensa: integer('vlr_recompensa').notNull().default(0),
  /** Points earned per real of products bought. */
  pontosPorReal: doublePrecision('pontos_por_real').notNull().default(1),
});

export const diningTables = pgTable(
  'dining_tables',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    description: text('description').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /**
     * The secret in the table's QR code: a table order must carry it, so knowing a table's public id
     * is not enough to order (docs/decisions/0021). Kept across store imports; replaced to reprint.
     */
    token: text('token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [uniqueIndex('dining_tables_store_ref').on(t.storeId, t.ref)],
);

/**
 * A table's running tab (issue 19): every round ordered at the table joins its open tab; the staff
 * closes it ('closing': the bill and its shares are fixed) and marks the shares paid ('closed').
 * At most one tab of a table is not closed.
 */
export const tableTabs = pgTable(
  'table_tabs',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    /** open, closing or closed (TAB_STATUSES of the domain). */
    status: text('status').notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The staff member who opened it; null when the first round opened it. */
    openedBy: integer('opened_by'),
    /** The waiter's code guests give to order, when the store opens tables with a code. */
    code: text('code'),
    /** Rounds placed so far (the next round's number is this plus one). */
    rounds: integer('rounds').notNull().default(0),
    /** Fixed at closing: 'even' or 'items'. */
    splitMode: text('split_mode'),
    /** Fixed at closing: the percent charged (0 when the fee was left out). */
    serviceFeePercent: integer('service_fee_percent'),
    serviceFee: integer('service_fee'),
    /** Fixed at closing: what the shares add up to. */
    amountDue: integer('amount_due'),
    closingAt: timestamp('closing_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('table_tabs_one_open').on(t.storeId, t.tableId).where(sql`${t.status} <> 'closed'`),
    index('table_tabs_store_status').on(t.storeId, t.status),
  ],
);

/** A share of a tab's bill, paid at the counter (marked by the staff). */
export const tabShares = pgTable(
  'tab_shares',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tabId: integer('tab_id')
      .notNull()
      .references(() => tableTabs.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… */
    seq: integer('seq').notNull(),
    amount: integer('amount').notNull(),
    serviceFee: integer('service_fee').notNull(),
    /** The order lines this share takes (split by items); [] for an even split. */
    lineIds: jsonb('line_ids').$type<number[]>().notNull().default([]),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by'),
    paymentMethod: text('payment_method'),
  },
  (t) => [uniqueIndex('tab_shares_seq').on(t.tabId, t.seq)],
);

/**
 * A guest's payment attempt for one share of a closing tab (issue 19): a PIX charge, or a card
 * attempt (docs/decisions/0033, 0035), through the store's provider. Paid only when the provider
 * says so; one pending attempt per share and method at a time.
 */
export const tabSharePayments = pgTable(
  'tab_share_payments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    shareId: integer('share_id')
      .notNull()
      .references(() => tabShares.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** pix or card (docs/decisions/0035). */
    method: text('method').notNull().default('pix'),
    /** Ours: 26 letters and digits, unique per store (the provider call's idempotency key). */
    reference: text('reference').notNull(),
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    /** pending, paid, expired, failed, canceled, or refunded (paid, then given back: docs/decisions/0037). */
    status: text('status').notNull(),
    copyPaste: text('copy_paste'),
    /** The QR image as a data: URL. */
    qr: text('qr'),
    /** Card, intent flow (Stripe): what the provider's kit confirms with in the guest's browser. */
    clientSecret: text('client_secret'),
    /** Card, token flow (Mercado Pago): a card token is being paid with now (one at a time). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Card: why it failed, in the guest's words (a declined card, a 3-D Secure not completed). */
    failure: text('failure'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Paid in the app after the share was marked paid at the counter: the store gives it back by hand. */
    needsManualRefund: boolean('needs_manual_refund').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('tab_share_payments_reference').on(t.storeId, t.reference),
    // One live attempt per share and method: a guest may hold a PIX and a card attempt at once; the
    // first paid settles the share and the other is cancelled at the provider.
    uniqueIndex('tab_share_payments_one_pending_per_method')
      .on(t.shareId, t.method)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A guest's call from the table: the waiter, or the bill. Acknowledged by the staff. */
export const tableCalls = pgTable(
  'table_calls',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    tabId: integer('tab_id').references(() => tableTabs.id, { onDelete: 'set null' }),
    /** waiter or bill (TABLE_CALL_KINDS of the domain). */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by'),
  },
  (t) => [
    index('table_calls_store_waiting').on(t.storeId, t.acknowledgedAt),
    uniqueIndex('table_calls_one_waiting')
      .on(t.storeId, t.tableId, t.kind)
      .where(sql`${t.acknowledgedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Customer accounts (sign-in, sessions, recovery, privacy)

/**
 * A customer account of a store. Its id is both the spec's cliente_id and user_id. One phone is one
 * customer account per store (the same phone may also have a staff account: staff_accounts).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Login digits: the 11 national digits in Brazil, country code + national number elsewhere. */
    phone: text('phone').notNull(),
    /** ISO code of the phone's country (BR, US, …). */
    phoneCountry: text('phone_country').notNull(),
    nome: text('nome').notNull(),
    email: text('email'),
    documento: text('documento'),
    /** Self-describing scrypt hash: $scrypt$ln=…,r=…,p=…$salt$hash. */
    passwordHash: text('password_hash').notNull(),
    sendPromo: boolean('send_promo').notNull().default(false),
    /** The privacy link's id: 144 random bits, base64url; never derived from the id. */
    privacyToken: text('privacy_token').notNull(),
    pontosFidelidade: integer('pontos_fidelidade').notNull().default(0),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('customers_store_phone').on(t.storeId, t.phone),
    uniqueIndex('customers_store_privacy_token').on(t.storeId, t.privacyToken),
  ],
);

/**
 * A member of a store's staff (docs/decisions/0026): separate from customer accounts, so the same
 * phone may be both at one store. Roles: attendant < manager < owner (packages/domain staff-roles).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Login digits, as customers' phone. */
    phone: text('phone').notNull(),
    phoneCountry: text('phone_country').notNull(),
    nome: text('nome').notNull(),
    /** Self-describing scrypt hash, as customers'. */
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * Set when an owner removes the member: it no longer signs in, and the order history keeps who
     * acted. Its phone can join the team again as a new account.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_accounts_store_phone').on(t.storeId, t.phone).where(sql`${t.removedAt} is null`),
    check('staff_accounts_role', sql`${t.role} in ('owner', 'manager', 'attendant')`),
  ],
);

/**
 * A signed-in session of a customer or of a staff member (exactly one of the two). Only the SHA-256
 * of the token's secret is kept.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_secret_hash').on(t.secretHash),
    index('sessions_customer').on(t.customerId),
    index('sessions_staff').on(t.staffId),
    check('sessions_one_account', sql`num_nonnulls(${t.customerId}, ${t.staffId}) = 1`),
  ],
);

/** A password-recovery code sent by SMS: salted SHA-256, single use, short-lived, few tries. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** salt$sha256, both base64url. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_customer').on(t.customerId)],
);

/** The outbox of the local SMS stand-in (SMS_PROVIDER=local): every message it "sent". */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** E.164, e.g. +5511999990000. */
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sms_messages_store_phone').on(t.storeId, t.phone)],
);

/**
 * Abuse-limit counters shared by every server instance. `count` is the attempts in the window
 * that began at `startedAt` (or the consecutive failures, for back-off rules).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.key] }), index('rate_limits_last_at').on(t.lastAt)],
);

/** Every change of the promotional-messages consent: who, from what, to what, how and when. */
export const consentChanges = pgTable(
  'consent_changes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Null for the choice made at sign-up. */
    oldValue: boolean('old_value'),
    newValue: boolean('new_value').notNull(),
    /** 'signup', 'profile' (signed in), 'link' (the public privacy link), 'checkout' or 'whatsapp' (a reply). */
    channel: text('channel').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** What the consent is for: 'promocoes' (promotional messages) or 'whatsapp_pedidos' (order updates on WhatsApp). */
    purpose: text('purpose').notNull().default('promocoes'),
  },
  (t) => [index('consent_changes_customer').on(t.customerId)],
);

// ---------------------------------------------------------------------------------------------
// Saved addresses

/**
 * A customer's saved address. The fee is not stored: it is computed at read time from the store's
 * fee model (neighbourhood, radius or area). city_id and district_id point at the store's table when
 * the address uses them (always, for stores that charge by neighbourhood); city_name and
 * district_name are the names as saved (free text for radius and area stores). Deletion is soft.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    /** Letters and digits, or 'S/N'. */
    streetNumber: text('street_number').notNull(),
    complement: text('complement').notNull().default(''),
    cityId: integer('city_id').references(() => cities.id),
    cityName: text('city_name').notNull(),
    state: text('state').notNull().default(''),
    districtId: integer('district_id').references(() => neighbourhoods.id),
    /** 'Sem bairro' when the address has none. */
    districtName: text('district_name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    search: text('search'),
    location: boolean('location').notNull().default(false),
    excluido: boolean('excluido').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('customer_addresses_store_customer').on(t.storeId, t.customerId)],
);

// ---------------------------------------------------------------------------------------------
// Coupons, orders and loyalty points

/**
 * A store's coupon. `code` is kept upper-case (one code per store, whatever the case typed);
 * `valor` is a percent (0–100) when `perc`, else centavos. `uses` counts the orders that used it:
 * it only grows, by a conditional UPDATE inside the order's transaction.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    descricao: text('descricao').notNull().default(''),
    valor: doublePrecision('valor').notNull(),
    perc: boolean('perc').notNull(),
    /** 'Carrinho', 'Entrega' or anything else (both). */
    local: text('local').notNull().default('Carrinho'),
    ativo: boolean('ativo').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Null = no cap. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** Null = no cap. */
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    minSubtotal: integer('min_subtotal').notNull().default(0),
    /** Retired: the store document no longer names it (also inactive; its uses stay in the history). */
    excluido: boolean('excluido').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_store_code').on(t.storeId, t.code),
    check('coupons_code_upper_case', sql`${t.code} = upper(${t.code})`),
    check('coupons_uses_within_cap', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

/**
 * A placed order (spec section 3 "Order record"). Money in centavos; the totals are columns, the
 * lines are rows of order_lines. total = total_produtos + acrescimo + valor_entrega − desconto.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Solicitado, Preparo, Finalização, Concluido, Entregue or Cancelado. */
    status: text('status').notNull().default('Solicitado'),
    dhIniciado: timestamp('dh_iniciado', { withTimezone: true }).notNull(),
    tipoEntrega: text('tipo_entrega').notNull(),
    formaEntrada: text('forma_entrada').notNull(),
    /** app, mesa, balcao, telefone or garcom (ORDER_CHANNELS of the domain, issue 33). */
    channel: text('channel').notNull().default('app'),
    /** The staff member who entered the order (balcão, telefone, garçom); null for a customer's own. */
    enteredBy: integer('entered_by'),
    tableId: integer('table_id').references(() => diningTables.id),
    mesa: text('mesa'),
    /** A table order's tab, and its round on it (1, 2…); null otherwise. */
    tabId: integer('tab_id').references(() => tableTabs.id),
    rodada: integer('rodada'),
    /** Σ base price × qtd. */
    totalProdutos: integer('total_produtos').notNull(),
    /** Σ options × qtd. */
    acrescimo: integer('acrescimo').notNull(),
    valorEntrega: integer('valor_entrega').notNull(),
    descontoCupom: integer('desconto_cupom').notNull().default(0),
    descontoFidelidade: integer('desconto_fidelidade').notNull().default(0),
    total: integer('total').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    cupom: text('cupom'),
    observacoes: text('observacoes').notNull().default(''),
    paymentMethodId: integer('payment_method_id'),
    formaPagamentoNome: text('forma_pagamento_nome'),
    trocoPara: integer('troco_para'),
    agendado: boolean('agendado').notNull().default(false),
    /** The scheduled period's start; null unless agendado. */
    horaEntrega: timestamp('hora_entrega', { withTimezone: true }),
    estimatedAt: timestamp('estimated_at', { withTimezone: true }).notNull(),
    addressId: integer('address_id').references(() => customerAddresses.id),
    addressString: text('address_string'),
    fidelidadeUtilizada: boolean('fidelidade_utilizada').notNull().default(false),
    /**
     * Points the order earns: credited to the customer only when it is delivered (Entregue),
     * pending until then (docs/decisions/0021).
     */
    pontosFidelidade: integer('pontos_fidelidade').notNull().default(0),
    /** When pontos_fidelidade was credited (the order delivered); null while pending or never. */
    pointsEarnedAt: timestamp('points_earned_at', { withTimezone: true }),
    /** Points the order spent on the loyalty reward. */
    pontosUtilizados: integer('pontos_utilizados').notNull().default(0),
    documentoCliente: text('documento_cliente'),
    foneParaMensagens: text('fone_para_mensagens'),
    imprimir: boolean('imprimir').notNull().default(true),
    /**
     * Paid online and not yet confirmed by the provider: the store does not see the order, it earns
     * no points and does not count (docs/decisions/0018). False for every other order.
     */
    awaitingPayment: boolean('awaiting_payment').notNull().default(false),
    /**
     * The number customers and staff read ('Pedido nº 12'): the store's own sequence, given when the
     * order reaches the store (placed, or its online payment confirmed), so an abandoned or failed
     * payment leaves no gap; null while awaiting payment (docs/decisions/0065).
     */
    numero: integer('numero'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_store_numero').on(t.storeId, t.numero),
    index('orders_store_customer').on(t.storeId, t.customerId, t.dhIniciado),
    index('orders_store_status').on(t.storeId, t.status, t.dhIniciado),
    // The staff list: a store's orders, newest first (order tracking, docs/decisions/0012).
    index('orders_store_started').on(t.storeId, t.dhIniciado, t.id),
    index('orders_store_schedule').on(t.storeId, t.horaEntrega).where(sql`${t.horaEntrega} is not null`),
    // The order history's filters by payment method and by channel (docs/decisions/0049).
    index('orders_store_payment').on(t.storeId, t.paymentMethodId, t.dhIniciado),
    index('orders_store_type').on(t.storeId, t.tipoEntrega, t.dhIniciado),
  ],
);

/** One line of an order; its items are a snapshot (as the order record shows them). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Position in the order, from 0. */
    seq: integer('seq').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    descricaoProduto: text('descricao_produto').notNull(),
    descricaoCategoria: text('descricao_categoria').notNull(),
    produtoValor: integer('produto_valor').notNull(),
    /** What the options add to one unit. */
    valorAdicionais: integer('valor_adicionais').notNull(),
    qtd: integer('qtd').notNull(),
    valorTotal: integer('valor_total').notNull(),
    observacao: text('observacao').notNull().default(''),
    itensPedidos: jsonb('itens_pedidos').$type<OrderLineItemSnapshot[]>().notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_seq').on(t.orderId, t.seq),
    index('order_lines_product').on(t.productId),
  ],
);

export interface OrderLineItemSnapshot {
  item_id: number;
  quantidade_pedida: number;
  quantidade_padrao: number;
  valor: number;
  grupo: number;
  grupo_descricao: string;
  descricao: string;
  ingrediente: boolean;
}

/** Every status an order went through: who moved it, from what, to what, why and when. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the order's creation. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The customer who made the change (placing the order); null for the store's changes. */
    byCustomerId: integer('by_customer_id').references(() => customers.id),
    /** The staff member who made a later change; null for the creation and the store's auto-accept. */
    byStaffId: integer('by_staff_id').references(() => staffAccounts.id),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_status_changes_order').on(t.orderId)],
);

/** One use of a coupon by an order, for the per-customer limit. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('coupon_redemptions_coupon_customer').on(t.couponId, t.customerId)],
);

/**
 * Every change of a customer's loyalty points: + earned by an order, − spent on a reward. The
 * balance (customers.pontos_fidelidade) is the sum of a customer's deltas.
 */
export const loyaltyPointsLedger = pgTable(
  'loyalty_points_ledger',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id),
    delta: integer('delta').notNull(),
    /** 'order_earned' or 'reward_redeemed' (later also reversals). */
    reason: text('reason').notNull(),
    /** The balance after this change. */
    balanceAfter: integer('balance_after').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('loyalty_points_ledger_customer').on(t.storeId, t.customerId)],
);

/**
 * Exactly-once order placement: one row per (store, customer, Idempotency-Key), inserted first in
 * the order's transaction (a duplicate waits on the unique index until the first one commits) and
 * completed with the reply the key answers from then on.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the request body, to tell a retry from a different request with the same key. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.customerId, t.key] }),
    index('idempotency_keys_created_at').on(t.createdAt),
  ],
);

/**
 * The provider a store takes online payment through, with its settings; the secrets (tokens, keys,
 * webhook secrets, private keys) encrypted with PAYMENT_SECRETS_KEY (docs/decisions/0018).
 */
export const storePaymentProviders = pgTable('store_payment_providers', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  /** mercadopago, stripe, apipix or static_pix. */
  provider: text('provider').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  /** AES-256-GCM of the secrets' JSON: base64url of nonce, ciphertext and tag. */
  secrets: text('secrets'),
  /** The token the provider's notifications carry in their URL (API Pix), compared in constant time. */
  notificationToken: text('notification_token').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /**
   * What the last registration of our notification URL at the provider came to (API Pix's PUT
   * /webhook/{chave}), for the owner to see: ok, the URL with its secret blotted out, the
   * provider's words, when. Null until one is tried.
   */
  webhookStatus: jsonb('webhook_status').$type<{
    ok: boolean;
    url: string;
    detail: string | null;
    at: string;
  }>(),
});

/** One attempt to pay an order online, at one provider. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The storefront's intent_id: random, never the serial id. */
    publicId: text('public_id').notNull(),
    provider: text('provider').notNull(),
    /** pix or card. */
    method: text('method').notNull(),
    /** Ours, 26 letters and digits: the provider call's idempotency key and external reference. */
    reference: text('reference').notNull(),
    /** The provider's id of the charge; null until the provider answered. */
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    /** The loyalty points the order earns once paid (an order awaiting payment earns nothing yet). */
    pointsToEarn: integer('points_to_earn').notNull().default(0),
    /** pending, paid, failed, expired, canceled or refunded. */
    status: text('status').notNull(),
    copyPaste: text('copy_paste'),
    qrPngBase64: text('qr_png_base64'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidAmount: integer('paid_amount'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** Money that came after the payment stopped counting and could not be given back by the provider. */
    needsManualRefund: boolean('needs_manual_refund').notNull().default(false),
    /** When the provider was last asked about this payment (the poll and reconciliation take turns). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Cards: what the browser kit confirms with (the customer's own, never logged). */
    clientSecret: text('client_secret'),
    /** Cards: the issuer's authorisation code, once paid. */
    authorizationCode: text('authorization_code'),
    /** Cards: the saved card this payment charged, if any. */
    savedCardId: integer('saved_card_id'),
    /**
     * Card, token flow: a card token is being paid with now. One token at a time reaches the
     * provider, so one attempt never holds two charges (docs/decisions/0037).
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Why a refunded payment's money went back: late, amount, stopped, store_cancel, provider. */
    refundReason: text('refund_reason'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_public_id').on(t.publicId),
    uniqueIndex('payments_store_reference').on(t.storeId, t.reference),
    uniqueIndex('payments_provider_ref').on(t.storeId, t.provider, t.providerRef),
    index('payments_order').on(t.orderId),
    index('payments_pending').on(t.status, t.checkedAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A charge at the store's provider that is not its attempt's one paid charge (docs/decisions/0037):
 * a second card token's, one that arrived after the attempt stopped, one for a share already paid,
 * or one the ledger check found with our reference and no record. Its money goes back in full
 * through the provider (cancelled when it holds none yet), and the row says how that went.
 */
export const strayCharges = pgTable(
  'stray_charges',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    /** The attempt's reference it was opened with (ours). */
    reference: text('reference').notNull(),
    /** The order's payment attempt it came for, or the table share's. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    sharePaymentId: integer('share_payment_id').references(() => tabSharePayments.id, {
      onDelete: 'set null',
    }),
    /** second_charge, after_stop, share_settled, amount or unrecorded. */
    reason: text('reason').notNull(),
    /** Centavos the charge holds (or asks, while pending). */
    amount: integer('amount').notNull(),
    /** due, refunded, canceled (held no money) or manual (the store gives it back by hand). */
    status: text('status').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** How many times the provider was asked; the job backs off on these. */
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('stray_charges_ref').on(t.storeId, t.provider, t.providerRef),
    index('stray_charges_due').on(t.status, t.updatedAt).where(sql`${t.status} = 'due'`),
  ],
);

/** A customer's account at a payment provider (cards are kept on it), one per store, customer and provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payment_customers_key').on(t.storeId, t.customerId, t.provider)],
);

/** A card kept at the provider for a customer of a store (spec section 3 "Card"): never its number. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    /** visa, mastercard or other. */
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_cards_method').on(t.storeId, t.provider, t.providerMethodId),
    index('saved_cards_customer').on(t.storeId, t.customerId),
  ],
);

/** Every move of a payment: from, to, what moved it (create, notification, poll, reconcile, abandon, staff) and when. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    source: text('source').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_events_payment').on(t.paymentId)],
);

/** Provider notifications received and verified, once each: a delivery of the same event again is a duplicate. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.provider, t.eventId] })],
);

/**
 * Who changed what in a store's document through the staff editor (docs/decisions/0032): one row per
 * saved section, written in the transaction that applies it, with the section before and after.
 */
export const storeAuditLog = pgTable(
  'store_audit_log',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    section: text('section').notNull(),
    /** The menu version the change produced. */
    menuVersion: integer('menu_version').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
  },
  (t) => [index('store_audit_log_store').on(t.storeId, t.id)],
);

/**
 * A store's cloud printer (docs/decisions/0054): a Star CloudPRNT printer that polls the server with
 * HTTP basic auth, `login` as the user name and a secret shown once (kept as its SHA-256 here). Its
 * station's tickets print there; null: every station's.
 */
export const cloudPrinters = pgTable(
  'cloud_printers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    stationId: integer('station_id').references(() => printStations.id, { onDelete: 'set null' }),
    login: text('login').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last poll (POST) and the status code it reported ("200 OK", "410 Paper out"…). */
    lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
    lastStatusCode: text('last_status_code'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('cloud_printers_store').on(t.storeId)],
);

/**
 * A ticket waiting for, or given to, a cloud printer: one per order, station and kind (kitchen, or
 * cancel for CANCELADO) and printer, with its text rendered when it was queued.
 * queued → sent (the printer fetched it) → printed, or back to queued after an error code until
 * it has failed PRINT_JOB_ATTEMPTS_MAX times (failed).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    printerId: integer('printer_id')
      .notNull()
      .references(() => cloudPrinters.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * The station whose lines it holds; null for a store without stations (every line). No foreign
     * key: a station's removal leaves its past jobs as they were printed.
     */
    stationId: integer('station_id'),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    content: text('content').notNull(),
    lastErrorCode: text('last_error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    unique('print_jobs_once').on(t.printerId, t.orderId, t.stationId, t.kind).nullsNotDistinct(),
    index('print_jobs_printer_pending').on(t.printerId, t.status, t.id),
    index('print_jobs_order').on(t.storeId, t.orderId),
  ],
);

/**
 * What a kitchen display's station marked done (docs/decisions/0055): one line of an order
 * (`line_seq`), or every line the station prepares (`line_seq` null). `station_id` null: a store
 * without stations, where one place prepares everything. Recalling a bump deletes its row.
 */
export const kitchenBumps = pgTable(
  'kitchen_bumps',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stationId: integer('station_id').references(() => printStations.id, { onDelete: 'cascade' }),
    lineSeq: integer('line_seq'),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kitchen_bumps_order').on(t.orderId), index('kitchen_bumps_store').on(t.storeId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// The day's money (issue 33, docs/decisions/0057): cash registers and the ledger of takings

/** A named terminal whose drawer is counted (a store has one, 'Caixa', until it names more). */
export const cashRegisters = pgTable(
  'cash_registers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('cash_registers_store_name').on(t.storeId, t.name)],
);

/**
 * One opening of a register, from its float to its closing count. At most one session of a
 * register is open; in-person takings written while one is open are recorded against it.
 */
export const registerSessions = pgTable(
  'register_sessions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    registerId: integer('register_id')
      .notNull()
      .references(() => cashRegisters.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    openedBy: integer('opened_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The cash put in the drawer at the opening (troco inicial). */
    openingFloat: integer('opening_float').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('register_sessions_one_open').on(t.registerId).where(sql`${t.closedAt} is null`),
    index('register_sessions_store').on(t.storeId, t.openedAt),
  ],
);

/**
 * The store's takings (docs/decisions/0057): every sale, adjustment and reversal of an order, and
 * every paid share of a table's bill, with what it is made of. The entries of an order add up to
 * what it is worth now; 'Hoje', the period reports and the CSV all read this table.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** venda, ajuste or estorno (LEDGER_KINDS of the domain). */
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    tabId: integer('tab_id').references(() => tableTabs.id, { onDelete: 'cascade' }),
    shareId: integer('share_id').references(() => tabShares.id, { onDelete: 'cascade' }),
    /** The order's channel; 'mesa' for a table's share. */
    channel: text('channel').notNull(),
    /** Entregar, Retirada or Vem comer (a table's share: Vem comer). */
    deliveryType: text('delivery_type').notNull(),
    paymentMethodId: integer('payment_method_id'),
    /** The payment method's name as the customer or the staff chose it. */
    paymentName: text('payment_name').notNull(),
    /** Paid through the app: the money is at the provider, never in a drawer. */
    online: boolean('online').notNull(),
    products: integer('products').notNull(),
    extras: integer('extras').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    serviceFee: integer('service_fee').notNull(),
    discount: integer('discount').notNull(),
    /** products + extras + delivery_fee + service_fee − discount; negative for a reversal. */
    amount: integer('amount').notNull(),
    /** The register session an in-person entry was taken in; null online, or with no register open. */
    registerSessionId: integer('register_session_id').references(() => registerSessions.id, {
      onDelete: 'set null',
    }),
    /** Who wrote it: the staff member, or null for the customer's own action or the system. */
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('ledger_entries_store_at').on(t.storeId, t.at),
    index('ledger_entries_order').on(t.orderId),
    index('ledger_entries_session').on(t.registerSessionId),
    // What the period report reads entry by entry besides the daily figures (0064): reversals and
    // table shares' sales.
    index('ledger_entries_store_at_counted')
      .on(t.storeId, t.at)
      .where(sql`${t.kind} = 'estorno' or ${t.orderId} is null`),
    check(
      'ledger_entries_parts',
      sql`${t.amount} = ${t.products} + ${t.extras} + ${t.deliveryFee} + ${t.serviceFee} - ${t.discount}`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 33, part 5: role rules for money (docs/decisions/0059)

/**
 * A notice to the store's owners (issue 33): the PIX key or the payment provider changed, by whom
 * and when. `detail` holds what the staff app shows (the key masked, never whole).
 */
export const staffNotices = pgTable(
  'staff_notices',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** pix_key or payment_provider. */
    kind: text('kind').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** { before, after }: masked keys or provider names. */
    detail: jsonb('detail').$type<{ before: string | null; after: string | null }>().notNull(),
  },
  (t) => [index('staff_notices_store').on(t.storeId, t.id)],
);

/** An owner dismissed a notice (each owner dismisses for themself). */
export const staffNoticeDismissals = pgTable(
  'staff_notice_dismissals',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => staffNotices.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.staffId] })],
);

/** A manager's or owner's own approval code (4–8 digits), kept hashed like a password. */
export const staffApprovalCodes = pgTable('staff_approval_codes', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A member's request to cancel an order they may not cancel alone (issue 33): pending until a
 * manager or owner approves (the cancel is then made as theirs) or denies it.
 */
export const cancelRequests = pgTable(
  'cancel_requests',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    askedBy: integer('asked_by')
      .notNull()
      .references(() => staffAccounts.id),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** pending, approved or denied. */
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('cancel_requests_store').on(t.storeId, t.status, t.id),
    uniqueIndex('cancel_requests_one_pending').on(t.storeId, t.orderId).where(sql`${t.status} = 'pending'`),
    check('cancel_requests_status', sql`${t.status} in ('pending', 'approved', 'denied')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 33 part 1 (order entry, docs/decisions/0058): edits of an order before it is prepared

/**
 * One edit of an order by a staff member while it was Solicitado or Preparo: lines added and
 * removed (as the order lines were: product, quantity, total), the payment before and after, the
 * order's total before and after. The money ledger's adjustment is read from it.
 */
export const orderEdits = pgTable(
  'order_edits',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    totalBefore: integer('total_before').notNull(),
    totalAfter: integer('total_after').notNull(),
    linesAdded: jsonb('lines_added').$type<OrderEditLine[]>().notNull(),
    linesRemoved: jsonb('lines_removed').$type<OrderEditLine[]>().notNull(),
    paymentBefore: integer('payment_before'),
    paymentAfter: integer('payment_after'),
  },
  (t) => [index('order_edits_order').on(t.storeId, t.orderId, t.id)],
);

/** A line an edit added or removed, as the order line was. */
export interface OrderEditLine {
  seq: number;
  product_id: number;
  descricao_produto: string;
  qtd: number;
  valor_total: number;
  /** The line's note and options, for the kitchen's PEDIDO ALTERADO ticket (absent on older rows). */
  observacao?: string;
  itens_pedidos?: OrderLineItemSnapshot[];
}

// ---------------------------------------------------------------------------------------------
// The cash register (issue 33 part 2, docs/decisions/0060): its movements and its closing count

/** Cash taken out of the drawer (sangria) or put in (suprimento) during a session, with why. */
export const registerMovements = pgTable(
  'register_movements',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => registerSessions.id, { onDelete: 'cascade' }),
    /** sangria or suprimento (REGISTER_MOVEMENT_KINDS of the domain). */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('register_movements_session').on(t.sessionId),
    check('register_movements_amount', sql`${t.amount} > 0`),
  ],
);

/** A closed session's count per payment method: what was expected, counted, and the difference. */
export const registerCounts = pgTable(
  'register_counts',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => registerSessions.id, { onDelete: 'cascade' }),
    /** The domain's line key: 'cash', m<method id> or n:<name>. */
    methodKey: text('method_key').notNull(),
    methodName: text('method_name').notNull(),
    cash: boolean('cash').notNull(),
    position: integer('position').notNull(),
    takings: integer('takings').notNull(),
    expected: integer('expected').notNull(),
    counted: integer('counted').notNull(),
    difference: integer('difference').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.methodKey] }),
    check('register_counts_difference', sql`${t.difference} = ${t.counted} - ${t.expected}`),
  ],
);

/**
 * A customer's rating of a delivered order (issue 34): one per order, stars 1-5 and an optional
 * comment the store reads in its staff app (docs/decisions/0068).
 */
export const orderRatings = pgTable(
  'order_ratings',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_ratings_store_at').on(t.storeId, t.at),
    check('order_ratings_stars', sql`${t.stars} between 1 and 5`),
  ],
);

/*
 * The ledger's figures by store-local day (docs/decisions/0064): what the period report adds up,
 * one row per day and grouping (`dim` 'total' with key '', 'hour' '0'..'23', 'channel',
 * 'type' (delivery type), 'payment' (the entry's payment name)). Kept by a trigger on
 * ledger_entries, in the transaction that writes an entry (added on insert, taken off on delete),
 * and rebuilt for a store whose time zone changes; never written by the application.
 */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The store-local calendar day of the entries (the store's time zone). */
    day: date('day', { mode: 'string' }).notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    serviceFees: bigint('service_fees', { mode: 'number' }).notNull(),
    deliveryFees: bigint('delivery_fees', { mode: 'number' }).notNull(),
    discounts: bigint('discounts', { mode: 'number' }).notNull(),
    /** 'venda' entries of orders (a table share's sale is counted from the entries). */
    orderSales: integer('order_sales').notNull(),
    cancels: integer('cancels').notNull(),
    cancelledAmount: bigint('cancelled_amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.dim, t.key] })],
);

/** Each store's last order number (orders.numero, docs/decisions/0065), taken in the order's transaction. */
export const storeOrderNumbers = pgTable('store_order_numbers', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Delivery dispatch (issue 35, docs/decisions/0070): couriers, their routes and stops, the day's
// settlement, and deliveries by an outside courier company

export interface CourierPayColumn {
  modelo: 'por_entrega' | 'faixa_km' | 'diaria_mais_entrega';
  valor_entrega?: number;
  diaria?: number;
  faixas?: { ate_km: number; valor: number }[];
}

/**
 * A store's courier: not a staff account. Their personal link's token is kept only as its SHA-256
 * (link_hash, like the sessions' secrets); a new link replaces it, revoking sets it null.
 */
export const couriers = pgTable(
  'couriers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    telefone: text('telefone').notNull(),
    /** moto, bicicleta, carro or a_pe (COURIER_VEHICLES of the domain). */
    veiculo: text('veiculo').notNull(),
    ativoHoje: boolean('ativo_hoje').notNull().default(true),
    pagamento: jsonb('pagamento').$type<CourierPayColumn>().notNull(),
    linkHash: text('link_hash'),
    linkCreatedAt: timestamp('link_created_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('couriers_store').on(t.storeId),
    uniqueIndex('couriers_link_hash').on(t.linkHash).where(sql`${t.linkHash} is not null`),
    check('couriers_vehicle', sql`${t.veiculo} in ('moto', 'bicicleta', 'carro', 'a_pe')`),
  ],
);

/** A courier's route: montando (being put together), em_rota (left the store), encerrada (back). */
export const dispatchRoutes = pgTable(
  'dispatch_routes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    estado: text('estado').notNull().default('montando'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    backAt: timestamp('back_at', { withTimezone: true }),
  },
  (t) => [
    index('dispatch_routes_store_state').on(t.storeId, t.estado),
    index('dispatch_routes_courier').on(t.courierId, t.estado),
    check('dispatch_routes_state', sql`${t.estado} in ('montando', 'em_rota', 'encerrada')`),
  ],
);

/**
 * One order of a route, in its stop order. An order is pendente in at most one stop (an order in
 * two routes at once is impossible by the index), and delivered by at most one.
 */
export const dispatchStops = pgTable(
  'dispatch_stops',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => dispatchRoutes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** pendente, entregue or nao_entregue. */
    estado: text('estado').notNull().default('pendente'),
    reason: text('reason'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /** The staff member who marked it on the board; null when the courier did. */
    markedBy: integer('marked_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The straight-line distance from the store when the route left (the pay's km band). */
    distanceMetres: integer('distance_metres'),
  },
  (t) => [
    index('dispatch_stops_route').on(t.routeId, t.position),
    index('dispatch_stops_order').on(t.orderId),
    uniqueIndex('dispatch_stops_one_pending').on(t.orderId).where(sql`${t.estado} = 'pendente'`),
    uniqueIndex('dispatch_stops_one_delivered').on(t.orderId).where(sql`${t.estado} = 'entregue'`),
    check('dispatch_stops_state', sql`${t.estado} in ('pendente', 'entregue', 'nao_entregue')`),
  ],
);

/**
 * A courier's day settled (once per courier and store-local day): the figures as they were, and the
 * register movement that paid the courier when a register was open (docs/decisions/0070).
 */
export const courierSettlements = pgTable(
  'courier_settlements',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    deliveries: integer('deliveries').notNull(),
    owed: integer('owed').notNull(),
    cashCollected: integer('cash_collected').notNull(),
    /** owed − cash_collected: positive, the store paid the courier; negative, the courier handed cash in. */
    net: integer('net').notNull(),
    /** The figures as settled (bands, daily rate, pay rule). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    registerMovementId: integer('register_movement_id').references(() => registerMovements.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.courierId, t.day] }),
    index('courier_settlements_store_day').on(t.storeId, t.day),
  ],
);

/** A delivery handed to an outside courier company through its API (a CourierProvider). */
export const outsideDeliveries = pgTable(
  'outside_deliveries',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the delivery. */
    externalId: text('external_id').notNull(),
    /** solicitado, atribuido, coletado, entregue or cancelado. */
    estado: text('estado').notNull(),
    courierName: text('courier_name'),
    events: jsonb('events').$type<{ estado: string; em: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('outside_deliveries_external').on(t.provider, t.externalId),
    uniqueIndex('outside_deliveries_one_open')
      .on(t.orderId)
      .where(sql`${t.estado} not in ('entregue', 'cancelado')`),
    index('outside_deliveries_store').on(t.storeId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// WhatsApp (issue 36, docs/decisions/0072)

/**
 * A store's WhatsApp Business channel (Cloud API): its phone number id, the token, app secret and
 * verify token sealed as the payment provider's secrets are, and the templates the store has
 * registered with Meta. `graph_url` points a demo store at the stand-in; null is Meta's Graph API.
 */
export const whatsappChannels = pgTable(
  'whatsapp_channels',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(false),
    phoneNumberId: text('phone_number_id'),
    displayNumber: text('display_number').notNull().default(''),
    /** Sealed `{ token, app_secret, verify_token }` (modules/payments/secrets.ts); null when none set. */
    secrets: text('secrets'),
    registeredTemplates: jsonb('registered_templates').$type<string[]>().notNull().default([]),
    graphUrl: text('graph_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('whatsapp_channels_phone_number_id').on(t.phoneNumberId)],
);

/** One customer's WhatsApp conversation with a store (by phone, wa_id digits). */
export const whatsappConversations = pgTable(
  'whatsapp_conversations',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The customer's WhatsApp id: country code and number, digits only. */
    phone: text('phone').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    profileName: text('profile_name'),
    /** 'pt' or 'en': the language the store answers in. */
    language: text('language').notNull().default('pt'),
    /** The customer's last message: the 24-hour service window runs from it. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastText: text('last_text').notNull().default(''),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    unread: integer('unread').notNull().default(0),
    needsPerson: boolean('needs_person').notNull().default(false),
  },
  (t) => [
    uniqueIndex('whatsapp_conversations_store_phone').on(t.storeId, t.phone),
    index('whatsapp_conversations_store_last').on(t.storeId, t.lastAt),
  ],
);

/** Every message of a conversation, in and out, with its delivery status. */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => whatsappConversations.id, { onDelete: 'cascade' }),
    /** 'entrada' (from the customer) or 'saida'. */
    direction: text('direction').notNull(),
    /** 'texto', 'template' or 'automatica'. */
    kind: text('kind').notNull(),
    template: text('template'),
    body: text('body').notNull(),
    /** 'na_fila', 'enviada', 'entregue', 'lida' or 'falhou'. */
    status: text('status').notNull(),
    /** Meta's message id (wamid). */
    wamid: text('wamid'),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('whatsapp_messages_conversation').on(t.conversationId, t.id),
    uniqueIndex('whatsapp_messages_store_wamid').on(t.storeId, t.wamid),
  ],
);

/**
 * Order updates waiting to go out, written in the order's status change transaction and sent after
 * its commit by the worker; one per order and kind, so racing status moves never send twice.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The update: 'aceito', 'saiu_entrega', 'pronto_retirada', 'entregue', 'cancelado', 'pix_expirando'. */
    kind: text('kind').notNull(),
    /** 'pendente', 'enviado', 'falhou' (given up) or 'ignorado' (no consent, no channel). */
    state: text('state').notNull().default('pendente'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    /** The reason of a cancel, when the update carries one. */
    reason: text('reason'),
    messageId: integer('message_id').references(() => whatsappMessages.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('whatsapp_outbox_order_kind').on(t.orderId, t.kind),
    index('whatsapp_outbox_due').on(t.state, t.nextAt),
  ],
);

/** What went wrong with the channel lately (refused webhooks, Meta's errors): shown to the owner. */
export const whatsappFailures = pgTable(
  'whatsapp_failures',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    phone: text('phone').notNull().default(''),
    template: text('template'),
    code: text('code').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('whatsapp_failures_store_at').on(t.storeId, t.at)],
);

/**
 * A store's outside courier company (docs/decisions/0070 follow-ups): its provider, its account there
 * (the merchant id) and its client credentials sealed like the payment providers' secrets
 * (`secrets`: a box of { client_id, client_secret } under PAYMENT_SECRETS_KEY, the store's id bound).
 */
export const storeCourierProviders = pgTable('store_courier_providers', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  /** ifood or standin. */
  provider: text('provider').notNull(),
  merchantId: text('merchant_id').notNull(),
  secrets: text('secrets').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
