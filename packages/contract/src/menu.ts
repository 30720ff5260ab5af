import {
  CHARGE_POLICIES,
  DEFAULT_STORE_TIME_ZONE,
  DELIVERY_FEE_TYPES,
  DELIVERY_TYPES,
} from '@comanda/domain';
import { z } from 'zod';
import { centavos } from './common.ts';

export const deliveryType = z.enum(DELIVERY_TYPES);

export const styleModes = ['light', 'dark'] as const;

export const schedulePeriod = z.object({ period: z.string(), free: z.boolean() });

/** GET /core/empresa_personal_app: one element, the store's company settings. */
export const company = z.object({
  id: z.number().int(),
  nome: z.string(),
  slug: z.string(),
  // display and timing
  logo: z.string().nullable(),
  bg_image: z.string().nullable(),
  bg_video: z.string().nullable(),
  mostrar_logo_banner: z.boolean(),
  delivery_time: z.number().int().min(0),
  pickup_time: z.number().int().min(0),
  tempo_entregar_minutos: z.string(),
  tempo_buscar_minutos: z.string(),
  store_opened: z.boolean(),
  loja_aberta: z.boolean(),
  reabre_em: z
    .string()
    .nullable()
    .optional()
    .describe('While closed: when the store takes orders again by itself (ISO instant); null when unknown'),
  pausada: z
    .boolean()
    .optional()
    .describe('Closed by a pause of the store (staff), not by its hours; reabre_em is when the pause ends'),
  motivo_pausa: z
    .string()
    .nullable()
    .optional()
    .describe("While paused: the store's reason ('Cozinha cheia'), or null"),
  environment: z.enum(['production', 'development']),
  time_zone: z
    .string()
    .default(DEFAULT_STORE_TIME_ZONE)
    .describe(
      "The store's IANA time zone, one of Brazil's: its hours, schedule periods and times are on this clock (docs/decisions/0043)",
    ),
  // modes
  permite_entrega: z.boolean(),
  permite_busca: z.boolean(),
  permite_comer_local: z.boolean(),
  authorized_delivery: z.boolean(),
  agendamento_ativo: z.boolean(),
  permite_agendamento: z.boolean(),
  schedule_periods: z.array(schedulePeriod),
  // money and payment
  valor_minimo: centavos,
  /** The most units of one cart line this store takes (docs/decisions/0021). */
  qtd_maxima_item: z.number().int().min(1),
  /** The largest order total this store takes, in centavos. */
  valor_maximo_pedido: centavos,
  delivery_fee_type: z.enum(DELIVERY_FEE_TYPES),
  delivery_max_radius: z.number().int().min(0),
  online_payment: z.boolean(),
  payment_by_pix: z.boolean(),
  payment_by_card: z.boolean(),
  payment_key: z.string().nullable(),
  /**
   * Whether the store offers any coupon now (active, started, not expired, uses left), listed to
   * customers or typed only; the checkout hides its coupon row when false (docs/decisions/0074).
   * No `.describe`: this schema is in the menu's first load.
   */
  tem_cupons: z.boolean().optional(),
  self_checkout_require_imply_pay: z.boolean(),
  expiration_time_pix: z.number().int().positive(),
  // maps and rules
  google_maps_key: z.string().nullable(),
  google_maps_viewport: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  delivery_customer_doc_required: z.boolean(),
  // contact
  whatsapp: z.string(),
  /**
   * The store's WhatsApp Business channel (docs/decisions/0072): order updates and codes go there when
   * active. (`whatsapp` above is the store's contact link.)
   */
  whatsapp_canal: z.object({ ativo: z.boolean() }),
  facebook: z.string(),
  instagram: z.string(),
  site: z.string(),
  contato: z.string(),
  email_contato: z.string(),
  apresentacao: z.string(),
  endereco: z.string(),
  // style
  primary_color: z.string(),
  secondary_color: z.string(),
  font_family: z.string(),
  font_url: z.string().nullable(),
  default_style_mode: z.enum(styleModes),
  fb_pixel_id: z.string().nullable(),
  google_tag_manager: z.string().nullable(),
});
export type Company = z.infer<typeof company>;
export const companyList = z.array(company);

/**
 * GET /core/v2/store/state (STORE_STATE_PATH, paths.ts): what an open storefront follows (docs/decisions/0050). `menu_version`
 * rises with every change of what customers see; `loja_aberta` as in the company call, now.
 */
export const storeState = z.object({
  menu_version: z.number().int(),
  loja_aberta: z.boolean(),
});
export type StoreState = z.infer<typeof storeState>;

/** GET /core/get_app_manifest */
export const appManifest = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(
    z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() }),
  ),
  google_tag_manager: z.string().nullable(),
  fb_domain_verification: z.string().nullable(),
});
export type AppManifest = z.infer<typeof appManifest>;

/** GET /estoque/categorias_app */
export const category = z.object({
  id: z.number().int(),
  descricao: z.string(),
  detalhes: z.string(),
  aberto: z.boolean(),
  ordem: z.number().int(),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.array(category);

/** GET /estoque/produtos_app */
export const product = z.object({
  id: z.number().int(),
  descricao: z.string(),
  detalhes: z.string(),
  valor_venda: centavos,
  url_imagem: z.string().nullable(),
  /** The same picture sized for the menu row. */
  url_miniatura: z.string().nullable(),
  /** url_imagem at every width the server has (an HTML srcset with width descriptors), or null. */
  srcset_imagem: z.string().nullable(),
  /** url_miniatura at every width the server has, or null. */
  srcset_miniatura: z.string().nullable(),
  url_video: z.string().nullable(),
  categoria_id: z.number().int(),
  categoria: z.string(),
  item_pai: z.boolean(),
  item_filho: z.boolean(),
  cod_pai: z.number().int().nullable(),
  ordem: z.number().int(),
  tem_grupos: z.boolean(),
  esgotado: z.boolean().optional().describe('Sold out for now: listed, not orderable (absent = available)'),
});
export type Product = z.infer<typeof product>;
export const productList = z.array(product);

export const groupItem = z.object({
  id: z.number().int(),
  descricao: z.string(),
  detalhes: z.string(),
  preco: centavos,
  url_imagem: z.string().nullable(),
  ordem: z.number().int(),
  fk_item: z.number().int().nullable(),
  qt_padrao: z.number().int().min(0),
  excluido: z.boolean(),
  ativo_pedidos: z.boolean(),
  ativo_garcom: z.boolean(),
  ingrediente: z.boolean(),
  esgotado: z.boolean().optional().describe('Sold out for now: not offered (absent = available)'),
});
export type GroupItem = z.infer<typeof groupItem>;

export const productGroup = z.object({
  min: z.number().int().min(0),
  max: z.number().int().min(0),
  grupo: z.object({
    id: z.number().int(),
    ordem: z.number().int(),
    descricao: z.string(),
    detalhes: z.string(),
    repetir_itens: z.boolean(),
    politica_cobranca: z.enum(CHARGE_POLICIES),
    lista_itens: z.array(groupItem),
  }),
});
export type ProductGroup = z.infer<typeof productGroup>;

/** GET /estoque/produtos_full_app/{id}: the product with its groups and, for variants, its siblings. */
export const fullProduct = product.extend({
  grupos: z.array(productGroup),
  variantes: z.array(product),
});
export type FullProduct = z.infer<typeof fullProduct>;

export const productsQuery = z.object({
  format: z.literal('json').optional(),
  local: z.literal('local').optional(),
});

/** GET /core/horarios_atendimento_app: dia_semana 0 = Sunday … 6 = Saturday, 7 = holiday. */
export const openingShift = z.object({
  id: z.number().int(),
  dia_semana: z.number().int().min(0).max(7),
  turno: z.union([z.literal(1), z.literal(2)]),
  hr_inicio: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  hr_fim: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
});
export type OpeningShift = z.infer<typeof openingShift>;
export const openingShiftList = z.array(openingShift);

/** GET /core/bairros_app */
export const neighbourhood = z.object({
  id: z.number().int(),
  descricao: z.string(),
  nome_cidade: z.string(),
  cidade_id: z.number().int(),
  estado: z.string(),
  valor_entrega: centavos,
  excluido: z.boolean(),
});
export type Neighbourhood = z.infer<typeof neighbourhood>;
export const neighbourhoodList = z.array(neighbourhood);

/** GET /financeiro/formas_pagamento_app and the filtered variant. */
export const paymentMethod = z.object({
  id: z.number().int(),
  api: z.string().nullable(),
  tipo: z.enum(['dinheiro', 'cartao', 'pix', 'online']),
  descricao: z.string(),
  ordem: z.number().int(),
  chave_pix: z.string().nullable(),
  tipo_chave_pix: z.string().nullable(),
  pix_nome_titular: z.string().nullable(),
  permite_troco: z.boolean(),
  tipos_entrega: z.array(deliveryType),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodList = z.array(paymentMethod);

/** Reserved ids of spec section 3. */
export const RESERVED_PAYMENT_IDS = {
  otherOnline: 993,
  onlineProvider: 994,
  onlineCardProvider: 995,
  onlineCard: 998,
  onlinePix: 999,
  default: 1,
} as const;
export const HIDDEN_FROM_IN_PERSON_LIST: readonly number[] = [993, 994, 995];

/** GET /core/fidelidade_app: zero or one program. */
export const loyaltyProgram = z.object({
  id: z.number().int(),
  ativo: z.boolean(),
  descricao: z.string(),
  pontos_recompensa: z.number().int().min(1),
  recompensa_perc: z.boolean(),
  perc_recompensa: z.number().min(0).max(100),
  vlr_recompensa: centavos,
  pontos_por_real: z.number().min(0),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgram>;
export const loyaltyProgramList = z.array(loyaltyProgram);

/** GET /bar/v2/tables/list/ */
export const tableList = z.object({
  tables: z.array(z.object({ id: z.number().int(), description: z.string() })),
});
export type TableList = z.infer<typeof tableList>;
