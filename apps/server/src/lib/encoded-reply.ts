import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON reply serialised and compressed once, served many times. */
export interface EncodedReply {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export function encodeReply(value: unknown): EncodedReply {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
  };
}

function acceptsEncoding(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token?.trim().toLowerCase() !== name) return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

/** Sends a pre-encoded reply: 304 for a matching ETag, else brotli, gzip or identity bytes. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, encoded: EncodedReply) {
  reply
    .header('etag', encoded.etag)
    .header('vary', 'Accept-Encoding')
    .header('cache-control', 'no-cache')
    .type('application/json; charset=utf-8');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === encoded.etag)) {
    return reply.code(304).send();
  }
  const accept = request.headers['accept-encoding'];
  if (acceptsEncoding(accept, 'br')) return reply.header('content-encoding', 'br').send(encoded.br);
  if (acceptsEncoding(accept, 'gzip')) return reply.header('content-encoding', 'gzip').send(encoded.gzip);
  return reply.send(encoded.identity);
}
