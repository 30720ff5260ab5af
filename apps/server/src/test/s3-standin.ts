import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signV4 } from '../lib/sigv4.ts';

/*
 * A small S3 for the tests (S3 itself cannot be reached from here): path-style PUT and GET of
 * objects in one bucket. A PUT must be signed with AWS Signature Version 4 by a known key, within
 * 15 minutes of now, its body hashed as it says: the stand-in rebuilds the signature from what
 * arrived on the wire and answers S3's errors (403 SignatureDoesNotMatch, InvalidAccessKeyId,
 * RequestTimeTooSkewed; 400 XAmzContentSHA256Mismatch) otherwise.
 */

export interface StoredObject {
  bytes: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface S3Standin {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  region: string;
  objects: Map<string, StoredObject>;
  /** Every request's method, path and answer. */
  log: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

function xmlError(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Standin(options: {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<S3Standin> {
  const objects = new Map<string, StoredObject>();
  const log: S3Standin['log'] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const answer = (status: number, body = '', headers: Record<string, string> = {}) => {
      log.push({ method: request.method ?? '', path: url.pathname, status });
      response.writeHead(status, headers).end(body);
    };
    const prefix = `/${options.bucket}/`;
    if (!url.pathname.startsWith(prefix)) return answer(404, xmlError('NoSuchBucket'));
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    const body = await bodyOf(request);

    if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) return answer(404, xmlError('NoSuchKey'));
      return answer(200, object.bytes as unknown as string, {
        ...(object.contentType ? { 'content-type': object.contentType } : {}),
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      });
    }
    if (request.method !== 'PUT') return answer(405, xmlError('MethodNotAllowed'));

    const match = AUTHORIZATION.exec(String(request.headers.authorization ?? ''));
    if (!match) return answer(403, xmlError('AccessDenied'));
    const [, accessKeyId, day, region, signedHeaders, signature] = match;
    if (accessKeyId !== options.accessKeyId) return answer(403, xmlError('InvalidAccessKeyId'));
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const at = new Date(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (Number.isNaN(at.getTime()) || !amzDate.startsWith(day!) || region !== options.region)
      return answer(403, xmlError('AuthorizationHeaderMalformed'));
    if (Math.abs(Date.now() - at.getTime()) > 15 * 60_000)
      return answer(403, xmlError('RequestTimeTooSkewed'));
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256Hex(body)) return answer(400, xmlError('XAmzContentSHA256Mismatch'));
    const names = signedHeaders!.split(';');
    if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((name) => names.includes(name)))
      return answer(403, xmlError('AccessDenied'));
    const headers: Record<string, string> = {};
    for (const name of names)
      if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
        headers[name] = String(request.headers[name] ?? '');
    const expected = signV4(
      { method: 'PUT', url, headers, payloadHash },
      { accessKeyId, secretAccessKey: options.secretAccessKey, region, service: 's3' },
      at,
    );
    if (expected.signature !== signature) return answer(403, xmlError('SignatureDoesNotMatch'));
    objects.set(key, {
      bytes: body,
      contentType: request.headers['content-type'],
      cacheControl: request.headers['cache-control'],
    });
    return answer(200, '', { etag: `"${sha256Hex(body).slice(0, 32)}"` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: options.bucket,
    region: options.region,
    objects,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
