import { randomBytes } from 'node:crypto';
import { createServer, type ServerOptions } from 'node:http';
import path from 'node:path';
import { LOOK_PREVIEW_PATH } from '@comanda/contract';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { type Config, publicOrigin, trustProxySetting } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { storeCourierProviders, stores } from './db/schema.ts';
import { serializeErrorForLog } from './lib/database-errors.ts';
import { AppError } from './lib/errors.ts';
import { MEDIA_DIR, servePicturesFrom } from './lib/media.ts';
import { createOrderEvents } from './lib/order-events.ts';
import { OWASP_SCRYPT_COST, scryptCost } from './lib/password.ts';
import {
  createPictureStorage,
  LocalPictureStorage,
  PICTURE_CACHE_CONTROL,
  type PictureStorage,
} from './lib/picture-storage.ts';
import { API_SECURITY_HEADERS, securityHeaders } from './lib/security-headers.ts';
import { AddressService } from './modules/addresses/index.ts';
import { registerAddressRoutes } from './modules/addresses/routes.ts';
import { AuthService } from './modules/auth/index.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { CouponService } from './modules/coupons/index.ts';
import { CustomerService } from './modules/customers/index.ts';
import { registerCustomerRoutes } from './modules/customers/routes.ts';
import {
  CourierStandin,
  DispatchService,
  deliveriesLeaveByDispatch,
  IfoodShippingProvider,
  OutsideSettings,
  postNotification,
} from './modules/dispatch/index.ts';
import { registerDispatchRoutes } from './modules/dispatch/routes.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { KitchenService } from './modules/kitchen/index.ts';
import { registerKitchenRoutes } from './modules/kitchen/routes.ts';
import { LocalMapsProvider, MapsService } from './modules/maps/index.ts';
import { registerMapsRoutes } from './modules/maps/routes.ts';
import {
  BookedOutPeriods,
  createMenuFrontDoor,
  type FrontDoor,
  MenuCache,
  MenuService,
  StoreStates,
} from './modules/menu/index.ts';
import { registerMenuRoutes } from './modules/menu/routes.ts';
import { OrderTrackingService } from './modules/order-tracking/index.ts';
import { registerOrderTrackingRoutes } from './modules/order-tracking/routes.ts';
import { registerStaffOrderRoutes } from './modules/order-tracking/staff-routes.ts';
import { OrderService, orderRateRule } from './modules/orders/index.ts';
import { registerOrderRoutes } from './modules/orders/routes.ts';
import {
  createPaymentProviders,
  loadSecretsKey,
  PaymentService,
  ProviderChange,
  type StandinAccess,
} from './modules/payments/index.ts';
import { registerProviderChangeRoutes } from './modules/payments/provider-routes.ts';
import { registerPaymentRoutes } from './modules/payments/routes.ts';
import { PdvService } from './modules/pdv/index.ts';
import { registerPdvRoutes } from './modules/pdv/routes.ts';
import { CLOUDPRNT_PATH, PrintingService } from './modules/printing/index.ts';
import { registerPrintingRoutes } from './modules/printing/routes.ts';
import { RatingsService } from './modules/ratings/index.ts';
import { registerRatingRoutes } from './modules/ratings/routes.ts';
import { RegistersService } from './modules/registers/index.ts';
import { registerRegisterRoutes } from './modules/registers/routes.ts';
import { ReportsService } from './modules/reports/index.ts';
import { registerReportRoutes } from './modules/reports/routes.ts';
import { RoleRulesService } from './modules/role-rules/index.ts';
import { registerRoleRuleRoutes } from './modules/role-rules/routes.ts';
import { createSmsProvider } from './modules/sms/index.ts';
import { registerSmsStandinRoutes } from './modules/sms/routes.ts';
import { StaffService } from './modules/staff/index.ts';
import { registerStaffRoutes } from './modules/staff/routes.ts';
import { StationsService } from './modules/stations/index.ts';
import { registerStationRoutes } from './modules/stations/routes.ts';
import { StoreControlsService } from './modules/store-controls/index.ts';
import { registerStoreControlRoutes } from './modules/store-controls/routes.ts';
import { PictureService, StoreEditorService } from './modules/store-editor/index.ts';
import { registerStoreEditorRoutes } from './modules/store-editor/routes.ts';
import { registerStorefront } from './modules/storefront/routes.ts';
import { StoreService } from './modules/stores/index.ts';
import { registerStoreRoutes } from './modules/stores/routes.ts';
import { TablesService } from './modules/tables/index.ts';
import { registerTableRoutes } from './modules/tables/routes.ts';
import { WhatsappService } from './modules/whatsapp/index.ts';
import { registerWhatsappRoutes } from './modules/whatsapp/routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerPrivateReplies } from './plugins/private-replies.ts';
import { RateLimiter } from './plugins/rate-limit.ts';
import { SessionEnds } from './plugins/sessions.ts';
import { isApiPath, registerTenant, type Tenant } from './plugins/tenant.ts';

export const MAX_URL_LENGTH = 2048;
/** Never in the log: credentials and request bodies (passwords, codes), wherever a logger puts them. */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.body',
    'body',
    'password',
    '*.password',
    'token',
    '*.token',
  ],
  censor: '[redacted]',
};

/**
 * Request URLs as logged: `?token=` (API Pix notifications), the event streams' `?ticket=` and a
 * courier's personal link (`/entregador/<token>`, docs/decisions/0070) are hidden.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|ticket)=)[^&#]*/gi, '$1[redacted]')
    .replace(/^(\/entregador\/)[^/?#]+/i, '$1[redacted]');
}
const logSerializers = {
  err: serializeErrorForLog,
  req: (request: {
    method: string;
    url: string;
    hostname?: string;
    ip?: string;
    socket?: { remotePort?: number };
  }) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Slow clients (issue 18): a request must arrive whole within REQUEST_TIMEOUT_MS (Node answers 408
 * and closes), and a silent connection closes after CONNECTION_TIMEOUT_MS. Node checks the request
 * deadline every connectionsCheckingInterval (30 s by default), so it is checked at least 4 times
 * per timeout; headersTimeout may not exceed requestTimeout.
 */
export function transportTimeouts(config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'CONNECTION_TIMEOUT_MS'>) {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(requestTimeout / 4))),
    },
  };
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logDestination?: { write(line: string): void };
  /** The stand-in PSP this server runs, for stores whose provider is set to "standin". */
  standin?: StandinAccess | null;
  /** The stand-in Graph API (WhatsApp) this server runs, for stores whose channel is set to it. */
  whatsappStandin?: { url: string } | null;
  /** The key that seals payment secrets; read from the configuration when not given. */
  paymentSecretsKey?: Buffer | null;
  /** Where the editor's pictures go; from the configuration when not given. */
  pictureStorage?: PictureStorage;
}

/**
 * PAYMENT_SECRETS_KEY, or outside production a key generated once into DATA_DIR (the demo's
 * convenience); null in production without it (stores with provider secrets then fail to load).
 */
export function paymentSecretsKeyOf(config: Config, warn: (message: string) => void): Buffer | null {
  return loadSecretsKey({
    envKey: config.PAYMENT_SECRETS_KEY,
    dataDir: config.NODE_ENV === 'production' ? null : config.DATA_DIR,
    warn,
  });
}

/** The options Fastify hands its server factory, with its defaults filled in. */
interface FastifyServerSettings {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** Builds the Fastify instance: plugins first, then the modules. Does not listen. */
export type Services = ReturnType<typeof buildServices>;

export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; services: Services }> {
  const { config, database } = options;
  // Per-request log lines (debug, trace) see every request: no front door then.
  const requestLogging = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
  let frontDoor: FrontDoor | undefined;
  const app = Fastify({
    // Fastify's own HTTP server with the same settings, with the menu front door before Fastify's
    // handler (docs/decisions/0036). `inject` (unit tests) goes to Fastify's handler directly.
    serverFactory: (handler, settings) => {
      const { http, keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } =
        settings as unknown as FastifyServerSettings;
      const server = createServer(http ?? {}, (request, response) => {
        try {
          if (frontDoor?.(request, response)) return;
        } catch (error) {
          // Never a crash for a request: what the front door could not answer, Fastify does.
          app.log.error({ err: error }, 'menu front door failed');
          if (response.headersSent) {
            response.destroy();
            return;
          }
        }
        handler(request, response);
      });
      if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
      if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
      server.setTimeout(connectionTimeout ?? 0);
      if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
      return server;
    },
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: LOG_REDACT,
            serializers: logSerializers,
            ...(options.logDestination ? { stream: options.logDestination as NodeJS.WritableStream } : {}),
          },
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    ...transportTimeouts(config),
    // Per-request lines only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: !requestLogging,
    }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Callback hooks on the path of every request: an async hook costs a promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) {
      done(new AppError('uri_too_long', 'URI_TOO_LONG', 'Endereço grande demais.'));
      return;
    }
    done();
  });

  const pageHeaders = (kitOrigins: readonly string[], challengeFrames: readonly string[] = []) =>
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Google Maps (stores with google_maps_key): the API script, its tiles/data calls and fonts.
          scriptSrc: [
            "'self'",
            'https://www.googletagmanager.com',
            'https://connect.facebook.net',
            'https://maps.googleapis.com',
            'https://maps.gstatic.com',
            ...kitOrigins,
          ],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'https:'],
          fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
          connectSrc: [
            "'self'",
            'https://www.google-analytics.com',
            'https://www.facebook.com',
            'https://maps.googleapis.com',
            'https://maps.gstatic.com',
            ...kitOrigins,
          ],
          frameSrc: ["'self'", 'https://www.googletagmanager.com', ...kitOrigins, ...challengeFrames],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // The card route posts the issuer's 3-D Secure request into its frame.
          formAction: ["'self'", ...kitOrigins, ...challengeFrames],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  const responseSecurityHeaders = pageHeaders([]);
  // The staff editor's look preview frames the menu home (docs/decisions/0032): framed by this
  // origin only, and with nothing that would make it a customer's visit: no service worker (the
  // staff's phone keeps no customer shell) and no scripts but the store's own (no tracking pixels).
  const lookPreviewHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'none'"],
        workerSrc: ["'none'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The card route (spec: a path ending in _checkout) and the table's card page (/mesa/cartao/{share},
  // docs/decisions/0035) load the card provider's kit: its script, frames and calls are allowed
  // there and nowhere else (issue 15).
  // The issuer's 3-D Secure challenge is framed from the issuer's own host, which no list can name.
  const cardCheckoutHeaders = pageHeaders(cardKitOrigins(options.standin?.url ?? config.PSP_STANDIN_URL), [
    'https:',
  ]);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      isApiPath(request.url)
        ? API_SECURITY_HEADERS
        : isCardCheckoutPath(request.url) || isTableCardPath(request.url)
          ? cardCheckoutHeaders
          : isLookPreviewUrl(request.url)
            ? lookPreviewHeaders
            : responseSecurityHeaders,
    );
    done();
  });
  registerPrivateReplies(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Comanda store API',
        version: '1.0.0',
        description:
          'The storefront API of spec section 7, served per store on its sub-domain. Money is integer centavos. ' +
          'Every refusal is {detail, code} with a stable code. `?format=json` is accepted and ignored.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token of the sign-in or sign-up call: `Authorization: Bearer <token>`.',
          },
          streamTicket: {
            type: 'apiKey',
            in: 'query',
            name: 'ticket',
            description:
              'A one-minute ticket from the events/ticket call, accepted by the event streams only ' +
              '(EventSource cannot send headers; the session token stays out of URLs).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const ctx: AppContext = {
    app,
    config,
    db: database.db,
    database,
    orderEvents: createOrderEvents(database, app.log),
    sessionEnds: new SessionEnds(),
    now: options.now ?? (() => new Date()),
  };
  app.addHook('onReady', () => ctx.orderEvents.start());
  app.addHook('onClose', () => ctx.orderEvents.close());

  const tenant = registerTenant(app, {
    db: database.db,
    defaultStore: config.DEFAULT_STORE,
    baseDomain: config.BASE_DOMAIN,
  });
  registerAuth(ctx);
  const services = buildServices(ctx, options, tenant);
  if (!requestLogging) {
    frontDoor = createMenuFrontDoor({
      menuCache: services.menuCache,
      bookedOut: services.bookedOut,
      knownStore: tenant.knownStore,
      now: ctx.now,
    });
  }

  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
    index: false,
    // The store fonts (and their stylesheets) are loaded by the card provider's frames too, which
    // are of the provider's origin (docs/decisions/0074): fonts cross origins only with CORS, and
    // helmet's same-origin resource policy would block them.
    setHeaders: (response, file) => {
      if (!/[\\/]fonts[\\/][\w-]+\.(woff2|css)$/.test(file)) return;
      response.header('access-control-allow-origin', '*');
      response.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
  const pictureStorage = services.pictureStorage;
  if (pictureStorage instanceof LocalPictureStorage) {
    // The editor's pictures on this server's disk: named after their content, so kept for a year.
    await app.register(fastifyStatic, {
      root: path.join(pictureStorage.root, 'stores'),
      prefix: '/media/stores/',
      decorateReply: false,
      cacheControl: false,
      index: false,
      suppressWarning: true,
      setHeaders: (reply) => reply.header('cache-control', PICTURE_CACHE_CONTROL),
    });
  } else {
    servePicturesFrom(pictureStorage.url(''));
  }

  registerHealthRoutes(ctx);
  registerMenuRoutes(ctx, services);
  registerAuthRoutes(ctx, services);
  registerSmsStandinRoutes(ctx, services);
  registerCustomerRoutes(ctx, services);
  registerMapsRoutes(ctx, services);
  registerAddressRoutes(ctx, services);
  registerOrderRoutes(ctx, services);
  registerPdvRoutes(ctx, services);
  registerOrderTrackingRoutes(ctx, services);
  registerStaffOrderRoutes(ctx, services);
  registerStaffRoutes(ctx, services);
  registerStoreControlRoutes(ctx, services);
  registerStationRoutes(ctx, services);
  registerRegisterRoutes(ctx, services);
  registerRatingRoutes(ctx, services);
  registerDispatchRoutes(ctx, services);
  registerPrintingRoutes(ctx, services);
  registerKitchenRoutes(ctx, services);
  registerStoreEditorRoutes(ctx, services);
  registerStoreRoutes(ctx, services);
  registerTableRoutes(ctx, services);
  registerReportRoutes(ctx, services);
  registerPaymentRoutes(ctx, services);
  registerProviderChangeRoutes(ctx, services);
  registerRoleRuleRoutes(ctx, services);
  registerWhatsappRoutes(ctx, services);
  startWhatsappOutbox(ctx, services.whatsapp);
  startReconciliation(ctx, services.payments);
  startIdempotencyPurge(ctx, services.orders);
  await registerStorefront(ctx, services);

  return { app, ctx, services };
}

/** The storefront's card route: any `*_checkout` path but the PIX one (spec section 2). */
export function isCardCheckoutPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /^\/[\w-]+_checkout\/?$/.test(path) && !/^\/pix_checkout\/?$/.test(path);
}

/**
 * The table's card page: a guest pays a share of the tab by card (docs/decisions/0035). A page load of
 * its own under /mesa, so the tab itself (/mesa) never runs with the kits' hosts allowed.
 */
export function isTableCardPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /^\/mesa\/cartao\/\d{1,10}\/?$/.test(path);
}

/** The menu home as the staff editor's look preview asks for it (LOOK_PREVIEW_PATH). */
export function isLookPreviewUrl(url: string): boolean {
  const [path, query = ''] = url.split('?');
  const [previewPath, previewQuery = ''] = LOOK_PREVIEW_PATH.split('?');
  const wanted = [...new URLSearchParams(previewQuery)];
  const asked = new URLSearchParams(query);
  return path === previewPath && wanted.every(([name, value]) => asked.get(name) === value);
}

/** Where the card providers' browser kits come from and talk to (Stripe.js, Mercado Pago's SDK), and the stand-in's. */
function cardKitOrigins(standinUrl: string | undefined): string[] {
  const kits = [
    'https://js.stripe.com',
    'https://api.stripe.com',
    'https://hooks.stripe.com',
    'https://m.stripe.network',
    'https://sdk.mercadopago.com',
    'https://api.mercadopago.com',
    'https://api-static.mercadopago.com',
    'https://secure-fields.mercadopago.com',
  ];
  return standinUrl ? [...kits, new URL(standinUrl).origin] : kits;
}

/** Every service of the modules, built once; each module's routes take the ones they call. */
function buildServices(ctx: AppContext, options: BuildAppOptions, tenant: Tenant) {
  const { app, config, db, now, orderEvents } = ctx;
  const passwordCost = scryptCost(config.PASSWORD_HASH_COST);
  if (passwordCost.ln < OWASP_SCRYPT_COST.ln) {
    app.log.warn(
      { PASSWORD_HASH_COST: passwordCost.ln },
      'password hashing below OWASP cost: for tests only',
    );
  }
  const limiter = new RateLimiter(db, config.RATE_LIMIT_MULTIPLIER);
  const bookedOut = new BookedOutPeriods(db, config.MENU_CACHE_CHECK_MS);
  const maps = new LocalMapsProvider();
  const orderTracking = new OrderTrackingService({
    db,
    now,
    events: orderEvents,
  });
  const coupons = new CouponService({ db, now, limiter });
  const addresses = new AddressService({ db, now, streets: maps.index });
  const orders = new OrderService({
    db,
    now,
    events: orderEvents,
    limiter,
    orderRate: orderRateRule(config.ORDER_RATE_LIMIT_MAX, config.ORDER_RATE_LIMIT_WINDOW_SECONDS),
    acceptAutomatically: (storeId, id) => orderTracking.acceptAutomatically(storeId, id),
    placed: (storeId) => bookedOut.forget(storeId),
  });
  const printing = new PrintingService({
    db,
    now,
    cloudprntUrl: (slug) => `${publicOrigin(config, slug)}${CLOUDPRNT_PATH}`,
    log: app.log,
  });
  orderTracking.onStatusChange(printing.onOrderStatusChange);
  const sms = createSmsProvider(config, db, app.log);
  const menuCache = new MenuCache(db, config.MENU_CACHE_CHECK_MS);
  const storeStates = new StoreStates(db, now);
  menuCache.onInvalidate((storeId) => storeStates.forget(storeId));
  const pictureStorage = options.pictureStorage ?? createPictureStorage(config);
  const secretsKey =
    options.paymentSecretsKey !== undefined
      ? options.paymentSecretsKey
      : paymentSecretsKeyOf(config, (message) => app.log.warn(message));
  const paymentService = new PaymentService({
    db,
    now,
    events: orderEvents,
    orders,
    tracking: orderTracking,
    providers: createPaymentProviders({
      db,
      now,
      standin: options.standin ?? null,
      secretsKey,
      publicOrigin: (slug) => publicOrigin(config, slug),
    }),
    publicOrigin: (slug) => publicOrigin(config, slug),
    log: app.log,
  });
  const roleRules = new RoleRulesService({
    db,
    now,
    limiter,
    passwordCost,
    events: orderEvents,
    orderTracking,
  });
  orderTracking.onCancelRule(roleRules.cancelRule);
  const outsideCouriers = outsideCourierCompany(ctx);
  const registers = new RegistersService({ db, now });
  const dispatch = new DispatchService({
    db,
    now,
    events: orderEvents,
    tracking: orderTracking,
    publicOrigin: (slug) => publicOrigin(config, slug),
    outside: outsideCouriers.access,
    outsideSettings: new OutsideSettings({
      db,
      now,
      secretsKey,
      ownerPassword: roleRules,
      baseUrl: { ifood: config.IFOOD_SHIPPING_URL, standin: () => outsideCouriers.standin?.url || null },
    }),
    registers,
  });
  orderTracking.onStatusChange(dispatch.onOrderStatusChange);
  orderTracking.onCancelled(dispatch.onOrderCancelled);
  const whatsapp = new WhatsappService({
    db,
    now,
    events: orderEvents,
    secretsKey,
    publicOrigin: (slug) => publicOrigin(config, slug),
    log: app.log,
    standinUrl: () => options.whatsappStandin?.url ?? config.WHATSAPP_STANDIN_URL ?? null,
    companyChanged: (storeId) => menuCache.invalidate(storeId),
    retryBaseMs: config.WHATSAPP_RETRY_BASE_MS,
    deliveriesLeaveByDispatch,
  });
  orderTracking.onStatusChange(whatsapp.onStatusChange);
  dispatch.onDeparted(whatsapp.onDeparted);
  return {
    whatsapp,
    sms,
    roleRules,
    menu: new MenuService({ db }),
    menuCache,
    storeStates,
    bookedOut,
    storeControls: new StoreControlsService({ db, now, menuCache }),
    stations: new StationsService({ db }),
    registers,
    ratings: new RatingsService({ db, now }),
    dispatch,
    courierStandin: outsideCouriers.standin,
    printing,
    kitchen: new KitchenService({ db, now, events: orderEvents, readied: whatsapp.onStatusChange }),
    tables: new TablesService({
      db,
      now,
      limiter,
      events: orderEvents,
      menuCache,
      publicOrigin: (slug) => publicOrigin(config, slug),
      payments: paymentService,
    }),
    pictureStorage,
    pictures: new PictureService({ storage: pictureStorage, log: app.log }),
    storeEditor: new StoreEditorService({
      db,
      now,
      pictureUrl: (key) => pictureStorage.url(key),
      moneyRules: roleRules,
      menuChanged: (storeId) => {
        menuCache.invalidate(storeId);
        bookedOut.forget(storeId);
      },
    }),
    staff: new StaffService({ db, now, passwordCost, sessionEnds: ctx.sessionEnds, roleRules }),
    stores: new StoreService({
      db,
      now,
      limiter,
      passwordCost,
      publicOrigin: (slug) => publicOrigin(config, slug),
      created: (slug) => tenant.forget(slug),
    }),
    reports: new ReportsService({ db, now }),
    auth: new AuthService({
      db,
      now,
      limiter,
      sms,
      whatsappCodes: whatsapp,
      sessionEnds: ctx.sessionEnds,
      log: app.log,
      passwordCost,
      sessionTtlDays: config.SESSION_TTL_DAYS,
    }),
    customers: new CustomerService({ db, now }),
    maps: new MapsService({ db, provider: maps, limiter, now }),
    addresses,
    coupons,
    orders,
    pdv: new PdvService({
      db,
      now,
      orders,
      coupons,
      events: orderEvents,
      payments: paymentService,
      onEdit: printing.onOrderEdit,
      addresses,
    }),
    orderTracking,
    payments: paymentService,
    providerChange: new ProviderChange({ db, now, secretsKey, moneyRules: roleRules }),
  };
}

/**
 * The outside courier company (docs/decisions/0070): iFood's Shipping API when configured, else
 * (never in production) the local stand-in on loopback, which speaks the same calls and posts its
 * signed notifications to this app's webhook route over HTTP on its own listener (with the store's host).
 */
function outsideCourierCompany(ctx: AppContext) {
  const { app, config } = ctx;
  if (config.COURIER_PROVIDER === 'ifood') {
    const { IFOOD_MERCHANT_ID: merchantId, IFOOD_ACCESS_TOKEN: token, IFOOD_CLIENT_SECRET: secret } = config;
    if (!merchantId || !token || !secret) {
      app.log.warn(
        'COURIER_PROVIDER=ifood without IFOOD_MERCHANT_ID, IFOOD_ACCESS_TOKEN and IFOOD_CLIENT_SECRET: no outside couriers',
      );
      return { access: null, standin: null };
    }
    const provider = new IfoodShippingProvider({
      baseUrl: config.IFOOD_SHIPPING_URL,
      accessToken: () => token,
      clientSecret: secret,
    });
    return { access: { provider, merchantId: () => merchantId }, standin: null };
  }
  if (config.COURIER_PROVIDER === 'off' || config.NODE_ENV === 'production')
    return { access: null, standin: null };
  const secret = randomBytes(24).toString('hex');
  const standin = new CourierStandin({
    clientSecret: secret,
    stepMs: config.COURIER_STANDIN_STEP_MS || null,
    transport: async (merchantId, body, headers) => {
      // The store whose account this is (its own settings), else the store of that slug (the default).
      const [own] = await ctx.db
        .select({ slug: stores.slug })
        .from(storeCourierProviders)
        .innerJoin(stores, eq(stores.id, storeCourierProviders.storeId))
        .where(eq(storeCourierProviders.merchantId, merchantId))
        .limit(1);
      // Over real HTTP to this server's own listener, with the store's host (docs/decisions/0070).
      const bound = app.server.address();
      if (!bound || typeof bound === 'string') throw new Error('the server does not listen: no notification');
      const host = new URL(publicOrigin(config, own?.slug ?? merchantId)).host;
      return postNotification(
        { host: '127.0.0.1', port: bound.port },
        host,
        '/integracoes/v1/entregas/ifood',
        body,
        headers,
      );
    },
  });
  app.addHook('onReady', async () => {
    await standin.start();
  });
  app.addHook('onClose', () => standin.close());
  const provider = new IfoodShippingProvider({
    baseUrl: () => standin.url,
    accessToken: () => 'standin',
    clientSecret: secret,
  });
  return { access: { provider, merchantId: (slug: string) => slug }, standin };
}

/**
 * Runs `work` every `every` ms while the app is up (0: never), one round at a time: a round still
 * running when the next is due skips it. A failed round is logged; the next one runs as usual.
 */
function startPeriodicJob(ctx: AppContext, every: number, name: string, work: () => Promise<unknown>) {
  if (every <= 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  ctx.app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      work()
        .catch((error: unknown) => ctx.app.log.error({ err: error }, `${name} failed`))
        .finally(() => {
          running = false;
        });
    }, every);
    timer.unref();
  });
  ctx.app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/**
 * Sends the queued WhatsApp order updates every WHATSAPP_OUTBOX_MS (docs/decisions/0072), and tells
 * the stand-in Graph API the accounts of the stores set to it once the app is ready.
 */
function startWhatsappOutbox(ctx: AppContext, whatsapp: WhatsappService) {
  ctx.app.addHook('onReady', () => {
    void whatsapp
      .registerStandinAccounts()
      .catch((error: unknown) =>
        ctx.app.log.warn({ err: error }, 'WhatsApp stand-in accounts not registered'),
      );
  });
  startPeriodicJob(ctx, ctx.config.WHATSAPP_OUTBOX_MS, 'WhatsApp outbox', () => whatsapp.runOutbox());
}

/** Deletes old Idempotency-Keys every IDEMPOTENCY_PURGE_EVERY_MS (docs/decisions/0019). */
function startIdempotencyPurge(ctx: AppContext, orders: OrderService) {
  startPeriodicJob(ctx, ctx.config.IDEMPOTENCY_PURGE_EVERY_MS, 'idempotency key purge', async () => {
    const purged = await orders.purgeIdempotencyKeys(ctx.config.IDEMPOTENCY_KEY_MAX_AGE_HOURS);
    if (purged > 0) ctx.app.log.info({ purged }, 'old idempotency keys deleted');
  });
}

/**
 * Reads pending online payments from their providers every PAYMENTS_RECONCILE_MS (docs/decisions/0018),
 * and checks every store's provider ledger every PAYMENTS_LEDGER_CHECK_MS (docs/decisions/0037).
 */
function startReconciliation(ctx: AppContext, payments: PaymentService) {
  startPeriodicJob(ctx, ctx.config.PAYMENTS_RECONCILE_MS, 'payment reconciliation', () =>
    payments.reconcile(),
  );
  startPeriodicJob(ctx, ctx.config.PAYMENTS_LEDGER_CHECK_MS, 'payment ledger check', () =>
    payments.checkLedgers(),
  );
}
