import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client.ts';
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
  stores,
} from '../../db/schema.ts';
import { removeProviderSettings, saveProviderSettings } from '../payments/index.ts';
import type { StoreDocument } from './document.ts';

export interface ImportResult {
  storeId: number;
  slug: string;
  created: boolean;
  counts: { categories: number; products: number; optionGroups: number; neighbourhoods: number };
}

export interface ImportOptions {
  /** Seals the payment provider's secrets (PAYMENT_SECRETS_KEY); required when the document has them. */
  paymentSecretsKey?: Buffer | null;
}

/** A database or a transaction: every function here runs inside importStore's (or the caller's). */
type Transaction = DbExecutor;

/**
 * Creates or updates a whole store from a parsed document, in one transaction. Rows are matched by
 * their `ref` so ids stay stable across imports; rows the document no longer names are retired
 * (excluded or inactive) rather than deleted, because carts and orders may still point at them.
 */
export function importStore(
  db: Database,
  doc: StoreDocument,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return db.transaction((tx) => applyStoreDocument(tx, doc, options));
}

/**
 * importStore's work inside a transaction the caller holds (the staff editor writes its audit row
 * and checks the menu version in the same one). Raises the store's menu_version.
 */
export async function applyStoreDocument(
  tx: Transaction,
  doc: StoreDocument,
  options: ImportOptions = {},
): Promise<ImportResult> {
  // The store's row is held to the end, as every writer of its menu takes it first (no deadlocks).
  const [existing] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.slug, doc.slug))
    .for('update');
  const storeId = existing
    ? existing.id
    : (await tx.insert(stores).values({ slug: doc.slug }).returning({ id: stores.id }))[0]!.id;

  await upsertSettings(tx, storeId, doc);
  const categoryIds = await upsertCategories(tx, storeId, doc);
  const productIds = await upsertProducts(tx, storeId, doc, categoryIds);
  const groupIds = await upsertOptionGroups(tx, storeId, doc, productIds);
  await replaceProductGroups(tx, storeId, doc, productIds, groupIds);
  await replaceHours(tx, storeId, doc);
  const neighbourhoodCount = await upsertCitiesAndNeighbourhoods(tx, storeId, doc);
  await upsertPaymentMethods(tx, storeId, doc);
  await upsertLoyalty(tx, storeId, doc);
  await upsertCoupons(tx, storeId, doc);
  await upsertTables(tx, storeId, doc);
  // Left out of the document (an export, the editor): the provider the store has stays as it is.
  if (doc.payment_provider) {
    await saveProviderSettings(tx, storeId, doc.payment_provider, options.paymentSecretsKey ?? null);
  } else if (doc.payment_provider === null) {
    await removeProviderSettings(tx, storeId);
  }

  await tx
    .update(stores)
    .set({
      menuVersion: sql`${stores.menuVersion} + 1`,
      timeZone: doc.settings.time_zone,
      updatedAt: new Date(),
    })
    .where(eq(stores.id, storeId));

  return {
    storeId,
    slug: doc.slug,
    created: !existing,
    counts: {
      categories: doc.categories.length,
      products: productIds.size,
      optionGroups: groupIds.size,
      neighbourhoods: neighbourhoodCount,
    },
  };
}

async function upsertSettings(tx: Transaction, storeId: number, doc: StoreDocument) {
  const s = doc.settings;
  const l = doc.look;
  const values = {
    nome: s.nome,
    logo: l.logo,
    bgImage: l.bg_image,
    bgVideo: l.bg_video,
    icon192: l.icon_192,
    icon512: l.icon_512,
    mostrarLogoBanner: l.mostrar_logo_banner,
    deliveryTime: s.delivery_time,
    pickupTime: s.pickup_time,
    tempoEntregarMinutos: `${Math.max(0, s.delivery_time - 10)}-${s.delivery_time}`,
    tempoBuscarMinutos: `${Math.max(0, s.pickup_time - 10)}-${s.pickup_time}`,
    // Left out of the document: the open or closed mode and any pause the staff set stay as they are.
    ...(s.pausada === undefined
      ? {}
      : {
          openMode: s.pausada ? ('closed' as const) : ('auto' as const),
          pausedUntil: null,
          pauseReason: null,
        }),
    environment: s.environment,
    holidays: s.holidays,
    permiteEntrega: s.permite_entrega,
    permiteBusca: s.permite_busca,
    permiteComerLocal: s.permite_comer_local,
    agendamentoAtivo: s.agendamento_ativo,
    permiteAgendamento: s.permite_agendamento,
    scheduleStepMinutes: s.schedule_step_minutes,
    scheduleCapacity: s.schedule_capacity,
    valorMinimo: s.valor_minimo,
    qtdMaximaItem: s.qtd_maxima_item,
    valorMaximoPedido: s.valor_maximo_pedido,
    deliveryFeeType: s.delivery_fee_type,
    deliveryMaxRadius: s.delivery_max_radius,
    deliveryRadiusTiers: s.delivery_radius_tiers.map((t) => ({ upToMetres: t.up_to_metres, fee: t.fee })),
    deliveryAreas: s.delivery_areas,
    deliveryDiscountedFee: s.delivery_discounted_fee,
    deliveryDiscountMinimumOrder: s.delivery_discount_minimum_order,
    onlinePayment: s.online_payment,
    paymentByPix: s.payment_by_pix,
    paymentByCard: s.payment_by_card,
    paymentKey: s.payment_key,
    selfCheckoutRequireImplyPay: s.self_checkout_require_imply_pay,
    mesaExigeCodigo: s.mesa_exige_codigo,
    taxaServicoPerc: s.taxa_servico_perc,
    expirationTimePix: s.expiration_time_pix,
    googleMapsKey: s.google_maps_key,
    googleMapsViewport: s.google_maps_viewport,
    latitude: s.latitude,
    longitude: s.longitude,
    deliveryCustomerDocRequired: s.delivery_customer_doc_required,
    whatsapp: s.whatsapp,
    facebook: s.facebook,
    instagram: s.instagram,
    site: s.site,
    contato: s.contato,
    emailContato: s.email_contato,
    apresentacao: s.apresentacao,
    endereco: s.endereco,
    primaryColor: l.primary_color,
    secondaryColor: l.secondary_color,
    fontFamily: l.font_family,
    fontUrl: l.font_url,
    defaultStyleMode: l.default_style_mode,
    fbPixelId: s.fb_pixel_id,
    googleTagManager: s.google_tag_manager,
    fbDomainVerification: s.fb_domain_verification,
  };
  await tx
    .insert(companySettings)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: companySettings.storeId, set: values });
}

async function upsertCategories(tx: Transaction, storeId: number, doc: StoreDocument) {
  const ids = new Map<string, number>();
  for (const [ordem, c] of doc.categories.entries()) {
    const values = { descricao: c.descricao, detalhes: c.detalhes, aberto: c.aberto, ordem, ativo: true };
    const [row] = await tx
      .insert(categories)
      .values({ storeId, ref: c.ref, ...values })
      .onConflictDoUpdate({ target: [categories.storeId, categories.ref], set: values })
      .returning({ id: categories.id });
    ids.set(c.ref, row!.id);
  }
  await tx
    .update(categories)
    .set({ ativo: false })
    .where(and(eq(categories.storeId, storeId), notInArrayOrAll(categories.ref, [...ids.keys()])));
  return ids;
}

async function upsertProducts(
  tx: Transaction,
  storeId: number,
  doc: StoreDocument,
  categoryIds: Map<string, number>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  let ordem = 0;
  for (const c of doc.categories) {
    const categoryId = categoryIds.get(c.ref)!;
    for (const p of c.products) {
      const isParent = p.variants.length > 0;
      const base = {
        categoryId,
        descricao: p.descricao,
        detalhes: p.detalhes,
        urlImagem: p.url_imagem,
        urlMiniatura: p.url_miniatura,
        urlVideo: p.url_video,
        ativoPedidos: p.ativo_pedidos,
        ativoGarcom: p.ativo_garcom,
        excluido: false,
      };
      const parentValues = {
        ...base,
        valorVenda: isParent ? Math.min(...p.variants.map((v) => v.valor_venda)) : p.valor_venda,
        itemPai: isParent,
        itemFilho: false,
        parentId: null,
        ordem: ordem++,
      };
      const [parent] = await tx
        .insert(products)
        .values({ storeId, ref: p.ref, ...parentValues })
        .onConflictDoUpdate({ target: [products.storeId, products.ref], set: parentValues })
        .returning({ id: products.id });
      ids.set(p.ref, parent!.id);
      for (const v of p.variants) {
        const childValues = {
          ...base,
          descricao: v.descricao,
          detalhes: v.detalhes || p.detalhes,
          urlImagem: v.url_imagem ?? p.url_imagem,
          urlMiniatura: v.url_miniatura ?? p.url_miniatura,
          urlVideo: v.url_video ?? p.url_video,
          ativoPedidos: p.ativo_pedidos && v.ativo_pedidos,
          ativoGarcom: p.ativo_garcom && v.ativo_garcom,
          valorVenda: v.valor_venda,
          itemPai: false,
          itemFilho: true,
          parentId: parent!.id,
          ordem: ordem++,
        };
        const [child] = await tx
          .insert(products)
          .values({ storeId, ref: v.ref, ...childValues })
          .onConflictDoUpdate({ target: [products.storeId, products.ref], set: childValues })
          .returning({ id: products.id });
        ids.set(v.ref, child!.id);
      }
    }
  }
  await tx
    .update(products)
    .set({ excluido: true })
    .where(and(eq(products.storeId, storeId), notInArrayOrAll(products.ref, [...ids.keys()])));
  return ids;
}

async function upsertOptionGroups(
  tx: Transaction,
  storeId: number,
  doc: StoreDocument,
  productIds: Map<string, number>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [ordem, g] of doc.option_groups.entries()) {
    const values = {
      descricao: g.descricao,
      detalhes: g.detalhes,
      repetirItens: g.repetir_itens,
      politicaCobranca: g.politica_cobranca,
      ordem,
      excluido: false,
    };
    const [row] = await tx
      .insert(optionGroups)
      .values({ storeId, ref: g.ref, ...values })
      .onConflictDoUpdate({ target: [optionGroups.storeId, optionGroups.ref], set: values })
      .returning({ id: optionGroups.id });
    const groupId = row!.id;
    ids.set(g.ref, groupId);
    const itemRows = g.items.map((item, itemOrder) => ({
      storeId,
      groupId,
      ref: item.ref,
      descricao: item.descricao,
      detalhes: item.detalhes,
      preco: item.preco,
      urlImagem: item.url_imagem,
      ordem: itemOrder,
      fkItem: item.product ? productIds.get(item.product)! : null,
      qtPadrao: item.qt_padrao,
      excluido: false,
      ativoPedidos: item.ativo_pedidos,
      ativoGarcom: item.ativo_garcom,
      ingrediente: item.ingrediente,
    }));
    await tx
      .insert(optionGroupItems)
      .values(itemRows)
      .onConflictDoUpdate({
        target: [optionGroupItems.groupId, optionGroupItems.ref],
        set: {
          descricao: sql`excluded.descricao`,
          detalhes: sql`excluded.detalhes`,
          preco: sql`excluded.preco`,
          urlImagem: sql`excluded.url_imagem`,
          ordem: sql`excluded.ordem`,
          fkItem: sql`excluded.fk_item`,
          qtPadrao: sql`excluded.qt_padrao`,
          excluido: sql`false`,
          ativoPedidos: sql`excluded.ativo_pedidos`,
          ativoGarcom: sql`excluded.ativo_garcom`,
          ingrediente: sql`excluded.ingrediente`,
        },
      });
    await tx
      .update(optionGroupItems)
      .set({ excluido: true })
      .where(
        and(
          eq(optionGroupItems.groupId, groupId),
          notInArrayOrAll(
            optionGroupItems.ref,
            g.items.map((item) => item.ref),
          ),
        ),
      );
  }
  await tx
    .update(optionGroups)
    .set({ excluido: true })
    .where(and(eq(optionGroups.storeId, storeId), notInArrayOrAll(optionGroups.ref, [...ids.keys()])));
  return ids;
}

async function replaceProductGroups(
  tx: Transaction,
  storeId: number,
  doc: StoreDocument,
  productIds: Map<string, number>,
  groupIds: Map<string, number>,
) {
  await tx.delete(productGroups).where(eq(productGroups.storeId, storeId));
  const rows: (typeof productGroups.$inferInsert)[] = [];
  const add = (productRef: string, uses: { group: string; min: number; max: number }[]) => {
    uses.forEach((use, ordem) => {
      rows.push({
        storeId,
        productId: productIds.get(productRef)!,
        groupId: groupIds.get(use.group)!,
        min: use.min,
        max: use.max,
        ordem,
      });
    });
  };
  for (const c of doc.categories)
    for (const p of c.products) {
      add(p.ref, p.groups);
      for (const v of p.variants) add(v.ref, v.groups.length > 0 ? v.groups : p.groups);
    }
  if (rows.length > 0) await tx.insert(productGroups).values(rows);
}

/** Shifts by day and turn, updated in place (their ids stay, as the hours call shows them); the rest go. */
async function replaceHours(tx: Transaction, storeId: number, doc: StoreDocument) {
  const kept: number[] = [];
  for (const h of doc.hours) {
    const [row] = await tx
      .insert(openingHours)
      .values({ storeId, diaSemana: h.dia_semana, turno: h.turno, hrInicio: h.hr_inicio, hrFim: h.hr_fim })
      .onConflictDoUpdate({
        target: [openingHours.storeId, openingHours.diaSemana, openingHours.turno],
        set: { hrInicio: h.hr_inicio, hrFim: h.hr_fim },
      })
      .returning({ id: openingHours.id });
    kept.push(row!.id);
  }
  await tx
    .delete(openingHours)
    .where(
      and(eq(openingHours.storeId, storeId), kept.length > 0 ? notInArray(openingHours.id, kept) : sql`true`),
    );
}

async function upsertCitiesAndNeighbourhoods(tx: Transaction, storeId: number, doc: StoreDocument) {
  const neighbourhoodRefs: string[] = [];
  const cityRefs: string[] = [];
  for (const c of doc.cities) {
    cityRefs.push(c.ref);
    const cityValues = { nome: c.nome, estado: c.estado, ativo: c.ativo };
    const [city] = await tx
      .insert(cities)
      .values({ storeId, ref: c.ref, ...cityValues })
      .onConflictDoUpdate({ target: [cities.storeId, cities.ref], set: cityValues })
      .returning({ id: cities.id });
    for (const n of c.neighbourhoods) {
      neighbourhoodRefs.push(n.ref);
      const values = {
        cityId: city!.id,
        descricao: n.descricao,
        valorEntrega: n.valor_entrega,
        valorEntregaDesconto: n.valor_entrega_desconto,
        discountMinimumOrder: n.discount_minimum_order,
        ativo: n.ativo,
        excluido: false,
      };
      await tx
        .insert(neighbourhoods)
        .values({ storeId, ref: n.ref, ...values })
        .onConflictDoUpdate({ target: [neighbourhoods.storeId, neighbourhoods.ref], set: values });
    }
  }
  await tx
    .update(neighbourhoods)
    .set({ excluido: true })
    .where(and(eq(neighbourhoods.storeId, storeId), notInArrayOrAll(neighbourhoods.ref, neighbourhoodRefs)));
  await tx
    .update(cities)
    .set({ ativo: false })
    .where(and(eq(cities.storeId, storeId), notInArrayOrAll(cities.ref, cityRefs)));
  return neighbourhoodRefs.length;
}

async function upsertPaymentMethods(tx: Transaction, storeId: number, doc: StoreDocument) {
  for (const [ordem, m] of doc.payment_methods.entries()) {
    const values = {
      api: m.api,
      tipo: m.tipo,
      descricao: m.descricao,
      ordem,
      chavePix: m.chave_pix,
      tipoChavePix: m.tipo_chave_pix,
      pixNomeTitular: m.pix_nome_titular,
      permiteTroco: m.permite_troco,
      tiposEntrega: m.tipos_entrega,
      ativo: true,
    };
    await tx
      .insert(paymentMethods)
      .values({ storeId, id: m.id, ...values })
      .onConflictDoUpdate({ target: [paymentMethods.storeId, paymentMethods.id], set: values });
  }
  const keep = doc.payment_methods.map((m) => m.id);
  await tx
    .update(paymentMethods)
    .set({ ativo: false })
    .where(and(eq(paymentMethods.storeId, storeId), notInArray(paymentMethods.id, keep)));
}

async function upsertLoyalty(tx: Transaction, storeId: number, doc: StoreDocument) {
  if (!doc.loyalty) {
    await tx.update(loyaltyPrograms).set({ ativo: false }).where(eq(loyaltyPrograms.storeId, storeId));
    return;
  }
  const l = doc.loyalty;
  const values = {
    ativo: l.ativo,
    descricao: l.descricao,
    pontosRecompensa: l.pontos_recompensa,
    recompensaPerc: l.recompensa_perc,
    percRecompensa: l.perc_recompensa,
    vlrRecompensa: l.vlr_recompensa,
    pontosPorReal: l.pontos_por_real,
  };
  await tx
    .insert(loyaltyPrograms)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: loyaltyPrograms.storeId, set: values });
}

/**
 * Coupons by code. The uses already made are kept; a cap below them stops the coupon (the cap
 * becomes the uses). Coupons the document no longer names are made inactive.
 */
async function upsertCoupons(tx: Transaction, storeId: number, doc: StoreDocument) {
  const now = new Date();
  for (const c of doc.coupons) {
    const values = {
      descricao: c.descricao,
      valor: c.valor,
      perc: c.perc,
      local: c.local,
      ativo: c.ativo,
      validFrom: c.valid_from ? new Date(c.valid_from) : null,
      validUntil: c.valid_until ? new Date(c.valid_until) : null,
      maxUses: c.max_uses,
      maxUsesPerCustomer: c.max_uses_per_customer,
      minSubtotal: c.min_subtotal,
      excluido: false,
      updatedAt: now,
    };
    await tx
      .insert(coupons)
      .values({ storeId, code: c.code, ...values })
      .onConflictDoUpdate({
        target: [coupons.storeId, coupons.code],
        set: {
          ...values,
          maxUses: sql`case when excluded.max_uses is null then null else greatest(excluded.max_uses, ${coupons.uses}) end`,
        },
      });
  }
  await tx
    .update(coupons)
    .set({ ativo: false, excluido: true, updatedAt: now })
    .where(
      and(
        eq(coupons.storeId, storeId),
        notInArrayOrAll(
          coupons.code,
          doc.coupons.map((c) => c.code),
        ),
      ),
    );
}

async function upsertTables(tx: Transaction, storeId: number, doc: StoreDocument) {
  for (const t of doc.tables) {
    await tx
      .insert(diningTables)
      .values({ storeId, ref: t.ref, description: t.description, ativo: true })
      .onConflictDoUpdate({
        target: [diningTables.storeId, diningTables.ref],
        set: { description: t.description, ativo: true },
      });
  }
  await tx
    .update(diningTables)
    .set({ ativo: false })
    .where(
      and(
        eq(diningTables.storeId, storeId),
        notInArrayOrAll(
          diningTables.ref,
          doc.tables.map((t) => t.ref),
        ),
      ),
    );
}

/** `ref NOT IN (…)`, or every row when the list is empty (NOT IN () is not valid SQL). */
function notInArrayOrAll(column: AnyPgColumn, values: string[]) {
  return values.length > 0 ? notInArray(column, values) : sql`true`;
}
