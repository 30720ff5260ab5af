import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { type Config, trustProxySetting } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { AppError } from './lib/errors.ts';
import { createOrderEvents } from './lib/order-events.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { registerAddressRoutes } from './modules/addresses/routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerCustomerRoutes } from './modules/customers/routes.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { MenuCache } from './modules/menu/menu-cache.ts';
import { registerMenuRoutes } from './modules/menu/routes.ts';
import { registerOrderTrackingRoutes } from './modules/order-tracking/routes.ts';
import { registerStaffOrderRoutes } from './modules/order-tracking/staff-routes.ts';
import { registerOrderRoutes } from './modules/orders/routes.ts';
import { registerStorefront } from './modules/storefront/routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerTenant } from './plugins/tenant.ts';

export const MAX_URL_LENGTH = 2048;
export const MEDIA_DIR = path.resolve(import.meta.dirname, '../media');
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

/** Request URLs as logged: the event streams' `?token=` (EventSource cannot send headers) is hidden. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
const logSerializers = {
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

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  now?: () => Date;
  logger?: boolean;
}

/** Builds the Fastify instance: plugins first, then the modules. Does not listen. */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, redact: LOG_REDACT, serializers: logSerializers },
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // Per-request lines only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new AppError('uri_too_long', 'URI_TOO_LONG', 'Endereço grande demais.');
    }
  });

  const responseSecurityHeaders = securityHeaders({
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
        ],
        frameSrc: ["'self'", 'https://www.googletagmanager.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(responseSecurityHeaders);
    done();
  });

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
          tokenQuery: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description:
              'The same token as `?token=`, accepted by the event streams only (EventSource cannot send headers).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const menuCache = new MenuCache(database.db, config.MENU_CACHE_CHECK_MS);
  const ctx: AppContext = {
    app,
    config,
    db: database.db,
    database,
    menuCache,
    orderEvents: createOrderEvents(database, app.log),
    now: options.now ?? (() => new Date()),
  };
  app.addHook('onReady', () => ctx.orderEvents.start());
  app.addHook('onClose', () => ctx.orderEvents.close());

  registerTenant(app, {
    db: database.db,
    defaultStore: config.DEFAULT_STORE,
    baseDomain: config.BASE_DOMAIN,
  });
  registerAuth(ctx);

  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
    index: false,
  });

  registerHealthRoutes(ctx);
  registerMenuRoutes(ctx);
  registerAuthRoutes(ctx);
  registerCustomerRoutes(ctx);
  registerAddressRoutes(ctx);
  registerOrderRoutes(ctx);
  registerOrderTrackingRoutes(ctx);
  registerStaffOrderRoutes(ctx);
  await registerStorefront(ctx);

  return { app, ctx };
}
