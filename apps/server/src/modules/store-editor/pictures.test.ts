import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { editorDocumentReply, errorReply, pictureReply, productList } from '@comanda/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3PictureStorage } from '../../lib/picture-storage.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { productIdOf } from '../../test/orders.ts';
import { type S3Standin, startS3Standin } from '../../test/s3-standin.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import type { ExportedDocument } from '../store-import/index.ts';

/*
 * Pictures uploaded in the staff editor: judged by their content whatever they claim to be, kept to
 * 8 MB and 50 megapixels, cut to the storefront's sizes and served for a year; on this server's
 * disk or in an S3 bucket.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-data-'));
let t: TestApp;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let customer: SignedUp;
beforeAll(async () => {
  t = await buildAccountsTestApp({ env: { DATA_DIR: dataDir } });
  manager = await signInStaff(t, { role: 'manager' });
  attendant = await signInStaff(t, { role: 'attendant' });
  customer = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A photo as a phone takes it: a gradient with a subject, JPEG, the camera's EXIF. */
function photo(width = 1600, height = 1200) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c0392b"/><stop offset="1" stop-color="#f1c40f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg));
}

function upload(
  body: Buffer | string,
  options: { token?: string | null; type?: string; kind?: string; app?: TestApp } = {},
) {
  const token = options.token === undefined ? manager.token : options.token;
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: `/staff/editor/pictures${options.kind ? `?kind=${options.kind}` : ''}`,
    headers: {
      host: PIZZARIA,
      'content-type': options.type ?? 'image/jpeg',
      ...(token ? bearer(token) : {}),
    },
    payload: body,
  });
}

const storedFiles = () => {
  const dir = path.join(dataDir, 'media/stores/pizzaria');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
};

async function served(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { host: PIZZARIA } });
  expect(response.statusCode, url).toBe(200);
  return { response, meta: await sharp(response.rawPayload).metadata() };
}

function expectRefusal(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

describe('uploading a product picture', () => {
  it('cuts it to the dialog’s widths (4:3) and the menu row’s (square), served for a year', async () => {
    const jpeg = await photo()
      .withExif({ IFD0: { Make: 'Comanda', Model: 'Fone' } })
      .jpeg()
      .toBuffer();
    const response = await upload(jpeg);
    expect(response.statusCode, response.body).toBe(201);
    const reply = pictureReply.parse(response.json());
    expect(reply.kind).toBe('product');
    expect(reply.url).toMatch(/^\/media\/stores\/pizzaria\/p\/[0-9a-f]{24}-800w\.webp$/);
    const stem = reply.url.replace(/-800w\.webp$/, '');
    expect(reply.srcset).toBe(`${stem}-480w.webp 480w, ${stem}-800w.webp 800w, ${stem}-1100w.webp 1100w`);
    expect(reply.thumbnail).toEqual({
      url: `${stem}-thumb-176w.webp`,
      srcset: `${stem}-thumb-88w.webp 88w, ${stem}-thumb-176w.webp 176w`,
    });
    expect(reply.icons).toBeNull();
    for (const [width, height] of [
      [480, 360],
      [800, 600],
      [1100, 825],
    ] as const) {
      const { response: file, meta } = await served(`${stem}-${width}w.webp`);
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect(meta.exif).toBeUndefined();
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['content-type']).toBe('image/webp');
    }
    expect((await served(`${stem}-thumb-88w.webp`)).meta).toMatchObject({ width: 88, height: 88 });
  });

  it('the same photo twice is the same picture', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const first = pictureReply.parse((await upload(jpeg)).json());
    const files = storedFiles();
    const second = pictureReply.parse((await upload(jpeg)).json());
    expect(second.url).toBe(first.url);
    expect(storedFiles()).toBe(files);
  });

  it('the same photo sent 8 times at once: all 201, one picture, no partial file left (issue 30, F3)', async () => {
    const png = await photo(640, 480).png().toBuffer();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => upload(png, { type: 'image/png', kind: 'product' })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(201));
    const urls = new Set(replies.map((reply) => pictureReply.parse(reply.json()).url));
    expect(urls.size).toBe(1);
    const files = readdirSync(path.join(dataDir, 'media/stores/pizzaria/p'));
    expect(files.filter((name) => name.endsWith('.part'))).toEqual([]);
    const stem = path.basename([...urls][0]!).replace(/-800w\.webp$/, '');
    expect(files.filter((name) => name.startsWith(stem)).sort()).toEqual(
      [
        `${stem}-1100w.webp`,
        `${stem}-480w.webp`,
        `${stem}-800w.webp`,
        `${stem}-thumb-176w.webp`,
        `${stem}-thumb-88w.webp`,
      ].sort(),
    );
    expect((await served([...urls][0]!)).meta).toMatchObject({ width: 800, height: 600 });
  });

  it('on the menu, a product with the picture gets its srcset from the picture’s name', async () => {
    const reply = pictureReply.parse(
      (await upload(await photo(1200, 900).png().toBuffer(), { type: 'image/png' })).json(),
    );
    const read = await t.app.inject({
      method: 'GET',
      url: '/staff/editor/document',
      headers: { host: PIZZARIA, ...bearer(manager.token) },
    });
    const { menu_version, document } = editorDocumentReply.parse(read.json());
    const doc = document as unknown as ExportedDocument;
    const pudim = doc.categories.flatMap((c) => c.products).find((p) => p.ref === 'pudim')!;
    pudim.url_imagem = reply.url;
    pudim.url_miniatura = reply.thumbnail!.url;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/staff/editor/sections/menu',
      headers: { host: PIZZARIA, ...bearer(manager.token), 'if-match': String(menu_version) },
      payload: { categories: doc.categories, option_groups: doc.option_groups },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await productIdOf(t, 'pudim');
    const product = productList
      .parse((await t.app.inject({ url: '/estoque/produtos_app', headers: { host: PIZZARIA } })).json())
      .find((p) => p.id === id)!;
    expect(product.url_imagem).toBe(reply.url);
    expect(product.srcset_imagem).toBe(reply.srcset);
    expect(product.srcset_miniatura).toBe(reply.thumbnail!.srcset);
  });
});

describe('other kinds', () => {
  it('a banner is the menu header at 1100 × 440', async () => {
    const reply = pictureReply.parse(
      (await upload(await photo(2000, 1000).webp().toBuffer(), { kind: 'banner' })).json(),
    );
    expect(reply).toMatchObject({ kind: 'banner', srcset: null, thumbnail: null, icons: null });
    expect((await served(reply.url)).meta).toMatchObject({ width: 1100, height: 440, format: 'webp' });
  });

  it('the same large banner sent 6 times at once: all 201, one picture', async () => {
    const banner = await photo(6000, 3000).jpeg().toBuffer();
    const replies = await Promise.all(Array.from({ length: 6 }, () => upload(banner, { kind: 'banner' })));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(6).fill(201));
    const urls = new Set(replies.map((reply) => pictureReply.parse(reply.json()).url));
    expect(urls.size).toBe(1);
    expect(
      readdirSync(path.join(dataDir, 'media/stores/pizzaria/banner')).filter((n) => n.endsWith('.part')),
    ).toEqual([]);
    expect((await served([...urls][0]!)).meta).toMatchObject({ width: 1100, height: 440 });
  });

  it('a logo comes with the app icons drawn from it, whole (not cropped)', async () => {
    const reply = pictureReply.parse(
      (await upload(await photo(900, 300).png().toBuffer(), { kind: 'logo' })).json(),
    );
    expect(reply.kind).toBe('logo');
    expect((await served(reply.url)).meta).toMatchObject({ width: 256, height: 256, hasAlpha: true });
    expect((await served(reply.icons!.icon_192)).meta).toMatchObject({
      format: 'png',
      width: 192,
      height: 192,
    });
    expect((await served(reply.icons!.icon_512)).meta).toMatchObject({
      format: 'png',
      width: 512,
      height: 512,
    });
  });

  it('AVIF is taken', async () => {
    const avif = await photo(800, 600).avif().toBuffer();
    expect((await upload(avif, { type: 'image/avif' })).statusCode).toBe(201);
  });

  it('an unknown kind is refused', async () => {
    expectRefusal(await upload(await photo().jpeg().toBuffer(), { kind: 'poster' }), 400, 'INVALID_INPUT');
  });
});

describe('what is refused (and nothing is stored)', () => {
  it('the type is read from the content, whatever the Content-Type says', async () => {
    const png = await photo().png().toBuffer();
    expect((await upload(png, { type: 'image/jpeg' })).statusCode).toBe(201);
    expect((await upload(png, { type: 'application/octet-stream' })).statusCode).toBe(201);
    const files = storedFiles();
    for (const [body, type] of [
      [Buffer.from('%PDF-1.7 not a picture at all'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"/>'), 'image/svg+xml'],
      [await photo().gif().toBuffer(), 'image/gif'],
      [await photo().tiff().toBuffer(), 'image/jpeg'],
      [Buffer.from(JSON.stringify({ picture: 'x' })), 'application/json'],
      [png.subarray(0, 64), 'image/png'],
    ] as const) {
      const body2 = expectRefusal(await upload(body, { type }), 415, 'PICTURE_NOT_AN_IMAGE');
      expect(body2.detail).toMatch(/foto/);
    }
    expect(storedFiles()).toBe(files);
  });

  it('over 8 MB: 413 PICTURE_TOO_LARGE', async () => {
    const files = storedFiles();
    const body = expectRefusal(await upload(Buffer.alloc(8 * 1024 * 1024 + 1, 1)), 413, 'PICTURE_TOO_LARGE');
    expect(body.detail).toBe('A foto passa de 8 MB. Envie uma foto menor.');
    expect(storedFiles()).toBe(files);
  });

  it('more than 50 megapixels: 413 PICTURE_TOO_LARGE, before it is decoded', async () => {
    const huge = await sharp({
      create: { width: 7200, height: 7200, channels: 3, background: '#c0392b' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(huge.length).toBeLessThan(8 * 1024 * 1024);
    expectRefusal(await upload(huge, { type: 'image/png' }), 413, 'PICTURE_TOO_LARGE');
  });

  it('too small to show, or no picture at all', async () => {
    expectRefusal(await upload(await photo(150, 150).jpeg().toBuffer()), 400, 'PICTURE_TOO_SMALL');
    expectRefusal(await upload(''), 400, 'PICTURE_MISSING');
  });

  it('only managers and owners upload', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    expectRefusal(await upload(jpeg, { token: attendant.token }), 403, 'FORBIDDEN');
    expectRefusal(await upload(jpeg, { token: customer.token }), 403, 'FORBIDDEN');
    expectRefusal(await upload(jpeg, { token: null }), 401, 'NOT_AUTHENTICATED');
  });
});

describe('pictures in an S3 bucket', () => {
  let s3: S3Standin;
  let app: TestApp;
  beforeAll(async () => {
    const keys = { accessKeyId: 'AKIACOMANDA', secretAccessKey: 'segredo-do-bucket' };
    s3 = await startS3Standin({ bucket: 'fotos', region: 'sa-east-1', ...keys });
    app = await buildTestApp({
      demoStores: ['pizzaria.json'],
      env: { PASSWORD_HASH_COST: '10' },
      pictureStorage: new S3PictureStorage({
        endpoint: s3.endpoint,
        bucket: 'fotos',
        region: 'sa-east-1',
        ...keys,
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it('goes to the bucket, signed, and the reply gives the bucket’s addresses', async () => {
    const owner = await signInStaff(app, { role: 'owner' });
    const response = await upload(await photo().jpeg().toBuffer(), { token: owner.token, app });
    expect(response.statusCode, response.body).toBe(201);
    const reply = pictureReply.parse(response.json());
    expect(reply.url).toMatch(
      new RegExp(`^${s3.endpoint}/fotos/stores/pizzaria/p/[0-9a-f]{24}-800w\\.webp$`),
    );
    expect(reply.srcset).toContain('-1100w.webp 1100w');
    expect([...s3.objects.keys()].filter((key) => key.startsWith('stores/pizzaria/p/'))).toHaveLength(5);
    expect(s3.log.every((entry) => entry.status === 200)).toBe(true);
    const object = s3.objects.get(reply.url.slice(`${s3.endpoint}/fotos/`.length))!;
    expect(object).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(await sharp(object.bytes).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it('the same photo sent 8 times at once: all 201, the bucket holds one picture', async () => {
    const owner = await signInStaff(app, { role: 'owner' });
    const png = await photo(640, 480).png().toBuffer();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => upload(png, { token: owner.token, app, type: 'image/png' })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(201));
    const url = pictureReply.parse(replies[0]!.json()).url;
    expect(new Set(replies.map((reply) => pictureReply.parse(reply.json()).url))).toEqual(new Set([url]));
    const stem = url.slice(`${s3.endpoint}/fotos/`.length).replace(/-800w\.webp$/, '');
    expect([...s3.objects.keys()].filter((key) => key.startsWith(stem))).toHaveLength(5);
  });

  it('a bucket that refuses is 503 PICTURE_STORAGE_UNAVAILABLE, said in words', async () => {
    const broken = await buildTestApp({
      demoStores: ['pizzaria.json'],
      env: { PASSWORD_HASH_COST: '10' },
      pictureStorage: new S3PictureStorage({
        endpoint: s3.endpoint,
        bucket: 'fotos',
        region: 'sa-east-1',
        accessKeyId: 'AKIACOMANDA',
        secretAccessKey: 'errado',
      }),
    });
    try {
      const owner = await signInStaff(broken, { role: 'owner' });
      const body = expectRefusal(
        await upload(await photo().jpeg().toBuffer(), { token: owner.token, app: broken }),
        503,
        'PICTURE_STORAGE_UNAVAILABLE',
      );
      expect(body.detail).toBe('Não foi possível guardar a foto agora. Tente de novo em instantes.');
    } finally {
      await broken.close();
    }
  });
});
