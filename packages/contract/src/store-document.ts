import {
  type ContactLinkKind,
  DEFAULT_ORDER_LIMITS,
  DEFAULT_STORE_TIME_ZONE,
  isContactLinkAllowed,
  isStoreTimeZone,
  MAX_LINE_QUANTITY,
  PRIMARY_MIN_CONTRAST,
  primaryContrast,
  SERVICE_FEE_PERCENT_MAX,
  STORE_FONTS,
  storeFont,
} from '@comanda/domain';
import { z } from 'zod';
import { isStorableText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// The store document (docs/store-import-format.md, docs/decisions/0005 and 0032): the one model of
// an editable store, read by `npm run store:import`, written by the export, edited section by
// section by the staff editor. Here, so the server validates with it and the staff app types and
// checks a draft with it. The payment provider's section (secrets) stays on the server, which adds
// it to this shape.

/*
 * The store document's rules that keep a store sane for customers (issue 17, docs/decisions/0032),
 * enforced alike by `npm run store:import` and the staff editor. Each issue carries `params.code`,
 * the stable code the editor answers with (and words in Portuguese); its message is what the import
 * prints.
 */

/** The most a product, a variant or an option may cost: R$ 100.000,00. */
export const PRICE_CAP = 10_000_000;

/** A price on the menu, in centavos: 0 to PRICE_CAP. */
export const price = z
  .number()
  .int('must be whole centavos')
  .refine((value) => value >= 0 && value <= PRICE_CAP, {
    message: `must be 0 to ${PRICE_CAP} centavos (R$ 100.000,00)`,
    params: { code: 'PRICE_OUT_OF_RANGE' },
  });

/** An option group's items: at least one, or the product could never be ordered. */
export const groupItems = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(200)
    .refine((items) => items.length > 0, {
      message: 'a group needs at least one item',
      params: { code: 'GROUP_WITHOUT_ITEMS' },
    });

/** min ≤ max in a product's use of a group (max 0: no cap). */
export const minNotAboveMax: [
  (use: { min: number; max: number }) => boolean,
  { message: string; path: string[]; params: { code: string } },
] = [
  (use) => use.max === 0 || use.min <= use.max,
  { message: 'min must not exceed max', path: ['min'], params: { code: 'GROUP_MIN_ABOVE_MAX' } },
];

/**
 * A delivery area: a closed ring of [latitude, longitude] points (the last repeats the first, so at
 * least 4), as maps draw it and GeoJSON writes it.
 */
export const deliveryPolygon = z
  .array(z.tuple([z.number(), z.number()]))
  .max(1000)
  .superRefine((points, ctx) => {
    points.forEach(([lat, lng], i) => {
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: 'must be [latitude -90..90, longitude -180..180]',
          params: { code: 'COORDINATES_OUT_OF_RANGE' },
        });
    });
    const first = points[0];
    const last = points.at(-1);
    if (points.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1])
      ctx.addIssue({
        code: 'custom',
        message: 'must be closed: at least 4 points, the last equal to the first',
        params: { code: 'POLYGON_NOT_CLOSED' },
      });
  });

interface LookFields {
  primary_color: string;
  font_family: string;
  font_url: string | null;
  default_style_mode: 'light' | 'dark';
}

/** A font the storefront can load (with its own file or none), a primary colour readable as it is. */
export function checkLook(look: LookFields, ctx: z.RefinementCtx): void {
  const font = storeFont(look.font_family);
  if (!font) {
    ctx.addIssue({
      code: 'custom',
      path: ['font_family'],
      message: `must be one of ${STORE_FONTS.map((f) => f.family).join(', ')}`,
      params: { code: 'UNKNOWN_FONT' },
    });
  } else if (look.font_url !== null && look.font_url !== font.url) {
    ctx.addIssue({
      code: 'custom',
      path: ['font_url'],
      message: font.url ? `must be null or ${font.url}` : 'must be null for the system font',
      params: { code: 'UNKNOWN_FONT' },
    });
  }
  const contrast = primaryContrast(look.primary_color, look.default_style_mode);
  if (contrast && !contrast.ok)
    ctx.addIssue({
      code: 'custom',
      path: ['primary_color'],
      message:
        `contrast ${contrast.ratio}:1 against ${contrast.against === 'white' ? 'white text' : 'the dark theme'}` +
        ` is below ${PRIMARY_MIN_CONTRAST}:1 (WCAG AA)`,
      params: { code: 'PRIMARY_COLOUR_CONTRAST', ratio: contrast.ratio, against: contrast.against },
    });
}

/**
 * The store document read by `npm run store:import` (docs/store-import-format.md).
 * Money is integer centavos. `ref` values are the stable keys that let a second import update
 * the rows the first one made instead of creating new ones.
 */
export const documentRef = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be lower-case letters, digits and dashes (max 80)');
const money = z.number().int('must be whole centavos').min(0).max(100_000_000);
const text = (max: number) => z.string().max(max).refine(isStorableText, 'must not hold NUL characters');
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time HH:MM')
  .transform((value) => (value.length === 5 ? `${value}:00` : value));
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #c0392b');
const mediaUrl = z
  .string()
  .max(500)
  .regex(/^(\/|https:\/\/)/, 'must be a path starting with / or an https:// URL');
const deliveryTypeName = z.enum(['Entregar', 'Retirada', 'Vem comer']);

const groupItem = z.strictObject({
  ref: documentRef,
  descricao: text(120).min(1),
  detalhes: text(500).default(''),
  preco: price.default(0),
  url_imagem: mediaUrl.nullable().default(null),
  qt_padrao: z.number().int().min(0).max(99).default(0),
  ingrediente: z.boolean().default(false),
  ativo_pedidos: z.boolean().default(true),
  ativo_garcom: z.boolean().default(true),
  /** A product of the store this item stands for (a pizza flavour), by ref. */
  product: documentRef.optional(),
});

const optionGroup = z.strictObject({
  ref: documentRef,
  descricao: text(120).min(1),
  detalhes: text(500).default(''),
  repetir_itens: z.boolean().default(false),
  politica_cobranca: z.enum(['Soma', 'Média', 'SomaMaior']).default('Soma'),
  items: groupItems(groupItem),
});

const groupUse = z
  .strictObject({
    group: documentRef,
    min: z.number().int().min(0).max(99).default(0),
    max: z.number().int().min(0).max(99).default(0),
  })
  .refine(...minNotAboveMax);

const productBase = {
  ref: documentRef,
  descricao: text(120).min(1),
  detalhes: text(1000).default(''),
  url_imagem: mediaUrl.nullable().default(null),
  url_miniatura: mediaUrl.nullable().default(null),
  url_video: mediaUrl.nullable().default(null),
  ativo_pedidos: z.boolean().default(true),
  ativo_garcom: z.boolean().default(true),
  groups: z.array(groupUse).max(20).default([]),
};

const variant = z.strictObject({ ...productBase, valor_venda: price });

const product = z.strictObject({
  ...productBase,
  /** 0 shows 'variable price' for a product without variants. */
  valor_venda: price.default(0),
  /** Size or kind variants: the product becomes a parent item and each variant a child item. */
  variants: z.array(variant).max(20).default([]),
});

const category = z.strictObject({
  ref: documentRef,
  descricao: text(80).min(1),
  detalhes: text(500).default(''),
  aberto: z.boolean().default(false),
  products: z.array(product).max(500),
});

const shift = z.strictObject({
  dia_semana: z.number().int().min(0).max(7),
  turno: z.union([z.literal(1), z.literal(2)]),
  hr_inicio: time,
  hr_fim: time,
});

const neighbourhood = z.strictObject({
  ref: documentRef,
  descricao: text(120).min(1),
  valor_entrega: money,
  valor_entrega_desconto: money.nullable().default(null),
  discount_minimum_order: money.default(0),
  ativo: z.boolean().default(true),
});

const city = z.strictObject({
  ref: documentRef,
  nome: text(120).min(1),
  estado: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state like SP'),
  ativo: z.boolean().default(true),
  neighbourhoods: z.array(neighbourhood).max(1000),
});

const paymentMethod = z.strictObject({
  id: z.number().int().min(1).max(9999),
  tipo: z.enum(['dinheiro', 'cartao', 'pix', 'online']),
  descricao: text(80).min(1),
  api: text(80).nullable().default(null),
  chave_pix: text(140).nullable().default(null),
  tipo_chave_pix: z.enum(['cpf', 'cnpj', 'email', 'telefone', 'aleatoria']).nullable().default(null),
  pix_nome_titular: text(120).nullable().default(null),
  permite_troco: z.boolean().default(false),
  tipos_entrega: z.array(deliveryTypeName).min(1).default(['Entregar', 'Retirada', 'Vem comer']),
});

const loyalty = z.strictObject({
  ativo: z.boolean(),
  descricao: text(1000).default(''),
  pontos_recompensa: z.number().int().min(1),
  recompensa_perc: z.boolean(),
  perc_recompensa: z.number().min(0).max(100).default(0),
  vlr_recompensa: money.default(0),
  pontos_por_real: z.number().min(0).max(100).default(1),
});

/** A coupon's code as the document takes it (compared without case, kept upper-case). */
export const COUPON_CODE = /^[A-Za-z0-9_-]{2,40}$/;

const coupon = z
  .strictObject({
    /** Compared without case: kept upper-case. */
    code: z
      .string()
      .regex(COUPON_CODE, 'must be 2 to 40 letters, digits, - or _')
      .transform((value) => value.toUpperCase()),
    descricao: text(200).default(''),
    /** true: valor is a percent (0–100, two decimals); false: valor is centavos. */
    perc: z.boolean(),
    valor: z.number().min(0),
    /** 'Carrinho' (the cart), 'Entrega' (the delivery fee) or 'Ambos' (both). */
    local: z.enum(['Carrinho', 'Entrega', 'Ambos']).default('Carrinho'),
    ativo: z.boolean().default(true),
    valid_from: z.iso.datetime({ offset: true }).nullable().default(null),
    valid_until: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Orders that may use it, all customers together; null = no cap. */
    max_uses: z.number().int().min(1).nullable().default(null),
    max_uses_per_customer: z.number().int().min(1).nullable().default(null),
    /** Products plus extras needed to use it. */
    min_subtotal: money.default(0),
  })
  .superRefine((c, ctx) => {
    if (c.perc && (c.valor > 100 || Math.round(c.valor * 100) !== c.valor * 100))
      ctx.addIssue({
        code: 'custom',
        path: ['valor'],
        message: 'a percent must be 0 to 100 with two decimals',
      });
    if (!c.perc && (!Number.isInteger(c.valor) || c.valor > 100_000_000))
      ctx.addIssue({ code: 'custom', path: ['valor'], message: 'must be whole centavos' });
    if (c.valid_from && c.valid_until && Date.parse(c.valid_from) > Date.parse(c.valid_until))
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'must not be before valid_from' });
  });

const CONTACT_LINK_WORDS: Record<ContactLinkKind, string> = {
  phone: 'must be a phone number (digits, spaces, +, parentheses, dashes)',
  whatsapp: 'must be a phone number or an https://wa.me/ link',
  social: 'must be an http(s):// address or an @handle',
  site: 'must be an http(s):// address',
};

/** A contact field the storefront turns into a link: refused unless http(s) or a phone (issue 30, F6). */
const contactLink = (kind: ContactLinkKind, max: number) =>
  text(max)
    .default('')
    .superRefine((value, ctx) => {
      if (!isContactLinkAllowed(kind, value))
        ctx.addIssue({
          code: 'custom',
          message: CONTACT_LINK_WORDS[kind],
          params: { code: 'INVALID_CONTACT_LINK' },
        });
    });

const settings = z.strictObject({
  nome: text(120).min(1),
  apresentacao: text(2000).default(''),
  endereco: text(300).default(''),
  contato: contactLink('phone', 40),
  email_contato: z.union([z.email(), z.literal('')]).default(''),
  whatsapp: contactLink('whatsapp', 200),
  facebook: contactLink('social', 200),
  instagram: contactLink('social', 200),
  site: contactLink('site', 200),
  delivery_time: z.number().int().min(0).max(600).default(80),
  pickup_time: z.number().int().min(0).max(600).default(50),
  /** Left out: the store keeps its open or closed mode (docs/decisions/0032). */
  pausada: z.boolean().optional(),
  environment: z.enum(['production', 'development']).default('production'),
  holidays: z.array(z.iso.date()).max(100).default([]),
  /** The store's IANA time zone, one of Brazil's (docs/decisions/0043): its hours, schedule and reports. */
  time_zone: z
    .string()
    .refine(isStoreTimeZone, {
      message: 'must be one of Brazil’s time zones',
      params: { code: 'INVALID_TIME_ZONE' },
    })
    .default(DEFAULT_STORE_TIME_ZONE),
  permite_entrega: z.boolean().default(true),
  permite_busca: z.boolean().default(true),
  permite_comer_local: z.boolean().default(false),
  agendamento_ativo: z.boolean().default(false),
  permite_agendamento: z.boolean().default(false),
  schedule_step_minutes: z.number().int().min(5).max(240).default(30),
  schedule_capacity: z.number().int().min(1).nullable().default(null),
  valor_minimo: money.default(0),
  qtd_maxima_item: z
    .number()
    .int()
    .min(1)
    .max(MAX_LINE_QUANTITY)
    .default(DEFAULT_ORDER_LIMITS.maxLineQuantity),
  valor_maximo_pedido: money.min(100).default(DEFAULT_ORDER_LIMITS.maxOrderTotal),
  delivery_fee_type: z.enum(['neighbourhood', 'radius', 'area']).default('neighbourhood'),
  delivery_max_radius: z.number().int().min(0).max(100_000).default(0),
  delivery_radius_tiers: z
    .array(z.strictObject({ up_to_metres: z.number().int().min(1), fee: money }))
    .max(50)
    .default([]),
  delivery_areas: z
    .array(
      z.strictObject({
        name: text(80).min(1),
        fee: money,
        polygon: deliveryPolygon,
      }),
    )
    .max(50)
    .default([]),
  delivery_discounted_fee: money.nullable().default(null),
  delivery_discount_minimum_order: money.default(0),
  online_payment: z.boolean().default(false),
  payment_by_pix: z.boolean().default(false),
  payment_by_card: z.boolean().default(false),
  payment_key: text(200).nullable().default(null),
  self_checkout_require_imply_pay: z.boolean().default(false),
  /** Tables are opened by the staff with a code guests give with their order (issue 19). */
  mesa_exige_codigo: z.boolean().default(false),
  /** The service fee offered when a table's tab closes: a whole percent. */
  taxa_servico_perc: z.number().int('must be a whole percent').min(0).max(SERVICE_FEE_PERCENT_MAX).default(0),
  expiration_time_pix: z.number().int().min(30).max(86_400).default(300),
  google_maps_key: text(200).nullable().default(null),
  google_maps_viewport: text(200).nullable().default(null),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  delivery_customer_doc_required: z.boolean().default(false),
  fb_pixel_id: text(40).nullable().default(null),
  google_tag_manager: text(40).nullable().default(null),
  fb_domain_verification: text(100).nullable().default(null),
});

const look = z.strictObject({
  primary_color: colour,
  secondary_color: colour,
  font_family: text(80).min(1).default('system-ui'),
  font_url: mediaUrl.nullable().default(null),
  default_style_mode: z.enum(['light', 'dark']).default('light'),
  logo: mediaUrl.nullable().default(null),
  icon_192: mediaUrl.nullable().default(null),
  icon_512: mediaUrl.nullable().default(null),
  bg_image: mediaUrl.nullable().default(null),
  bg_video: mediaUrl.nullable().default(null),
  mostrar_logo_banner: z.boolean().default(true),
});

/** The document's parts but the payment provider's (the server adds it: its secrets never leave it). */
export const storeDocumentShape = {
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a sub-domain label (a-z, 0-9, -)'),
  settings,
  look: look.superRefine(checkLook),
  hours: z.array(shift).max(16),
  categories: z.array(category).max(100),
  option_groups: z.array(optionGroup).max(500).default([]),
  cities: z.array(city).max(100).default([]),
  payment_methods: z.array(paymentMethod).min(1).max(50),
  loyalty: loyalty.nullable().default(null),
  coupons: z.array(coupon).max(500).default([]),
  tables: z
    .array(z.strictObject({ ref: documentRef, description: text(120).min(1) }))
    .max(500)
    .default([]),
};

const storeDocumentBaseObject = z.strictObject(storeDocumentShape);
export type StoreDocumentBase = z.infer<typeof storeDocumentBaseObject>;

/** Cross-part rules: unique refs, known groups and products, a fee type's needs. */
export function checkStoreDocument(doc: StoreDocumentBase, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const seen = (values: string[], path: (i: number) => (string | number)[], what: string) => {
    const set = new Set<string>();
    values.forEach((value, i) => {
      if (set.has(value)) issue(path(i), `duplicate ${what} '${value}'`);
      set.add(value);
    });
  };
  seen(
    doc.categories.map((c) => c.ref),
    (i) => ['categories', i, 'ref'],
    'category ref',
  );
  const productRefs: { ref: string; path: (string | number)[] }[] = [];
  doc.categories.forEach((c, ci) => {
    c.products.forEach((p, pi) => {
      productRefs.push({ ref: p.ref, path: ['categories', ci, 'products', pi, 'ref'] });
      p.variants.forEach((v, vi) => {
        productRefs.push({ ref: v.ref, path: ['categories', ci, 'products', pi, 'variants', vi, 'ref'] });
      });
    });
  });
  const productSet = new Set<string>();
  for (const p of productRefs) {
    if (productSet.has(p.ref)) issue(p.path, `duplicate product ref '${p.ref}'`);
    productSet.add(p.ref);
  }
  seen(
    doc.option_groups.map((g) => g.ref),
    (i) => ['option_groups', i, 'ref'],
    'option group ref',
  );
  const groupSet = new Set(doc.option_groups.map((g) => g.ref));
  doc.option_groups.forEach((g, gi) => {
    seen(
      g.items.map((item) => item.ref),
      (i) => ['option_groups', gi, 'items', i, 'ref'],
      'item ref',
    );
    g.items.forEach((item, ii) => {
      if (item.product && !productSet.has(item.product))
        issue(['option_groups', gi, 'items', ii, 'product'], `unknown product '${item.product}'`);
    });
  });
  const checkGroups = (groups: { group: string }[], base: (string | number)[]) => {
    const asked = new Set<string>();
    groups.forEach((use, ui) => {
      if (!groupSet.has(use.group))
        issue([...base, 'groups', ui, 'group'], `unknown option group '${use.group}'`);
      // A product asks for a group once (the product_groups key): twice would fail when applied.
      else if (asked.has(use.group))
        issue([...base, 'groups', ui, 'group'], `option group '${use.group}' used twice`);
      asked.add(use.group);
    });
  };
  doc.categories.forEach((c, ci) => {
    c.products.forEach((p, pi) => {
      checkGroups(p.groups, ['categories', ci, 'products', pi]);
      p.variants.forEach((v, vi) => {
        checkGroups(v.groups, ['categories', ci, 'products', pi, 'variants', vi]);
      });
    });
  });
  seen(
    doc.payment_methods.map((m) => String(m.id)),
    (i) => ['payment_methods', i, 'id'],
    'payment method id',
  );
  seen(
    doc.cities.map((c) => c.ref),
    (i) => ['cities', i, 'ref'],
    'city ref',
  );
  const neighbourhoodRefs = new Set<string>();
  doc.cities.forEach((c, ci) => {
    c.neighbourhoods.forEach((n, ni) => {
      if (neighbourhoodRefs.has(n.ref))
        issue(['cities', ci, 'neighbourhoods', ni, 'ref'], `duplicate neighbourhood ref '${n.ref}'`);
      neighbourhoodRefs.add(n.ref);
    });
  });
  const shifts = new Set<string>();
  doc.hours.forEach((h, i) => {
    const key = `${h.dia_semana}/${h.turno}`;
    if (shifts.has(key)) issue(['hours', i], `two shifts ${h.turno} on day ${h.dia_semana}`);
    shifts.add(key);
  });
  seen(
    doc.coupons.map((c) => c.code),
    (i) => ['coupons', i, 'code'],
    'coupon code',
  );
  seen(
    doc.tables.map((t) => t.ref),
    (i) => ['tables', i, 'ref'],
    'table ref',
  );
  if (doc.settings.delivery_fee_type === 'radius' && doc.settings.delivery_radius_tiers.length === 0)
    issue(['settings', 'delivery_radius_tiers'], 'a radius fee needs at least one tier');
  if (doc.settings.delivery_fee_type !== 'neighbourhood' && doc.settings.latitude === null)
    issue(['settings', 'latitude'], 'radius and area fees need the store position');
  if (doc.settings.delivery_fee_type === 'area' && doc.settings.delivery_areas.length === 0)
    issue(['settings', 'delivery_areas'], 'an area fee needs at least one area');
}

/** The document without its payment provider: what the staff editor reads and drafts. */
export const storeDocumentBase = storeDocumentBaseObject.superRefine(checkStoreDocument);

export type DocumentSettings = StoreDocumentBase['settings'];
export type DocumentLook = StoreDocumentBase['look'];
export type DocumentShift = StoreDocumentBase['hours'][number];
export type DocumentCategory = StoreDocumentBase['categories'][number];
export type DocumentProduct = DocumentCategory['products'][number];
export type DocumentVariant = DocumentProduct['variants'][number];
export type DocumentGroupUse = DocumentProduct['groups'][number];
export type DocumentOptionGroup = StoreDocumentBase['option_groups'][number];
export type DocumentGroupItem = DocumentOptionGroup['items'][number];
export type DocumentCity = StoreDocumentBase['cities'][number];
export type DocumentNeighbourhood = DocumentCity['neighbourhoods'][number];
export type DocumentPaymentMethod = StoreDocumentBase['payment_methods'][number];
export type DocumentLoyalty = NonNullable<StoreDocumentBase['loyalty']>;
export type DocumentCoupon = StoreDocumentBase['coupons'][number];
