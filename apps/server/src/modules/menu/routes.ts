import {
  appManifest,
  categoryList,
  companyList,
  deliveryType,
  errorReply,
  formatQuery,
  fullProduct,
  loyaltyProgramList,
  neighbourhoodList,
  openingShiftList,
  paymentMethodList,
  positiveIdParam,
  productList,
  productsQuery,
  STORE_STATE_PATH,
  storeState,
  tableList,
} from '@comanda/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { askedMenuVersion, type EncodedReply, matchesEtag, sendEncoded } from '../../lib/encoded-reply.ts';
import { notFound } from '../../lib/errors.ts';
import type { BookedOutPeriods } from './booked-out.ts';
import { menuKeys, menuSurrogateKey } from './front-door.ts';
import type { MenuCache } from './menu-cache.ts';
import type { MenuService } from './service.ts';
import { STORE_STATE_CACHE_CONTROL, type StoreStates } from './store-state.ts';

const tags = ['menu'];

/** The store state's bytes (about 40: compression would not pay off), 304 for its ETag. */
function sendState(request: FastifyRequest, reply: FastifyReply, encoded: EncodedReply) {
  reply.headers({
    etag: encoded.etag,
    vary: 'Accept-Encoding',
    'content-type': 'application/json; charset=utf-8',
    'cache-control': STORE_STATE_CACHE_CONTROL,
  });
  if (matchesEtag(request.headers['if-none-match'], encoded.etag)) return reply.code(304).send();
  return reply.send(encoded.identity);
}
const errors = { 400: errorReply, 404: errorReply };

/** The start-up calls of spec section 7 that need no customer, served from the per-store cache. */
export function registerMenuRoutes(
  ctx: AppContext,
  {
    menu,
    menuCache,
    bookedOut,
    storeStates,
  }: { menu: MenuService; menuCache: MenuCache; bookedOut: BookedOutPeriods; storeStates: StoreStates },
) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown | null>,
  ) => {
    const parsed = Number(askedMenuVersion(request.url) ?? Number.NaN);
    const asked = Number.isSafeInteger(parsed) ? parsed : undefined;
    const { encoded, version } = await menuCache.getVersioned(request.store.id, key, build, asked);
    if (!encoded) throw notFound('PRODUCT_NOT_FOUND', 'Produto não encontrado.');
    return sendEncoded(request, reply, encoded, {
      surrogateKey: menuSurrogateKey(request.store),
      menuVersion: version,
      askedVersion: asked,
    });
  };

  app.get(
    '/core/get_app_manifest',
    {
      schema: {
        tags,
        summary: 'Web app manifest of the store',
        querystring: formatQuery,
        response: { 200: appManifest },
      },
    },
    (request, reply) => serve(request, reply, menuKeys.manifest, () => menu.manifest(request.store.id)),
  );

  app.get(
    '/core/empresa_personal_app',
    {
      schema: {
        tags,
        summary: 'Company settings (one element)',
        description:
          'loja_aberta and schedule_periods are computed for the current minute on the store clock (its time_zone).',
        querystring: formatQuery,
        response: { 200: companyList },
      },
    },
    async (request, reply) => {
      const now = ctx.now();
      const full = await bookedOut.get(request.store.id, now);
      return serve(request, reply, menuKeys.company(now, full), () =>
        menu.company(request.store.id, request.store.slug, now, full),
      );
    },
  );

  app.get(
    '/estoque/categorias_app',
    { schema: { tags, summary: 'Categories', querystring: formatQuery, response: { 200: categoryList } } },
    (request, reply) => serve(request, reply, menuKeys.categories, () => menu.categories(request.store.id)),
  );

  app.get(
    '/estoque/produtos_app',
    {
      schema: {
        tags,
        summary: 'Products offered on the channel',
        description:
          'With local=local (table self-checkout) products active for waiters; otherwise for app orders.',
        querystring: productsQuery,
        response: { 200: productList },
      },
    },
    (request, reply) => {
      const channel = request.query.local === 'local' ? 'local' : 'app';
      return serve(request, reply, menuKeys.products(channel), () =>
        menu.products(request.store.id, channel),
      );
    },
  );

  app.get(
    '/estoque/produtos_full_app/:id',
    {
      schema: {
        tags,
        summary: 'One product with its option groups and variants',
        params: positiveIdParam,
        querystring: productsQuery,
        response: { 200: fullProduct, ...errors },
      },
    },
    (request, reply) => {
      const channel = request.query.local === 'local' ? 'local' : 'app';
      const id = request.params.id;
      return serve(request, reply, menuKeys.product(id, channel), () =>
        menu.fullProduct(request.store.id, id, channel),
      );
    },
  );

  app.get(
    '/core/horarios_atendimento_app',
    {
      schema: {
        tags,
        summary: 'Opening hours',
        querystring: formatQuery,
        response: { 200: openingShiftList },
      },
    },
    (request, reply) => serve(request, reply, menuKeys.hours, () => menu.openingHours(request.store.id)),
  );

  app.get(
    '/core/bairros_app',
    {
      schema: {
        tags,
        summary: 'Delivery neighbourhoods',
        querystring: formatQuery,
        response: { 200: neighbourhoodList },
      },
    },
    (request, reply) =>
      serve(request, reply, menuKeys.neighbourhoods, () => menu.neighbourhoods(request.store.id)),
  );

  app.get(
    '/financeiro/formas_pagamento_app',
    {
      schema: {
        tags,
        summary: 'Payment methods',
        querystring: formatQuery,
        response: { 200: paymentMethodList },
      },
    },
    (request, reply) =>
      serve(request, reply, menuKeys.paymentMethods, () => menu.paymentMethods(request.store.id)),
  );

  app.get(
    '/financeiro/v2/payment-methods/get-filtered-methods-app',
    {
      schema: {
        tags,
        summary: 'In-person payment methods',
        description:
          'Without the reserved online ids 993, 994 and 995; with tipo_entrega, only the methods offered for it.',
        querystring: formatQuery.extend({ tipo_entrega: deliveryType.optional() }),
        response: { 200: paymentMethodList },
      },
    },
    (request, reply) => {
      const type = request.query.tipo_entrega;
      return serve(request, reply, `payment-methods-filtered:${type ?? ''}`, () =>
        menu.paymentMethodsFor(request.store.id, type),
      );
    },
  );

  app.get(
    '/core/fidelidade_app',
    {
      schema: {
        tags,
        summary: 'Loyalty program (zero or one)',
        querystring: formatQuery,
        response: { 200: loyaltyProgramList },
      },
    },
    (request, reply) => serve(request, reply, menuKeys.loyalty, () => menu.loyalty(request.store.id)),
  );

  app.get(
    '/bar/v2/tables/list/',
    {
      schema: {
        tags,
        summary: 'Tables for the self-checkout QR codes',
        querystring: z.object({}),
        response: { 200: tableList },
      },
    },
    (request, reply) => serve(request, reply, 'tables', () => menu.tables(request.store.id)),
  );

  app.get(
    STORE_STATE_PATH,
    {
      schema: {
        tags,
        summary: 'What an open storefront follows: the menu version and whether the store takes orders now',
        description:
          'About 40 bytes, read by this instance at most twice a second per store; `public, max-age=0, s-maxage=1` with an ETag (304 when unchanged). When menu_version differs from the one the page holds, the page refetches its menu calls with `v=<menu_version>`; when loja_aberta changes, the company call.',
        querystring: formatQuery,
        response: { 200: storeState },
      },
    },
    async (request, reply) => sendState(request, reply, await storeStates.get(request.store.id)),
  );
}
