import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, stores } from '../../db/schema.ts';
import { findStoreBySlug } from '../../plugins/tenant.ts';
import { buildTestApp, storeDocumentFactory, type TestApp } from '../../test/test-app.ts';
import { escapeHtml, prepareTemplate, scriptSafeJson } from './page.ts';

/** A built storefront in miniature: the same marks and tags Vite writes. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'comanda-storefront-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR" data-mode="light"><head><meta charset="utf-8"><title>Comanda</title>' +
      '<!--store-head--><script type="module" crossorigin src="/assets/app.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/app.css"></head>' +
      '<body><div id="root"></div><!--store-boot--></body></html>',
  );
  writeFileSync(
    path.join(dir, 'staff.html'),
    '<!doctype html><html lang="pt-BR" data-mode="light"><head><meta charset="utf-8"><title>Comanda · Equipe</title>' +
      '<!--store-head--><script type="module" crossorigin src="/assets/staff.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/app.css"></head>' +
      '<body><div id="root"></div><!--store-boot--></body></html>',
  );
  writeFileSync(path.join(dir, 'assets/app.css'), ':root{--primary:#000}.x{color:red}');
  const js = 'console.log("app");'.repeat(100);
  writeFileSync(path.join(dir, 'assets/app.js'), js);
  writeFileSync(path.join(dir, 'assets/app.js.br'), brotliCompressSync(js));
  return dir;
}

let t: TestApp;
const host = (slug: string) => ({ host: `${slug}.localhost:3000` });
const get = (url: string, headers: Record<string, string> = host('pizzaria')) =>
  t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await buildTestApp({
    env: { STOREFRONT_DIR: fakeBuild() },
    stores: [
      storeDocumentFactory({
        slug: 'hostil',
        settings: { nome: 'Loja </script><script>alert(1)</script> & "Cia"', apresentacao: '<b>oi</b>' },
      }),
    ],
  });
  // The store document refuses these now (docs/decisions/0032); a database written before the rules,
  // or by hand, may still hold them, and the page must stay safe.
  await t.database.db
    .update(companySettings)
    .set({ primaryColor: '#ffee00', secondaryColor: '#000000', fontFamily: 'X";}</style>' })
    .where(eq(companySettings.storeId, (await findStoreBySlug(t.database.db, 'hostil'))!.id));
});
afterAll(async () => {
  await t?.close();
});

function bootOf(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no boot block');
  return JSON.parse(json);
}

describe('storefront page', () => {
  it("puts the store's look into the first HTML, after the app's own stylesheet", async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Forno &amp; Brasa</title>');
    expect(html).toContain('<html data-mode="light" lang="pt-BR">');
    expect(html).toContain('<meta name="theme-color" content="#b3261e">');
    expect(html).toContain('<link rel="manifest" href="/core/get_app_manifest">');
    expect(html).toContain('<link rel="icon" href="/media/pizzaria/icon-192.png">');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/pizzaria/banner.webp" fetchpriority="high">',
    );
    expect(html).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" href="\/media\/fonts\/[^"]+" crossorigin>/,
    );
    expect(html).not.toContain('<link rel="stylesheet"');
    const css = html.indexOf('<style>:root{--primary:#000}');
    const look = html.indexOf('<style id="store-look">html:root{--primary:#b3261e;--on-primary:#ffffff');
    expect(css).toBeGreaterThan(0);
    expect(look).toBeGreaterThan(css);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('carries the menu start data: the same replies as the menu endpoints', async () => {
    const boot = bootOf((await get('/')).body);
    for (const [key, url] of [
      ['company', '/core/empresa_personal_app?format=json'],
      ['categories', '/estoque/categorias_app?format=json'],
      ['products', '/estoque/produtos_app?format=json'],
      ['hours', '/core/horarios_atendimento_app?format=json'],
    ] as const) {
      expect(boot[key]).toEqual((await get(url)).json());
    }
    // The version menu GETs are asked with (docs/decisions/0027): the store's menu_version.
    const store = await findStoreBySlug(t.database.db, 'pizzaria');
    const [row] = await t.database.db
      .select({ version: stores.menuVersion })
      .from(stores)
      .where(eq(stores.id, store!.id));
    expect(boot.menuVersion).toBe(row!.version);
  });

  it('pre-paints the top bar and header picture on the menu home only', async () => {
    const home = (await get('/home')).body;
    expect(home).toContain(
      '<div class="app" data-prepaint><header class="top-bar"><h1 class="top-bar-title">Forno &amp; Brasa</h1>',
    );
    expect(home).toContain('<img class="hero-image" src="/media/pizzaria/banner.webp"');
    const cart = (await get('/cart')).body;
    expect(cart).toContain('<div id="root"></div>');
    expect(bootOf(cart).company).toBeDefined();
  });

  it('serves the staff app on its own page, with the store look and no menu or pre-paint', async () => {
    const pagePolicy = (await get('/staff', host('sakura'))).headers['content-security-policy'];
    expect(pagePolicy).toContain("script-src 'self'");
    for (const url of ['/staff', '/staff/app/board', '/staff/app/cozinha?estacao=3']) {
      const res = await get(url, host('sakura'));
      expect(res.statusCode, url).toBe(200);
      // A page's policy, not the API's (which loads nothing: the staff app's own views were blank).
      expect(res.headers['content-security-policy'], url).toBe(pagePolicy);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      const html = res.body;
      expect(html).toContain('<script type="module" crossorigin src="/assets/staff.js">');
      expect(html).not.toContain('/assets/app.js');
      expect(html).toContain('--primary:#ff5c8a;--on-primary:#000000');
      expect(html).not.toContain('data-prepaint');
      const boot = bootOf(html);
      expect(Object.keys(boot)).toEqual(['company']);
      expect(boot.company).toEqual(
        (await get('/core/empresa_personal_app?format=json', host('sakura'))).json(),
      );
    }
    expect((await get('/')).body).not.toContain('/assets/staff.js');
    // The staff API beside it is still the API.
    const api = await get('/staff/orders');
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });

  it('gives the second store its own look on its sub-domain', async () => {
    const html = (await get('/', host('sakura'))).body;
    expect(html).toContain('<title>Sakura Temakeria</title>');
    expect(html).toContain('data-mode="dark"');
    expect(html).toContain('--primary:#ff5c8a;--on-primary:#000000');
    expect(html).toContain('"Lora"');
  });

  it('escapes whatever the store typed', async () => {
    const html = (await get('/', host('hostil'))).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '<title>Loja &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Cia&quot;</title>',
    );
    const boot = bootOf(html) as { company: { nome: string }[] };
    expect(boot.company[0]!.nome).toBe('Loja </script><script>alert(1)</script> & "Cia"');
    expect(html).toContain('--font-body:"Xstyle", system-ui');
    expect(html).toContain('--on-primary:#000000');
  });

  it('is compressed, revalidated with an ETag and never cached blindly', async () => {
    const br = await get('/', { ...host('pizzaria'), 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Forno &amp; Brasa</title>');
    const gz = await get('/', { ...host('pizzaria'), 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>Forno &amp; Brasa</title>');
    const etag = String(br.headers.etag);
    const again = await get('/', { ...host('pizzaria'), 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('serves hashed assets pre-compressed and immutable', async () => {
    const res = await get('/assets/app.js', { ...host('pizzaria'), 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers missing files with 404, and /favicon.ico with the store icon', async () => {
    expect((await get('/assets/gone.js')).statusCode).toBe(404);
    expect((await get('/robots.txt')).statusCode).toBe(404);
    expect((await get('/core/no_such_call')).json()).toMatchObject({ code: 'NOT_FOUND' });
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(302);
    expect(icon.headers.location).toBe('/media/pizzaria/icon-192.png');
  });
});

describe('page helpers', () => {
  it('escapes HTML and keeps JSON inside a script element', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const json = scriptSafeJson(JSON.stringify({ a: '</script><!--' }));
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ a: '</script><!--' });
  });

  it('inlines stylesheets it can read and leaves the others', () => {
    const template = prepareTemplate(
      '<head><link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/b.css"></head><body><div id="root"></div></body>',
      (href) => (href === '/a.css' ? '.a{}' : null),
    );
    expect(template.html).toContain('<style>.a{}</style><link rel="stylesheet" href="/b.css">');
    expect(template.html).toContain('<!--store-head--></head>');
    expect(template.html).toContain('<!--store-boot--></body>');
  });
});
