import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppManifest, Company } from '@comanda/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EncodedReply } from '../../lib/encoded-reply.ts';
import { isApiPath } from '../../plugins/tenant.ts';
import { type BookedOutPeriods, type MenuCache, type MenuService, menuKeys } from '../menu/index.ts';
import { isHomePath, type PreparedTemplate, prepareTemplate, renderStorePage, storeIcon } from './page.ts';

interface EncodedPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

interface RenderedPage {
  key: string;
  /** The store's icon (for /favicon.ico). */
  icon: string | null;
  /** The menu home, pre-painted. */
  home: EncodedPage;
  /** Every other screen: look and start data only. */
  other: EncodedPage;
}

function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
  };
}

/** A path that names a file (/favicon.ico, /assets/gone.js) gets a 404, never the app shell. */
const looksLikeFile = (pathname: string) => /\.[a-z0-9]{1,8}$/i.test(pathname);

function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token?.trim().toLowerCase() !== encoding) return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

/**
 * Serves the built storefront beside the API on the same origin. Hashed assets are immutable and
 * sent pre-compressed; every other GET that asks for a page gets the shell with the store's look
 * and menu start data in it (client-side routes).
 */
export async function registerStorefront(
  ctx: AppContext,
  {
    menu,
    menuCache,
    bookedOut: bookedOutPeriods,
  }: { menu: MenuService; menuCache: MenuCache; bookedOut: BookedOutPeriods },
) {
  const { app, config } = ctx;
  const dir = config.storefrontDir;
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ dir }, 'storefront not built: run `npm run build`; serving the API only');
    return;
  }
  const template: PreparedTemplate = prepareTemplate(readFileSync(indexFile, 'utf8'), (href) => {
    const file = path.resolve(dir, `.${href}`);
    if (!file.startsWith(dir) || !existsSync(file)) return null;
    return readFileSync(file, 'utf8');
  });

  const staffFile = path.join(dir, 'staff.html');
  const staffTemplate: PreparedTemplate | null = existsSync(staffFile)
    ? prepareTemplate(readFileSync(staffFile, 'utf8'), (href) => {
        const file = path.resolve(dir, `.${href}`);
        if (!file.startsWith(dir) || !existsSync(file)) return null;
        return readFileSync(file, 'utf8');
      })
    : null;

  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });

  const pages = new Map<number, RenderedPage>();

  /** The menu replies the endpoints send (same cache, same bytes), and the page built from them. */
  async function storePage(request: FastifyRequest): Promise<RenderedPage> {
    const { id: storeId, slug } = request.store;
    const now = ctx.now();
    // The company call's copy (ADR 0027): the page and the call then share one company reply.
    const bookedOut = await bookedOutPeriods.get(storeId, now);
    const [versioned, ...others] = await Promise.all([
      menuCache.getVersioned(storeId, menuKeys.categories, () => menu.categories(storeId)),
      menuCache.get(storeId, menuKeys.company(now, bookedOut), () =>
        menu.company(storeId, slug, now, bookedOut),
      ),
      menuCache.get(storeId, menuKeys.products('app'), () => menu.products(storeId, 'app')),
      menuCache.get(storeId, menuKeys.hours, () => menu.openingHours(storeId)),
      menuCache.get(storeId, menuKeys.manifest, () => menu.manifest(storeId)),
    ]);
    const categories = versioned.encoded;
    const [company, products, hours, manifest] = others;
    const parts = [categories, ...others];
    const key = `${versioned.version}|${parts.map((part) => part?.etag ?? '-').join('|')}`;
    const cached = pages.get(storeId);
    if (cached?.key === key) return cached;

    const companies = company ? (JSON.parse(company.identity.toString('utf8')) as Company[]) : [];
    const first = companies[0];
    const storeManifest = manifest ? (JSON.parse(manifest.identity.toString('utf8')) as AppManifest) : null;
    let home = template.html;
    let other = template.html;
    if (first) {
      const json = (reply: EncodedReply | null) => (reply ? reply.identity.toString('utf8') : 'null');
      const bootJson = `{"menuVersion":${versioned.version},"company":${json(company)},"categories":${json(categories)},"products":${json(products)},"hours":${json(hours)}}`;
      const data = { company: first, manifest: storeManifest, bootJson };
      home = renderStorePage(template, data, { prepaint: true });
      other = renderStorePage(template, data);
    }
    const page: RenderedPage = {
      key,
      icon: (first && storeIcon({ company: first, manifest: storeManifest })) ?? null,
      home: encodePage(home),
      other: encodePage(other),
    };
    pages.set(storeId, page);
    return page;
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: EncodedPage) => {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', page.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
      return reply.code(304).send();
    }
    const acceptEncoding = request.headers['accept-encoding'];
    if (accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(page.br);
    if (accepts(acceptEncoding, 'gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.identity);
  };

  /**
   * The staff app (docs/decisions/0025): its own page and bundle, with the store's look and name;
   * no menu start data and no pre-paint. Its client-side views live under /staff/app/.
   */
  const staffPages = new Map<number, { key: string; page: EncodedPage }>();
  const sendStaffPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!staffTemplate) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const { id: storeId, slug } = request.store;
    const now = ctx.now();
    // The company call's copy (ADR 0027): the page and the call then share one company reply.
    const bookedOut = await bookedOutPeriods.get(storeId, now);
    const company = await menuCache.get(storeId, menuKeys.company(now, bookedOut), () =>
      menu.company(storeId, slug, now, bookedOut),
    );
    const key = company?.etag ?? '-';
    let cached = staffPages.get(storeId);
    if (cached?.key !== key) {
      const first = company ? (JSON.parse(company.identity.toString('utf8')) as Company[])[0] : undefined;
      const html = first
        ? renderStorePage(staffTemplate, {
            company: first,
            manifest: null,
            bootJson: `{"company":${company!.identity.toString('utf8')}}`,
          })
        : staffTemplate.html;
      cached = { key, page: encodePage(html) };
      staffPages.set(storeId, cached);
    }
    reply.header('x-robots-tag', 'noindex');
    return sendPage(request, reply, cached.page);
  };
  app.get('/staff', sendStaffPage);
  app.get('/staff/app/*', sendStaffPage);

  // Browsers ask for /favicon.ico on their own now and then: send them to the store's icon.
  app.get('/favicon.ico', async (request, reply) => {
    try {
      const icon = (await storePage(request)).icon;
      if (icon) return reply.header('cache-control', 'public, max-age=3600').redirect(icon);
    } catch {
      // No icon then.
    }
    return reply.code(204).header('cache-control', 'public, max-age=3600').send();
  });

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(request.url)) {
      return reply.status(404).send({ detail: 'Não encontrado.', code: 'NOT_FOUND' });
    }
    if (looksLikeFile(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    try {
      const page = await storePage(request);
      return sendPage(request, reply, isHomePath(pathname) ? page.home : page.other);
    } catch (error) {
      // The shell alone still works: the app fetches the menu itself and shows its own error.
      request.log.warn({ err: error }, 'store page without start data');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template.html);
    }
  });
}
