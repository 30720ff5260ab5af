import { request as httpRequest } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { listen } from '../../test/tracking.ts';

/*
 * The menu front door answers the storefront's menu calls before Fastify; Fastify's routes answer
 * the same calls otherwise. Over real HTTP against `inject` (which goes to Fastify's handler
 * directly), the two must give the same status, headers and bytes, and the front door must have
 * answered the plain calls (a hook counts what reaches Fastify).
 */

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_CONNECTION.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

let t: TestApp;
let base: string;
let reachedFastify: string[] = [];

function overHttp(path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: comparable(res.headers),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function throughFastify(path: string, headers: Record<string, string>): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: path, headers });
  return { status: res.statusCode, headers: comparable(res.headers), body: res.rawPayload };
}

beforeAll(async () => {
  t = await buildTestApp({
    // The front door answers only from a version read within this time (the tests' default is 0).
    env: { MENU_CACHE_CHECK_MS: '60000' },
    beforeReady: (app) =>
      // onSend: every answer Fastify gives passes it (an onRequest hook would miss the refusals of
      // hooks before it), before the client can have read it.
      app.addHook('onSend', (request, _reply, payload, done) => {
        reachedFastify.push(request.url);
        done(null, payload);
      }),
  });
  base = await listen(t);
});

afterAll(async () => {
  await t?.close();
});

const versionOf = async (slug: string) => {
  const [row] = await t.database.db
    .select({ version: stores.menuVersion })
    .from(stores)
    .where(eq(stores.slug, slug));
  return row!.version;
};

describe('the menu front door', () => {
  for (const slug of ['pizzaria', 'sakura']) {
    it(`answers ${slug}'s menu calls as Fastify's routes do, without reaching Fastify`, async () => {
      const host = `${slug}.localhost`;
      const version = await versionOf(slug);
      const listed = async (query: string) =>
        (
          JSON.parse((await overHttp(`/estoque/produtos_app${query}`, { host })).body.toString()) as {
            id: number;
          }[]
        ).map((product) => product.id);
      const atTables = await listed('?local=local');
      // A product offered both in the app and at the tables.
      const productId = (await listed('')).find((id) => atTables.includes(id));
      expect(productId).toBeDefined();
      const paths = [
        '/core/empresa_personal_app',
        '/estoque/produtos_app',
        '/estoque/produtos_app?local=local',
        '/estoque/categorias_app',
        '/core/get_app_manifest',
        '/core/horarios_atendimento_app',
        '/core/bairros_app',
        '/financeiro/formas_pagamento_app',
        '/core/fidelidade_app',
        `/estoque/produtos_full_app/${productId}`,
        `/estoque/produtos_full_app/${productId}?local=local`,
      ];
      const variants = (path: string) => {
        const join = path.includes('?') ? '&' : '?';
        return [
          path,
          `${path}${join}format=json`,
          `${path}${join}v=${version}`,
          `${path}${join}v=${version - 1}`,
        ];
      };
      const encodings: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'gzip, br' },
        { 'accept-encoding': 'identity' },
      ];
      for (const path of paths.flatMap(variants)) {
        await overHttp(path, { host }); // fills the caches through Fastify's route if need be
        for (const encoding of encodings) {
          const headers = { host, ...encoding };
          reachedFastify = [];
          const front = await overHttp(path, headers);
          expect(reachedFastify, `${path} reached Fastify`).toEqual([]);
          const fastify = await throughFastify(path, headers);
          expect(front.status, path).toBe(200);
          expect(front.headers, `${path} ${JSON.stringify(encoding)}`).toEqual(fastify.headers);
          expect(front.body.equals(fastify.body), `${path} body`).toBe(true);
          // A browser's revalidation: 304 with the same headers.
          const etag = front.headers.etag!;
          reachedFastify = [];
          const notModified = await overHttp(path, { ...headers, 'if-none-match': `W/${etag}` });
          expect(reachedFastify).toEqual([]);
          const fastifyNotModified = await throughFastify(path, { ...headers, 'if-none-match': `W/${etag}` });
          expect(notModified.status).toBe(304);
          expect(notModified.headers).toEqual(fastifyNotModified.headers);
          expect(notModified.body.length).toBe(0);
        }
      }
    });
  }

  it('leaves to Fastify what it does not know: a session, other parameters, other methods, unknown stores', async () => {
    const host = 'pizzaria.localhost';
    await overHttp('/estoque/categorias_app', { host });
    const cases: [string, Record<string, string>, string, number][] = [
      ['/estoque/categorias_app', { host, authorization: 'Bearer nope' }, 'GET', 200],
      ['/estoque/categorias_app?format=xml', { host }, 'GET', 400],
      ['/estoque/categorias_app?format=json&format=json', { host }, 'GET', 400],
      ['/estoque/categorias_app?v=', { host }, 'GET', 200],
      ['/estoque/categorias_app?local=local', { host }, 'GET', 200],
      ['/estoque/categorias_app/', { host }, 'GET', 200],
      ['/estoque/produtos_full_app/0', { host }, 'GET', 400],
      ['/estoque/produtos_full_app/007', { host }, 'GET', 200],
      ['/estoque/produtos_full_app/99999999999', { host }, 'GET', 400],
      ['/estoque/categorias_app', { host }, 'HEAD', 200],
      ['/estoque/categorias_app', { host: 'nowhere.localhost' }, 'GET', 404],
    ];
    for (const [path, headers, method, status] of cases) {
      reachedFastify = [];
      const answer = await overHttp(path, headers, method);
      expect(reachedFastify, `${method} ${path}`).toEqual([path]);
      if (!path.endsWith('/007')) expect(answer.status, `${method} ${path}`).toBe(status);
    }
    // A signed-in call is never kept, whatever the route set.
    const signedIn = await overHttp('/estoque/categorias_app', { host, authorization: 'Bearer nope' });
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  it('does not answer for a menu version it has not read: Fastify reads it and the new menu is served', async () => {
    const host = 'pizzaria.localhost';
    const before = await versionOf('pizzaria');
    const first = await overHttp('/estoque/categorias_app', { host });
    // Another instance renames a category and raises the version (an editor's save).
    await t.database.db.execute(
      sql`update categories set descricao = descricao || ' (novo)' where store_id = (select id from stores where slug = 'pizzaria') and id = (select min(id) from categories where store_id = (select id from stores where slug = 'pizzaria'))`,
    );
    await t.database.db.execute(
      sql`update stores set menu_version = menu_version + 1 where slug = 'pizzaria'`,
    );
    const asked = `/estoque/categorias_app?format=json&v=${before + 1}`;
    reachedFastify = [];
    const fresh = await overHttp(asked, { host });
    expect(reachedFastify).toEqual([asked]);
    expect(fresh.body.toString()).toContain('(novo)');
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    reachedFastify = [];
    const again = await overHttp(asked, { host });
    expect(reachedFastify).toEqual([]);
    expect(again.body.equals(fresh.body)).toBe(true);
  });
});
