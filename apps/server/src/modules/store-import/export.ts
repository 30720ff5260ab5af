import { DEFAULT_STORE_TIME_ZONE, isStoreTimeZone, storeIsoText } from '@comanda/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import {
  categories,
  cities,
  companySettings,
  coupons,
  diningTables,
  loyaltyPrograms,
  neighbourhoods,
  openingHours,
  optionGroupItems,
  optionGroups,
  paymentMethods,
  productGroups,
  products,
  storePaymentProviders,
  stores,
} from '../../db/schema.ts';
import type { StoreDocument } from './document.ts';

/*
 * A store's rows back as its store document (docs/decisions/0032): importing the export gives the
 * same store (same rows, same ids, same menu replies). Two things stay out on purpose: the payment
 * provider (its secrets never leave the database; a document without `payment_provider` keeps the
 * provider the store has) and `pausada` (the open or closed mode is the staff's controls; a document
 * without it keeps the mode).
 */

type Settings = StoreDocument['settings'];
type Category = StoreDocument['categories'][number];
type Product = Category['products'][number];
type GroupUse = Product['groups'][number];

/** The store document as exported: every field written out (defaults included). */
export type ExportedDocument = Omit<StoreDocument, 'payment_provider' | 'settings'> & {
  settings: Omit<Settings, 'pausada'>;
};

/** What a store's document leaves out: the provider it keeps (its name only) and its mode. */
export interface ExportedExtras {
  paymentProvider: string | null;
  /** What registering its notification URL at the provider came to (null until tried). */
  paymentProviderWebhook: { ok: boolean; url: string; detail: string | null; at: string } | null;
}

/** HH:MM:SS as the document writes it: HH:MM when the seconds are zero. */
const shortTime = (value: string) =>
  value.endsWith(':00') && value.length === 8 ? value.slice(0, 5) : value;

/** An instant in the store's time zone with its offset, e.g. 2026-12-31T23:59:59-03:00 in São Paulo. */
export function storeTimeIso(at: Date, timeZone: string): string {
  return storeIsoText(at, timeZone);
}

/** The slug of a store, or undefined. */
export async function storeSlugOf(db: DbExecutor, storeId: number): Promise<string | undefined> {
  const [row] = await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, storeId));
  return row?.slug;
}

/** The store's document as its rows say; undefined for a store without settings (none such is imported). */
export async function exportStore(
  db: DbExecutor,
  storeId: number,
): Promise<{ document: ExportedDocument; extras: ExportedExtras } | undefined> {
  const [store] = await db
    .select({ slug: stores.slug, timeZone: stores.timeZone })
    .from(stores)
    .where(eq(stores.id, storeId));
  const [c] = await db.select().from(companySettings).where(eq(companySettings.storeId, storeId));
  if (!store || !c) return undefined;
  const [menu, groups] = await readTogether(db, [
    () => exportMenu(db, storeId),
    () => exportOptionGroups(db, storeId),
  ]);
  const [hours, delivery, methods, loyalty, couponList, tables, provider] = await readTogether(db, [
    () =>
      db
        .select()
        .from(openingHours)
        .where(eq(openingHours.storeId, storeId))
        .orderBy(asc(openingHours.diaSemana), asc(openingHours.turno)),
    () => exportCities(db, storeId),
    () =>
      db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.storeId, storeId), eq(paymentMethods.ativo, true)))
        .orderBy(asc(paymentMethods.ordem), asc(paymentMethods.id)),
    () => db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.storeId, storeId)),
    () =>
      db
        .select()
        .from(coupons)
        .where(and(eq(coupons.storeId, storeId), eq(coupons.excluido, false)))
        .orderBy(asc(coupons.id)),
    () =>
      db
        .select()
        .from(diningTables)
        .where(and(eq(diningTables.storeId, storeId), eq(diningTables.ativo, true)))
        .orderBy(asc(diningTables.id)),
    () =>
      db
        .select({ provider: storePaymentProviders.provider, webhook: storePaymentProviders.webhookStatus })
        .from(storePaymentProviders)
        .where(eq(storePaymentProviders.storeId, storeId)),
  ]);
  const exportedRefs = new Set(
    menu.flatMap((cat) => cat.products.flatMap((p) => [p.ref, ...p.variants.map((v) => v.ref)])),
  );
  const settings: Omit<Settings, 'pausada'> = {
    nome: c.nome,
    apresentacao: c.apresentacao,
    endereco: c.endereco,
    contato: c.contato,
    email_contato: c.emailContato,
    whatsapp: c.whatsapp,
    facebook: c.facebook,
    instagram: c.instagram,
    site: c.site,
    delivery_time: c.deliveryTime,
    pickup_time: c.pickupTime,
    environment: c.environment as Settings['environment'],
    holidays: c.holidays,
    time_zone: isStoreTimeZone(store.timeZone) ? store.timeZone : DEFAULT_STORE_TIME_ZONE,
    permite_entrega: c.permiteEntrega,
    permite_busca: c.permiteBusca,
    permite_comer_local: c.permiteComerLocal,
    agendamento_ativo: c.agendamentoAtivo,
    permite_agendamento: c.permiteAgendamento,
    schedule_step_minutes: c.scheduleStepMinutes,
    schedule_capacity: c.scheduleCapacity,
    valor_minimo: c.valorMinimo,
    qtd_maxima_item: c.qtdMaximaItem,
    valor_maximo_pedido: c.valorMaximoPedido,
    delivery_fee_type: c.deliveryFeeType as Settings['delivery_fee_type'],
    delivery_max_radius: c.deliveryMaxRadius,
    delivery_radius_tiers: c.deliveryRadiusTiers.map((t) => ({ up_to_metres: t.upToMetres, fee: t.fee })),
    delivery_areas: c.deliveryAreas.map((a) => ({ name: a.name, fee: a.fee, polygon: a.polygon })),
    delivery_discounted_fee: c.deliveryDiscountedFee,
    delivery_discount_minimum_order: c.deliveryDiscountMinimumOrder,
    online_payment: c.onlinePayment,
    payment_by_pix: c.paymentByPix,
    payment_by_card: c.paymentByCard,
    payment_key: c.paymentKey,
    self_checkout_require_imply_pay: c.selfCheckoutRequireImplyPay,
    mesa_exige_codigo: c.mesaExigeCodigo,
    taxa_servico_perc: c.taxaServicoPerc,
    expiration_time_pix: c.expirationTimePix,
    google_maps_key: c.googleMapsKey,
    google_maps_viewport: c.googleMapsViewport,
    latitude: c.latitude,
    longitude: c.longitude,
    delivery_customer_doc_required: c.deliveryCustomerDocRequired,
    fb_pixel_id: c.fbPixelId,
    google_tag_manager: c.googleTagManager,
    fb_domain_verification: c.fbDomainVerification,
  };
  const [program] = loyalty;
  const document: ExportedDocument = {
    slug: store.slug,
    settings,
    look: {
      primary_color: c.primaryColor,
      secondary_color: c.secondaryColor,
      font_family: c.fontFamily,
      font_url: c.fontUrl,
      default_style_mode: c.defaultStyleMode as StoreDocument['look']['default_style_mode'],
      logo: c.logo,
      icon_192: c.icon192,
      icon_512: c.icon512,
      bg_image: c.bgImage,
      bg_video: c.bgVideo,
      mostrar_logo_banner: c.mostrarLogoBanner,
    },
    hours: hours.map((h) => ({
      dia_semana: h.diaSemana,
      turno: h.turno === 2 ? 2 : 1,
      hr_inicio: shortTime(h.hrInicio),
      hr_fim: shortTime(h.hrFim),
    })),
    categories: menu,
    option_groups: groups.map((g) => ({
      ...g,
      items: g.items.map(({ product, ...item }) =>
        // A link to a product the menu no longer lists would not import: it is left out.
        product && exportedRefs.has(product) ? { ...item, product } : item,
      ),
    })),
    cities: delivery,
    payment_methods: methods.map((m) => ({
      id: m.id,
      tipo: m.tipo as StoreDocument['payment_methods'][number]['tipo'],
      descricao: m.descricao,
      api: m.api,
      chave_pix: m.chavePix,
      tipo_chave_pix: m.tipoChavePix as StoreDocument['payment_methods'][number]['tipo_chave_pix'],
      pix_nome_titular: m.pixNomeTitular,
      permite_troco: m.permiteTroco,
      tipos_entrega: m.tiposEntrega as StoreDocument['payment_methods'][number]['tipos_entrega'],
    })),
    loyalty: program
      ? {
          ativo: program.ativo,
          descricao: program.descricao,
          pontos_recompensa: program.pontosRecompensa,
          recompensa_perc: program.recompensaPerc,
          perc_recompensa: program.percRecompensa,
          vlr_recompensa: program.vlrRecompensa,
          pontos_por_real: program.pontosPorReal,
        }
      : null,
    coupons: couponList.map((k) => ({
      code: k.code,
      descricao: k.descricao,
      perc: k.perc,
      valor: k.valor,
      local: k.local as StoreDocument['coupons'][number]['local'],
      ativo: k.ativo,
      valid_from: k.validFrom ? storeTimeIso(k.validFrom, store.timeZone) : null,
      valid_until: k.validUntil ? storeTimeIso(k.validUntil, store.timeZone) : null,
      max_uses: k.maxUses,
      max_uses_per_customer: k.maxUsesPerCustomer,
      min_subtotal: k.minSubtotal,
    })),
    tables: tables.map((t) => ({ ref: t.ref, description: t.description })),
  };
  return {
    document,
    extras: {
      paymentProvider: provider[0]?.provider ?? null,
      paymentProviderWebhook: provider[0]?.webhook ?? null,
    },
  };
}

/**
 * Categories with their products as the import wrote them. A variant takes what it leaves out from
 * its product (details, pictures, option groups), so what equals the product's is written out as
 * left out; an inactive product's variants are written active (the product's switch decides).
 */
async function exportMenu(db: DbExecutor, storeId: number): Promise<Category[]> {
  const [categoryRows, productRows, uses] = await readTogether(db, [
    () =>
      db
        .select()
        .from(categories)
        .where(and(eq(categories.storeId, storeId), eq(categories.ativo, true)))
        .orderBy(asc(categories.ordem), asc(categories.id)),
    () =>
      db
        .select()
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.excluido, false)))
        .orderBy(asc(products.ordem), asc(products.id)),
    () =>
      db
        .select({
          productId: productGroups.productId,
          group: optionGroups.ref,
          min: productGroups.min,
          max: productGroups.max,
        })
        .from(productGroups)
        .innerJoin(optionGroups, eq(optionGroups.id, productGroups.groupId))
        .where(and(eq(productGroups.storeId, storeId), eq(optionGroups.storeId, storeId)))
        .orderBy(asc(productGroups.productId), asc(productGroups.ordem)),
  ]);
  const usesOf = new Map<number, GroupUse[]>();
  for (const use of uses) {
    const list = usesOf.get(use.productId) ?? [];
    list.push({ group: use.group, min: use.min, max: use.max });
    usesOf.set(use.productId, list);
  }
  const childrenOf = new Map<number, typeof productRows>();
  for (const row of productRows)
    if (row.itemFilho && row.parentId !== null)
      childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  const productsOf = new Map<number, Product[]>();
  for (const p of productRows) {
    if (p.itemFilho) continue;
    const groups = usesOf.get(p.id) ?? [];
    const variants = p.itemPai ? (childrenOf.get(p.id) ?? []) : [];
    productsOf.set(p.categoryId, [
      ...(productsOf.get(p.categoryId) ?? []),
      {
        ref: p.ref,
        descricao: p.descricao,
        detalhes: p.detalhes,
        url_imagem: p.urlImagem,
        url_miniatura: p.urlMiniatura,
        url_video: p.urlVideo,
        ativo_pedidos: p.ativoPedidos,
        ativo_garcom: p.ativoGarcom,
        groups,
        valor_venda: p.itemPai ? 0 : p.valorVenda,
        variants: variants.map((v) => {
          const own = usesOf.get(v.id) ?? [];
          return {
            ref: v.ref,
            descricao: v.descricao,
            detalhes: v.detalhes === p.detalhes ? '' : v.detalhes,
            url_imagem: v.urlImagem === p.urlImagem ? null : v.urlImagem,
            url_miniatura: v.urlMiniatura === p.urlMiniatura ? null : v.urlMiniatura,
            url_video: v.urlVideo === p.urlVideo ? null : v.urlVideo,
            ativo_pedidos: p.ativoPedidos ? v.ativoPedidos : true,
            ativo_garcom: p.ativoGarcom ? v.ativoGarcom : true,
            groups: sameUses(own, groups) ? [] : own,
            valor_venda: v.valorVenda,
          };
        }),
      },
    ]);
  }
  return categoryRows.map((cat) => ({
    ref: cat.ref,
    descricao: cat.descricao,
    detalhes: cat.detalhes,
    aberto: cat.aberto,
    products: productsOf.get(cat.id) ?? [],
  }));
}

const sameUses = (a: GroupUse[], b: GroupUse[]) =>
  a.length === b.length &&
  a.every((use, i) => use.group === b[i]!.group && use.min === b[i]!.min && use.max === b[i]!.max);

async function exportOptionGroups(db: DbExecutor, storeId: number) {
  const groups = await db
    .select()
    .from(optionGroups)
    .where(and(eq(optionGroups.storeId, storeId), eq(optionGroups.excluido, false)))
    .orderBy(asc(optionGroups.ordem), asc(optionGroups.id));
  const items =
    groups.length === 0
      ? []
      : await db
          .select({ item: optionGroupItems, product: products.ref })
          .from(optionGroupItems)
          .leftJoin(products, and(eq(products.id, optionGroupItems.fkItem), eq(products.storeId, storeId)))
          .where(
            and(
              eq(optionGroupItems.storeId, storeId),
              eq(optionGroupItems.excluido, false),
              inArray(
                optionGroupItems.groupId,
                groups.map((g) => g.id),
              ),
            ),
          )
          .orderBy(asc(optionGroupItems.ordem), asc(optionGroupItems.id));
  return groups.map((g) => ({
    ref: g.ref,
    descricao: g.descricao,
    detalhes: g.detalhes,
    repetir_itens: g.repetirItens,
    politica_cobranca: g.politicaCobranca as StoreDocument['option_groups'][number]['politica_cobranca'],
    items: items
      .filter(({ item }) => item.groupId === g.id)
      .map(({ item, product }) => ({
        ref: item.ref,
        descricao: item.descricao,
        detalhes: item.detalhes,
        preco: item.preco,
        url_imagem: item.urlImagem,
        qt_padrao: item.qtPadrao,
        ingrediente: item.ingrediente,
        ativo_pedidos: item.ativoPedidos,
        ativo_garcom: item.ativoGarcom,
        ...(product ? { product } : {}),
      })),
  }));
}

/**
 * Cities with their neighbourhoods. A city the document stopped naming was made inactive with every
 * neighbourhood excluded: it is left out; an inactive city that still has neighbourhoods is written.
 */
async function exportCities(db: DbExecutor, storeId: number): Promise<StoreDocument['cities']> {
  const [cityRows, neighbourhoodRows] = await readTogether(db, [
    () => db.select().from(cities).where(eq(cities.storeId, storeId)).orderBy(asc(cities.id)),
    () =>
      db
        .select()
        .from(neighbourhoods)
        .where(and(eq(neighbourhoods.storeId, storeId), eq(neighbourhoods.excluido, false)))
        .orderBy(asc(neighbourhoods.id)),
  ]);
  return cityRows
    .map((city) => ({
      ref: city.ref,
      nome: city.nome,
      estado: city.estado,
      ativo: city.ativo,
      neighbourhoods: neighbourhoodRows
        .filter((n) => n.cityId === city.id)
        .map((n) => ({
          ref: n.ref,
          descricao: n.descricao,
          valor_entrega: n.valorEntrega,
          valor_entrega_desconto: n.valorEntregaDesconto,
          discount_minimum_order: n.discountMinimumOrder,
          ativo: n.ativo,
        })),
    }))
    .filter((city) => city.ativo || city.neighbourhoods.length > 0);
}
