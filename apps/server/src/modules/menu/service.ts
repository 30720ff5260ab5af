import { createHash } from 'node:crypto';
import type {
  AppManifest,
  Category,
  Company,
  FullProduct,
  LoyaltyProgram,
  Neighbourhood,
  OpeningShift,
  PaymentMethod,
  Product,
  ProductGroup,
  TableList,
} from '@comanda/contract';
import { HIDDEN_FROM_IN_PERSON_LIST } from '@comanda/contract';
import { type Channel, type Shift, schedulePeriods, shortAppName, storeOpenState } from '@comanda/domain';
import type { DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import { notFound } from '../../lib/errors.ts';
import { srcsetOf } from '../../lib/media.ts';
import { storeOffersCoupons } from '../coupons/index.ts';
import { whatsappChannelActive } from '../whatsapp/index.ts';
import type { CompanyRow, ProductRow } from './repository.ts';
import * as repo from './repository.ts';

const SCHEDULE_DAYS = 2;

async function requireCompany(db: DbExecutor, storeId: number): Promise<CompanyRow> {
  const company = await repo.findCompany(db, storeId);
  if (!company) throw notFound('STORE_NOT_FOUND', 'Loja não encontrada.');
  return company;
}

/** The store's name as its company settings give it (undefined before the store is set up). */
export function storeName(db: DbExecutor, storeId: number): Promise<string | undefined> {
  return repo.findStoreName(db, storeId);
}

function toShift(row: Awaited<ReturnType<typeof repo.listOpeningHours>>[number]): Shift {
  return {
    dia_semana: row.diaSemana,
    turno: row.turno === 2 ? 2 : 1,
    hr_inicio: row.hrInicio,
    hr_fim: row.hrFim,
  };
}

/** A short cache-key part naming the set of full periods ('' when none is full). */
export function bookedOutKey(bookedOut: ReadonlyMap<string, number>): string {
  if (bookedOut.size === 0) return '';
  const periods = [...bookedOut.keys()].sort().join(',');
  return `:${createHash('sha256').update(periods).digest('base64url').slice(0, 16)}`;
}

/** The company settings that decide whether the store takes orders, now or scheduled. */
export type AvailabilitySettings = Pick<
  CompanyRow,
  | 'openMode'
  | 'pausedUntil'
  | 'holidays'
  | 'agendamentoAtivo'
  | 'permiteAgendamento'
  | 'scheduleStepMinutes'
  | 'deliveryTime'
  | 'scheduleCapacity'
  | 'timeZone'
>;

/**
 * Whether the store takes orders now, and the periods it can be scheduled for, from settings and
 * shifts already loaded (order placement loads them in its own query). `taken` counts the orders
 * already booked per period.
 */
export function availabilityAt(
  company: AvailabilitySettings,
  shifts: readonly Shift[],
  now: Date,
  taken?: ReadonlyMap<string, number>,
) {
  const state = storeOpenState(
    { mode: company.openMode, pausedUntil: company.pausedUntil ? new Date(company.pausedUntil) : null },
    shifts,
    now,
    company.timeZone,
    company.holidays,
  );
  const open = state.open;
  const schedulingOn = company.agendamentoAtivo && company.permiteAgendamento;
  const periods = schedulingOn
    ? schedulePeriods(shifts, now, {
        days: SCHEDULE_DAYS,
        stepMinutes: company.scheduleStepMinutes,
        leadMinutes: company.deliveryTime,
        holidays: company.holidays,
        timeZone: company.timeZone,
        ...(company.scheduleCapacity ? { capacity: company.scheduleCapacity } : {}),
        ...(taken ? { taken } : {}),
      })
    : [];
  return { open, periods, state };
}

/**
 * Whether the store takes orders now, and the periods it can be scheduled for; `bookedOut` (from
 * `bookedOutPeriods`) marks the periods that are full as not free.
 */
export async function storeAvailability(
  db: DbExecutor,
  storeId: number,
  now: Date,
  bookedOut?: ReadonlyMap<string, number>,
) {
  const [company, hours] = await readTogether(db, [
    () => requireCompany(db, storeId),
    () => repo.listOpeningHours(db, storeId),
  ]);
  const shifts = hours.map(toShift);
  return { company, shifts, ...availabilityAt(company, shifts, now, bookedOut) };
}

/** The periods already full (SCHEDULE_PERIOD_FULL at placement), with their count of orders. */
export function bookedOutPeriods(db: DbExecutor, storeId: number, now: Date) {
  return repo.listBookedOutPeriods(db, storeId, now);
}

/**
 * The company call. Its cached reply is per minute and per set of full periods (the caller's key
 * from `bookedOutKey`), so an order that fills a period shows at once.
 */
async function buildCompany(
  db: DbExecutor,
  storeId: number,
  slug: string,
  now: Date,
  bookedOut?: ReadonlyMap<string, number>,
): Promise<Company[]> {
  const [{ company: c, open, periods, state }, coupons] = await readTogether(db, [
    () => storeAvailability(db, storeId, now, bookedOut),
    () => storeOffersCoupons(db, storeId, now),
  ]);
  return [
    {
      id: c.storeId,
      nome: c.nome,
      slug,
      logo: c.logo,
      bg_image: c.bgImage,
      bg_video: c.bgVideo,
      mostrar_logo_banner: c.mostrarLogoBanner,
      delivery_time: c.deliveryTime,
      pickup_time: c.pickupTime,
      tempo_entregar_minutos: c.tempoEntregarMinutos,
      tempo_buscar_minutos: c.tempoBuscarMinutos,
      store_opened: open,
      loja_aberta: open,
      reabre_em: state.reopensAt ? state.reopensAt.toISOString() : null,
      pausada: state.closedBy === 'pause',
      motivo_pausa: state.closedBy === 'pause' ? c.pauseReason || null : null,
      time_zone: c.timeZone,
      environment: c.environment === 'development' ? 'development' : 'production',
      permite_entrega: c.permiteEntrega,
      permite_busca: c.permiteBusca,
      permite_comer_local: c.permiteComerLocal,
      authorized_delivery: c.permiteEntrega,
      agendamento_ativo: c.agendamentoAtivo,
      permite_agendamento: c.permiteAgendamento,
      schedule_periods: periods,
      valor_minimo: c.valorMinimo,
      qtd_maxima_item: c.qtdMaximaItem,
      valor_maximo_pedido: c.valorMaximoPedido,
      delivery_fee_type: c.deliveryFeeType as Company['delivery_fee_type'],
      delivery_max_radius: c.deliveryMaxRadius,
      online_payment: c.onlinePayment,
      payment_by_pix: c.paymentByPix,
      payment_by_card: c.paymentByCard,
      payment_key: c.paymentKey,
      tem_cupons: coupons,
      self_checkout_require_imply_pay: c.selfCheckoutRequireImplyPay,
      expiration_time_pix: c.expirationTimePix,
      google_maps_key: c.googleMapsKey,
      google_maps_viewport: c.googleMapsViewport,
      latitude: c.latitude,
      longitude: c.longitude,
      delivery_customer_doc_required: c.deliveryCustomerDocRequired,
      whatsapp: c.whatsapp,
      whatsapp_canal: { ativo: await whatsappChannelActive(db, storeId) },
      facebook: c.facebook,
      instagram: c.instagram,
      site: c.site,
      contato: c.contato,
      email_contato: c.emailContato,
      apresentacao: c.apresentacao,
      endereco: c.endereco,
      primary_color: c.primaryColor,
      secondary_color: c.secondaryColor,
      font_family: c.fontFamily,
      font_url: c.fontUrl,
      default_style_mode: c.defaultStyleMode === 'dark' ? 'dark' : 'light',
      fb_pixel_id: c.fbPixelId,
      google_tag_manager: c.googleTagManager,
    },
  ];
}

async function buildManifest(db: DbExecutor, storeId: number): Promise<AppManifest> {
  const c = await requireCompany(db, storeId);
  const icons: AppManifest['icons'] = [];
  if (c.icon192) icons.push({ src: c.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' });
  if (c.icon512) icons.push({ src: c.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' });
  return {
    name: c.nome,
    short_name: shortAppName(c.nome),
    description: c.apresentacao.slice(0, 300),
    start_url: '/',
    display: 'standalone',
    theme_color: c.primaryColor,
    background_color: c.defaultStyleMode === 'dark' ? '#121212' : '#ffffff',
    icons,
    google_tag_manager: c.googleTagManager,
    fb_domain_verification: c.fbDomainVerification,
  };
}

async function buildCategories(db: DbExecutor, storeId: number): Promise<Category[]> {
  const rows = await repo.listCategories(db, storeId);
  return rows.map((c) => ({
    id: c.id,
    descricao: c.descricao,
    detalhes: c.detalhes,
    aberto: c.aberto,
    ordem: c.ordem,
  }));
}

function toProduct(p: ProductRow, hasGroups: boolean): Product {
  return {
    id: p.id,
    descricao: p.descricao,
    detalhes: p.detalhes,
    valor_venda: p.valorVenda,
    url_imagem: p.urlImagem,
    url_miniatura: p.urlMiniatura,
    srcset_imagem: srcsetOf(p.urlImagem),
    srcset_miniatura: srcsetOf(p.urlMiniatura),
    url_video: p.urlVideo,
    categoria_id: p.categoryId,
    categoria: p.categoria,
    item_pai: p.itemPai,
    item_filho: p.itemFilho,
    cod_pai: p.parentId,
    ordem: p.ordem,
    tem_grupos: hasGroups,
    esgotado: p.esgotado,
  };
}

async function buildProducts(db: DbExecutor, storeId: number, channel: Channel): Promise<Product[]> {
  const [rows, withGroups] = await readTogether(db, [
    () => repo.listProducts(db, storeId, channel),
    () => repo.productIdsWithGroups(db, storeId),
  ]);
  return rows.map((p) => toProduct(p, withGroups.has(p.id)));
}

/** An option group as a product uses it, wherever it was read (the menu's queries, order placement's). */
export interface OptionGroupUse {
  id: number;
  min: number;
  max: number;
  ordem: number;
  descricao: string;
  detalhes: string;
  repetirItens: boolean;
  politicaCobranca: string;
}

/** An option item's stored fields. */
export interface OptionItemFields {
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

/** The spec's group of a full product (section 3 "Full product", "Group item") from stored fields. */
export function toProductGroup(use: OptionGroupUse, items: readonly OptionItemFields[]): ProductGroup {
  return {
    min: use.min,
    max: use.max,
    grupo: {
      id: use.id,
      ordem: use.ordem,
      descricao: use.descricao,
      detalhes: use.detalhes,
      repetir_itens: use.repetirItens,
      politica_cobranca: use.politicaCobranca as ProductGroup['grupo']['politica_cobranca'],
      lista_itens: items.map((item) => ({
        id: item.id,
        descricao: item.descricao,
        detalhes: item.detalhes,
        preco: item.preco,
        url_imagem: item.urlImagem,
        ordem: item.ordem,
        fk_item: item.fkItem,
        qt_padrao: item.qtPadrao,
        excluido: item.excluido,
        ativo_pedidos: item.ativoPedidos,
        ativo_garcom: item.ativoGarcom,
        esgotado: item.esgotado,
        ingrediente: item.ingrediente,
      })),
    },
  };
}

async function buildFullProduct(
  db: DbExecutor,
  storeId: number,
  productId: number,
  channel: Channel,
): Promise<FullProduct | null> {
  const product = await repo.findProduct(db, storeId, productId, channel);
  if (!product) return null;
  const familyId = product.itemPai ? product.id : product.itemFilho ? product.parentId : null;
  const [groups, variants, withGroups] = await readTogether(db, [
    () => repo.listProductGroups(db, storeId, product.id),
    () => (familyId ? repo.listVariants(db, storeId, familyId, channel) : Promise.resolve([])),
    () => repo.productIdsWithGroups(db, storeId),
  ]);
  const grupos: ProductGroup[] = groups.map((use) =>
    toProductGroup({ ...use.group, min: use.min, max: use.max, ordem: use.ordem }, use.items),
  );
  return {
    ...toProduct(product, grupos.length > 0),
    grupos,
    variantes: variants.map((v) => toProduct(v, withGroups.has(v.id))),
  };
}

async function buildOpeningHours(db: DbExecutor, storeId: number): Promise<OpeningShift[]> {
  const rows = await repo.listOpeningHours(db, storeId);
  return rows.map((h) => ({
    id: h.id,
    dia_semana: h.diaSemana,
    turno: h.turno === 2 ? 2 : 1,
    hr_inicio: h.hrInicio,
    hr_fim: h.hrFim,
  }));
}

async function buildNeighbourhoods(db: DbExecutor, storeId: number): Promise<Neighbourhood[]> {
  const rows = await repo.listNeighbourhoods(db, storeId);
  return rows.map((n) => ({
    id: n.id,
    descricao: n.descricao,
    nome_cidade: n.cityName,
    cidade_id: n.cityId,
    estado: n.estado,
    valor_entrega: n.valorEntrega,
    excluido: false,
  }));
}

type PaymentRow = Awaited<ReturnType<typeof repo.listPaymentMethods>>[number];
const toPaymentMethod = (m: PaymentRow): PaymentMethod => ({
  id: m.id,
  api: m.api,
  tipo: m.tipo as PaymentMethod['tipo'],
  descricao: m.descricao,
  ordem: m.ordem,
  chave_pix: m.chavePix,
  tipo_chave_pix: m.tipoChavePix,
  pix_nome_titular: m.pixNomeTitular,
  permite_troco: m.permiteTroco,
  tipos_entrega: m.tiposEntrega as PaymentMethod['tipos_entrega'],
});

async function buildPaymentMethods(db: DbExecutor, storeId: number): Promise<PaymentMethod[]> {
  return (await repo.listPaymentMethods(db, storeId)).map(toPaymentMethod);
}

/** The in-person methods (reserved online ids removed), optionally for one delivery type. */
async function buildFilteredPaymentMethods(
  db: DbExecutor,
  storeId: number,
  deliveryType: string | undefined,
): Promise<PaymentMethod[]> {
  const rows = await repo.listPaymentMethods(db, storeId);
  return rows
    .filter((m) => !HIDDEN_FROM_IN_PERSON_LIST.includes(m.id))
    .filter((m) => !deliveryType || m.tiposEntrega.includes(deliveryType))
    .map(toPaymentMethod);
}

async function buildLoyalty(db: DbExecutor, storeId: number): Promise<LoyaltyProgram[]> {
  const program = await repo.findLoyaltyProgram(db, storeId);
  if (!program) return [];
  return [
    {
      id: program.storeId,
      ativo: program.ativo,
      descricao: program.descricao,
      pontos_recompensa: program.pontosRecompensa,
      recompensa_perc: program.recompensaPerc,
      perc_recompensa: program.percRecompensa,
      vlr_recompensa: program.vlrRecompensa,
      pontos_por_real: program.pontosPorReal,
    },
  ];
}

async function buildTables(db: DbExecutor, storeId: number): Promise<TableList> {
  return { tables: await repo.listTables(db, storeId) };
}

/**
 * The menu replies of spec section 7, read from the service's database: the menu routes and the
 * storefront's page ask it, and never hold the database themselves.
 */
export class MenuService {
  constructor(private readonly deps: { db: DbExecutor }) {}

  company(storeId: number, slug: string, now: Date, bookedOut?: ReadonlyMap<string, number>) {
    return buildCompany(this.deps.db, storeId, slug, now, bookedOut);
  }

  manifest(storeId: number) {
    return buildManifest(this.deps.db, storeId);
  }

  categories(storeId: number) {
    return buildCategories(this.deps.db, storeId);
  }

  products(storeId: number, channel: Channel) {
    return buildProducts(this.deps.db, storeId, channel);
  }

  fullProduct(storeId: number, productId: number, channel: Channel) {
    return buildFullProduct(this.deps.db, storeId, productId, channel);
  }

  openingHours(storeId: number) {
    return buildOpeningHours(this.deps.db, storeId);
  }

  neighbourhoods(storeId: number) {
    return buildNeighbourhoods(this.deps.db, storeId);
  }

  paymentMethods(storeId: number) {
    return buildPaymentMethods(this.deps.db, storeId);
  }

  paymentMethodsFor(storeId: number, deliveryType: string | undefined) {
    return buildFilteredPaymentMethods(this.deps.db, storeId, deliveryType);
  }

  loyalty(storeId: number) {
    return buildLoyalty(this.deps.db, storeId);
  }

  tables(storeId: number) {
    return buildTables(this.deps.db, storeId);
  }
}
