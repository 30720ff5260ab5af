import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { sha256Hex, signV4 } from './sigv4.ts';

/*
 * Where the staff editor's pictures are kept (docs/decisions/0032): on this server's disk by
 * default, or in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces…) when
 * S3_BUCKET is set. Keys are `stores/<slug>/…` and named after their content, so a stored picture
 * never changes and is cached for a year.
 */
export interface PictureStorage {
  /** Stores the bytes under the key (overwriting the same bytes is harmless). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The address browsers fetch the key from. */
  url(key: string): string;
}

export class PictureStorageError extends Error {}

/** A year, immutable: the key changes whenever the picture does. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SAFE_KEY = /^stores\/[a-z0-9-]+(\/[a-z0-9][a-z0-9.-]*)+$/;

function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new PictureStorageError(`unsafe picture key '${key}'`);
}

/** The local disk: DATA_DIR/media/<key>, served by this server at /media/<key>. */
export class LocalPictureStorage implements PictureStorage {
  constructor(readonly root: string) {}

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    checkKey(key);
    // The type is the file's extension when served.
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    // A reader never sees half a file: write beside it, then rename over. The partial name is
    // unique per write (issue 30, F3): the same photo uploaded several times at once writes the same
    // keys in the same millisecond, and a shared partial name was renamed away under the others.
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      // Keys are named after their content: a rename refused because another writer put the same
      // bytes there first (Windows refuses to replace a file another process holds open) is done.
      if (await holds(file, bytes)) return;
      throw error;
    }
  }

  url(key: string): string {
    return `/media/${key}`;
  }
}

async function holds(file: string, bytes: Buffer): Promise<boolean> {
  try {
    return (await readFile(file)).equals(bytes);
  } catch {
    return false;
  }
}

export interface S3Settings {
  /** https://s3.sa-east-1.amazonaws.com (path-style) or https://{bucket}.s3.sa-east-1.amazonaws.com. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch objects; default: the bucket's address. */
  publicUrl?: string | undefined;
  /** Milliseconds one upload may take. */
  timeoutMs?: number;
}

/** An S3-compatible bucket, written with PutObject signed with AWS Signature Version 4. */
export class S3PictureStorage implements PictureStorage {
  private readonly base: string;
  private readonly publicBase: string;

  constructor(
    private readonly settings: S3Settings,
    private readonly now: () => Date = () => new Date(),
  ) {
    const endpoint = settings.endpoint.replace(/\/+$/, '');
    this.base = endpoint.includes('{bucket}')
      ? endpoint.replace('{bucket}', settings.bucket)
      : `${endpoint}/${settings.bucket}`;
    this.publicBase = (settings.publicUrl ?? this.base).replace(/\/+$/, '');
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    const url = new URL(`${this.base}/${key}`);
    const signed = signV4(
      {
        method: 'PUT',
        url,
        headers: { 'content-type': contentType, 'cache-control': PICTURE_CACHE_CONTROL },
        payloadHash: sha256Hex(bytes),
      },
      {
        accessKeyId: this.settings.accessKeyId,
        secretAccessKey: this.settings.secretAccessKey,
        region: this.settings.region,
        service: 's3',
      },
      this.now(),
    );
    const { host: _host, ...headers } = signed.headers;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'PUT',
        headers,
        body: new Uint8Array(bytes),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new PictureStorageError(`S3 PUT ${url.host}: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).slice(0, 300);
      throw new PictureStorageError(`S3 PUT ${url.host}: ${response.status} ${text}`);
    }
  }

  url(key: string): string {
    return `${this.publicBase}/${key}`;
  }
}

/** The storage the configuration names: S3 with S3_BUCKET, else the local disk under DATA_DIR. */
export function createPictureStorage(config: Config): PictureStorage {
  if (config.S3_BUCKET) {
    return new S3PictureStorage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return new LocalPictureStorage(uploadedMediaRoot(config.DATA_DIR));
}

/** Where the local storage keeps pictures: DATA_DIR/media (keys start with stores/). */
export function uploadedMediaRoot(dataDir: string): string {
  return path.resolve(dataDir, 'media');
}
