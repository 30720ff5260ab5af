import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { type S3Standin, startS3Standin } from '../test/s3-standin.ts';
import {
  createPictureStorage,
  LocalPictureStorage,
  PICTURE_CACHE_CONTROL,
  PictureStorageError,
  S3PictureStorage,
} from './picture-storage.ts';

const KEYS = { accessKeyId: 'AKIACOMANDATEST', secretAccessKey: 'segredo/do+bucket' };

describe('S3PictureStorage against a stand-in S3', () => {
  let s3: S3Standin;
  beforeAll(async () => {
    s3 = await startS3Standin({ bucket: 'comanda-fotos', region: 'sa-east-1', ...KEYS });
  });
  afterAll(async () => {
    await s3.close();
  });
  const storage = (over: Partial<ConstructorParameters<typeof S3PictureStorage>[0]> = {}) =>
    new S3PictureStorage({
      endpoint: s3.endpoint,
      bucket: 'comanda-fotos',
      region: 'sa-east-1',
      ...KEYS,
      ...over,
    });

  it('puts the object with a signature the bucket accepts, its type and a year of caching', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 not really a picture');
    await storage().put('stores/pizzaria/p/abc-800w.webp', bytes, 'image/webp');
    expect(s3.log.at(-1)).toEqual({
      method: 'PUT',
      path: '/comanda-fotos/stores/pizzaria/p/abc-800w.webp',
      status: 200,
    });
    expect(s3.objects.get('stores/pizzaria/p/abc-800w.webp')).toEqual({
      bytes,
      contentType: 'image/webp',
      cacheControl: PICTURE_CACHE_CONTROL,
    });
    const fetched = await fetch(`${s3.endpoint}/comanda-fotos/stores/pizzaria/p/abc-800w.webp`);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
  });

  it('names objects by the public address, the bucket’s own by default', () => {
    expect(storage().url('stores/sakura/logo/x-256w.webp')).toBe(
      `${s3.endpoint}/comanda-fotos/stores/sakura/logo/x-256w.webp`,
    );
    expect(storage({ publicUrl: 'https://fotos.comanda.app/' }).url('stores/sakura/logo/x-256w.webp')).toBe(
      'https://fotos.comanda.app/stores/sakura/logo/x-256w.webp',
    );
    expect(
      storage({ endpoint: 'https://{bucket}.s3.sa-east-1.amazonaws.com' }).url(
        'stores/sakura/logo/x-256w.webp',
      ),
    ).toBe('https://comanda-fotos.s3.sa-east-1.amazonaws.com/stores/sakura/logo/x-256w.webp');
  });

  it('a wrong secret or key is refused by the bucket, and said so', async () => {
    await expect(
      storage({ secretAccessKey: 'outro' }).put(
        'stores/pizzaria/p/x-800w.webp',
        Buffer.from('x'),
        'image/webp',
      ),
    ).rejects.toThrow(/403 .*SignatureDoesNotMatch/);
    await expect(
      storage({ accessKeyId: 'AKIAOUTRA' }).put(
        'stores/pizzaria/p/x-800w.webp',
        Buffer.from('x'),
        'image/webp',
      ),
    ).rejects.toThrow(/403 .*InvalidAccessKeyId/);
    expect(s3.objects.has('stores/pizzaria/p/x-800w.webp')).toBe(false);
  });

  it('a clock far from the bucket’s is refused (the signature carries the time)', async () => {
    const late = new S3PictureStorage(
      { endpoint: s3.endpoint, bucket: 'comanda-fotos', region: 'sa-east-1', ...KEYS },
      () => new Date(Date.now() - 3_600_000),
    );
    await expect(late.put('stores/pizzaria/p/y-800w.webp', Buffer.from('y'), 'image/webp')).rejects.toThrow(
      /RequestTimeTooSkewed/,
    );
  });

  it('an unreachable bucket is a storage error, not a crash', async () => {
    await expect(
      storage({ endpoint: 'http://127.0.0.1:1', timeoutMs: 2000 }).put(
        'stores/pizzaria/p/z-800w.webp',
        Buffer.from('z'),
        'image/webp',
      ),
    ).rejects.toBeInstanceOf(PictureStorageError);
  });
});

describe('LocalPictureStorage', () => {
  it('writes under its folder, served at /media/<key>, and refuses keys that could leave it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'comanda-pictures-'));
    const storage = new LocalPictureStorage(root);
    await storage.put('stores/pizzaria/p/abc-800w.webp', Buffer.from('bytes'), 'image/webp');
    expect(readFileSync(path.join(root, 'stores/pizzaria/p/abc-800w.webp'), 'utf8')).toBe('bytes');
    expect(readdirSync(path.join(root, 'stores/pizzaria/p'))).toEqual(['abc-800w.webp']);
    expect(storage.url('stores/pizzaria/p/abc-800w.webp')).toBe('/media/stores/pizzaria/p/abc-800w.webp');
    for (const key of ['stores/../../etc/passwd', '/etc/passwd', 'stores/pizzaria/../x.webp', 'other/x.webp'])
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(
        PictureStorageError,
      );
    expect(existsSync(path.join(root, '..', 'x.webp'))).toBe(false);
  });

  it('the same key written many times at once: every write succeeds and no partial file is left', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'comanda-pictures-'));
    const storage = new LocalPictureStorage(root);
    const bytes = Buffer.alloc(256 * 1024, 7);
    const writes = await Promise.allSettled(
      Array.from({ length: 16 }, () => storage.put('stores/pizzaria/p/same-1100w.webp', bytes, 'image/webp')),
    );
    expect(writes.filter((write) => write.status === 'rejected')).toEqual([]);
    expect(readdirSync(path.join(root, 'stores/pizzaria/p'))).toEqual(['same-1100w.webp']);
    expect(readFileSync(path.join(root, 'stores/pizzaria/p/same-1100w.webp')).equals(bytes)).toBe(true);
  });
});

describe('choosing the storage', () => {
  it('the local disk under DATA_DIR by default; S3 with S3_BUCKET and its settings', () => {
    expect(createPictureStorage(loadConfig({ DATA_DIR: '/srv/comanda' }))).toEqual(
      new LocalPictureStorage('/srv/comanda/media'),
    );
    const s3 = createPictureStorage(
      loadConfig({
        S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com',
        S3_BUCKET: 'comanda-fotos',
        S3_REGION: 'sa-east-1',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'segredo',
        S3_PUBLIC_URL: 'https://fotos.comanda.app',
      }),
    );
    expect(s3).toBeInstanceOf(S3PictureStorage);
    expect(s3.url('stores/a/p/b-800w.webp')).toBe('https://fotos.comanda.app/stores/a/p/b-800w.webp');
  });

  it('an incomplete S3 configuration stops the start, naming each missing variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'comanda-fotos' })).toThrow(ConfigError);
    try {
      loadConfig({ S3_BUCKET: 'comanda-fotos', S3_ENDPOINT: 'https://s3.example.com' });
    } catch (error) {
      expect((error as Error).message).toContain('S3_ACCESS_KEY_ID: required with S3_BUCKET');
      expect((error as Error).message).toContain('S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
    }
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.com' })).toThrow(/S3_BUCKET: required with/);
  });
});
