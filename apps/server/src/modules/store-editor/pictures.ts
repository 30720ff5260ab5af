import { createHash } from 'node:crypto';
import { PICTURE_MAX_BYTES, type PictureKind, type PictureReply } from '@comanda/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors.ts';
import { PRODUCT_WIDTHS, THUMB_WIDTHS } from '../../lib/media.ts';
import { type PictureStorage, PictureStorageError } from '../../lib/picture-storage.ts';

/*
 * Pictures from the staff editor (issue 17, docs/decisions/0032): whatever the phone sends is
 * judged by its content, not its declared type, decoded with a pixel limit, turned upright, stripped
 * of its metadata (a phone photo's position) and cut to the sizes the storefront shows.
 */

/** The most pixels decoded: 48 MP phone photos (8064 × 6048) pass, decompression bombs do not. */
export const PICTURE_MAX_PIXELS = 50_000_000;
/** The smallest side worth showing on the menu. */
export const PICTURE_MIN_SIDE = 200;

const WEBP = { quality: 72, effort: 5 } as const;

export const refusePicture = {
  tooLarge: () =>
    new AppError(
      'too_large',
      'PICTURE_TOO_LARGE',
      `A foto passa de ${PICTURE_MAX_BYTES / 1024 / 1024} MB. Envie uma foto menor.`,
    ),
  tooManyPixels: () =>
    new AppError('too_large', 'PICTURE_TOO_LARGE', 'A foto tem pixels demais (mais de 50 megapixels).'),
  tooSmall: () =>
    invalidPicture(
      'PICTURE_TOO_SMALL',
      `A foto é pequena demais: precisa de pelo menos ${PICTURE_MIN_SIDE} × ${PICTURE_MIN_SIDE} pixels.`,
    ),
  missing: () => invalidPicture('PICTURE_MISSING', 'Envie a foto no corpo da requisição.'),
  notAnImage: (detail = 'O arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou AVIF.') =>
    new AppError('unsupported', 'PICTURE_NOT_AN_IMAGE', detail),
  storage: () =>
    new AppError(
      'unavailable',
      'PICTURE_STORAGE_UNAVAILABLE',
      'Não foi possível guardar a foto agora. Tente de novo em instantes.',
    ),
};

function invalidPicture(code: string, detail: string) {
  return new AppError('invalid', code, detail);
}

/** What sharp reads that a phone or a computer sends as a photo. */
function accepted(metadata: Metadata): boolean {
  if (metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp') return true;
  // HEIF holds AVIF (AV1) and Apple's HEIC (HEVC); this sharp decodes AVIF only.
  return metadata.format === 'heif' && metadata.compression === 'av1';
}

interface Output {
  key: string;
  width: number;
  height: number;
  fit: 'cover' | 'contain';
  format: 'webp' | 'png';
}

export interface PictureServiceDeps {
  storage: PictureStorage;
  log: FastifyBaseLogger;
}

export class PictureService {
  constructor(private readonly deps: PictureServiceDeps) {}

  /** POST /staff/editor/pictures */
  async upload(slug: string, kind: PictureKind, body: unknown): Promise<PictureReply> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw refusePicture.missing();
    if (body.length > PICTURE_MAX_BYTES) throw refusePicture.tooLarge();
    const metadata = await this.inspect(body);
    const upright = (metadata.orientation ?? 1) >= 5;
    const width = upright ? metadata.height : metadata.width;
    const height = upright ? metadata.width : metadata.height;
    if (Math.min(width, height) < PICTURE_MIN_SIDE) throw refusePicture.tooSmall();

    // Named after the bytes sent: the same photo twice is the same picture.
    const id = createHash('sha256').update(kind).update(body).digest('hex').slice(0, 24);
    const outputs = outputsFor(kind, `stores/${slug}`, id);
    await Promise.all(outputs.map((output) => this.write(body, output)));
    const url = (output: Output) => this.deps.storage.url(output.key);
    const srcset = (list: Output[]) =>
      list.length > 1 ? list.map((output) => `${url(output)} ${output.width}w`).join(', ') : null;

    if (kind === 'product') {
      const dialog = outputs.filter((output) => !output.key.includes('-thumb-'));
      const thumbs = outputs.filter((output) => output.key.includes('-thumb-'));
      return {
        kind,
        url: url(dialog.find((output) => output.width === 800)!),
        srcset: srcset(dialog),
        thumbnail: { url: url(thumbs.at(-1)!), srcset: srcset(thumbs) },
        icons: null,
      };
    }
    if (kind === 'logo') {
      const [logo, icon192, icon512] = outputs as [Output, Output, Output];
      return {
        kind,
        url: url(logo),
        srcset: null,
        thumbnail: null,
        icons: { icon_192: url(icon192), icon_512: url(icon512) },
      };
    }
    return { kind, url: url(outputs[0]!), srcset: null, thumbnail: null, icons: null };
  }

  private async inspect(body: Buffer): Promise<Metadata & { width: number; height: number }> {
    let metadata: Metadata;
    try {
      // The header only: nothing is decoded before the size is known.
      metadata = await sharp(body, { limitInputPixels: false }).metadata();
    } catch {
      throw refusePicture.notAnImage();
    }
    if (!accepted(metadata) || !metadata.width || !metadata.height) {
      throw metadata.format === 'heif'
        ? refusePicture.notAnImage(
            'Fotos HEIC não são aceitas. Envie JPEG, PNG, WebP ou AVIF (o iPhone converte ao enviar da galeria).',
          )
        : refusePicture.notAnImage();
    }
    if (metadata.width * metadata.height > PICTURE_MAX_PIXELS) throw refusePicture.tooManyPixels();
    return metadata as Metadata & { width: number; height: number };
  }

  private async write(body: Buffer, output: Output): Promise<void> {
    let bytes: Buffer;
    try {
      const image = sharp(body, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize(output.width, output.height, {
          fit: output.fit,
          position: output.fit === 'cover' ? sharp.strategy.attention : 'centre',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        });
      bytes = await (output.format === 'png'
        ? image.png({ compressionLevel: 9 })
        : image.webp(WEBP)
      ).toBuffer();
    } catch {
      // The header was readable, the picture is not (truncated, corrupt).
      throw refusePicture.notAnImage('A foto está corrompida ou incompleta. Envie outra.');
    }
    try {
      await this.deps.storage.put(output.key, bytes, output.format === 'png' ? 'image/png' : 'image/webp');
    } catch (error) {
      if (!(error instanceof PictureStorageError)) throw error;
      this.deps.log.error({ err: error }, 'picture storage failed');
      throw refusePicture.storage();
    }
  }
}

/**
 * The files of each kind, named as lib/media.ts expects (product pictures: `<id>-<width>w.webp` and
 * `<id>-thumb-<width>w.webp`, every width, so their srcset follows from the name).
 */
function outputsFor(kind: PictureKind, prefix: string, id: string): Output[] {
  switch (kind) {
    case 'product':
      return [
        ...PRODUCT_WIDTHS.map((width) => ({
          key: `${prefix}/p/${id}-${width}w.webp`,
          width,
          height: (width * 3) / 4,
          fit: 'cover' as const,
          format: 'webp' as const,
        })),
        ...THUMB_WIDTHS.map((width) => ({
          key: `${prefix}/p/${id}-thumb-${width}w.webp`,
          width,
          height: width,
          fit: 'cover' as const,
          format: 'webp' as const,
        })),
      ];
    case 'banner':
      // The menu header: 5:2, full width up to 550 CSS px at 2x.
      return [
        { key: `${prefix}/banner/${id}-1100w.webp`, width: 1100, height: 440, fit: 'cover', format: 'webp' },
      ];
    case 'logo':
      return [
        { key: `${prefix}/logo/${id}-256w.webp`, width: 256, height: 256, fit: 'contain', format: 'webp' },
        { key: `${prefix}/logo/${id}-icon-192w.png`, width: 192, height: 192, fit: 'contain', format: 'png' },
        { key: `${prefix}/logo/${id}-icon-512w.png`, width: 512, height: 512, fit: 'contain', format: 'png' },
      ];
  }
}
