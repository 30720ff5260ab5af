import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { buildTestApp, type TestApp } from './test/test-app.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './.data',
      DEFAULT_STORE: 'pizzaria',
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad key in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });
});

describe('the server shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      demoStores: ['pizzaria.json'],
      beforeReady: (app) => {
        app.get('/core/boom-test', async () => {
          throw new Error('secret internals');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /healthz checks the database', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('lets the card provider’s kit in on the card route and the table’s card page only (issue 15, ADR 0035)', async () => {
    const policy = async (url: string) =>
      String(
        (await t.app.inject({ url, headers: { host: 'pizzaria.localhost' } })).headers[
          'content-security-policy'
        ],
      );
    const directive = (text: string, name: string) =>
      text
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    const card = await policy('/card_checkout');
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(card, name)).toContain('https://js.stripe.com');
    }
    expect(directive(card, 'frame-src')).toContain('https://hooks.stripe.com');
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(card, name)).toContain('https://sdk.mercadopago.com');
    }
    // The issuer's 3-D Secure page is framed from its own host; scripts stay on the named hosts.
    expect(directive(card, 'frame-src').split(' ')).toContain('https:');
    expect(directive(card, 'script-src').split(' ')).not.toContain('https:');
    expect(directive(card, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    for (const url of ['/', '/confirmation', '/pix_checkout', '/profile', '/mesa', '/mesa/cartao/x']) {
      expect(await policy(url), url).not.toMatch(/stripe|mercadopago/);
    }
    // The table's card page (a share of the tab paid by card) gets the card route's policy, exactly.
    expect(await policy('/mesa/cartao/12?x=1')).toBe(card);
  });

  it('lets the staff editor frame the menu home as its look preview, from this origin only, without a service worker or tracking', async () => {
    const headers = async (url: string) =>
      (await t.app.inject({ url, headers: { host: 'pizzaria.localhost' } })).headers;
    const directive = (csp: unknown, name: string) =>
      String(csp)
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    const preview = await headers('/?preview=look');
    expect(directive(preview['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(preview['content-security-policy'], 'worker-src')).toBe("worker-src 'none'");
    expect(directive(preview['content-security-policy'], 'script-src')).toBe("script-src 'self'");
    expect(directive(preview['content-security-policy'], 'connect-src')).toBe("connect-src 'self'");
    expect(preview['x-frame-options']).toBe('SAMEORIGIN');
    // Every other page, the menu home included, stays unframeable.
    for (const url of ['/', '/?preview=other', '/cart?preview=look', '/staff']) {
      expect(directive((await headers(url))['content-security-policy'], 'frame-ancestors'), url).toBe(
        "frame-ancestors 'none'",
      );
    }
  });

  it('sends a JSON reply the few security headers it needs', async () => {
    const res = await t.app.inject({
      url: '/core/get_app_manifest',
      headers: { host: 'pizzaria.localhost' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    const securityBytes = Object.entries(res.headers)
      .filter(
        ([name]) =>
          ![
            'content-type',
            'content-length',
            'etag',
            'vary',
            'cache-control',
            'date',
            'connection',
            'surrogate-key',
            'cdn-cache-control',
            'cache-tag',
            'content-encoding',
          ].includes(name),
      )
      .reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    expect(securityBytes).toBeLessThan(400);
  });

  it('sends a page the full security headers', async () => {
    const res = await t.app.inject({ url: '/', headers: { host: 'pizzaria.localhost' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    // Stores with google_maps_key load the Maps JavaScript API in the address wizard.
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    for (const name of ['script-src', 'connect-src']) {
      expect(directive(name)).toContain('https://maps.googleapis.com');
      expect(directive(name)).toContain('https://maps.gstatic.com');
    }
    expect(directive('style-src')).toContain('https://fonts.googleapis.com');
    expect(directive('font-src')).toContain('https://fonts.gstatic.com');
  });

  it("serves the store fonts and their stylesheets to the card provider's frames (another origin), and nothing else so (ADR 0074)", async () => {
    for (const file of ['lora-latin-400-normal.woff2', 'poppins-latin-400-normal.css']) {
      const res = await t.app.inject({
        url: `/media/fonts/${file}`,
        headers: { host: 'pizzaria.localhost' },
      });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['access-control-allow-origin'], file).toBe('*');
      expect(res.headers['cross-origin-resource-policy'], file).toBe('cross-origin');
    }
    const css = await t.app.inject({ url: '/media/fonts/lora-latin-400-normal.css' });
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('font-family: "Lora";');
    expect(css.body).toContain('src: url(lora-latin-400-normal.woff2)');
    const picture = await t.app.inject({ url: '/media/pizzaria/banner.webp' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ url: '/core/nothing_here', headers: { host: 'pizzaria.localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('a malformed JSON body is a 4xx with a code, never a stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/anything',
      headers: { host: 'pizzaria.localhost', 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('code');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('an unexpected failure is a 500 without details', async () => {
    const res = await t.app.inject({ url: '/core/boom-test', headers: { host: 'pizzaria.localhost' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Erro interno. Tente novamente.', code: 'INTERNAL_ERROR' });
  });

  it('serves the OpenAPI document with the menu calls', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/estoque/produtos_full_app/{id}');
    expect(paths).toContain('/core/empresa_personal_app');
  });
});
