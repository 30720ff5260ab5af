import { createHash, createHmac } from 'node:crypto';

/*
 * AWS Signature Version 4 for one request signed in its Authorization header, as S3 and every
 * S3-compatible store take it ("Signature Calculations for the Authorization Header: Transferring
 * Payload in a Single Chunk", https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
 * Written out rather than taken from an SDK: a picture upload is one PUT.
 */

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (added here). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (or UNSIGNED-PAYLOAD). */
  payloadHash: string;
}

export interface SigV4Signature {
  /** Every header to send: the request's, host, x-amz-date, x-amz-content-sha256, authorization. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** 20130524T000000Z */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 3986 percent-encoding as SigV4 wants it: unreserved characters kept, '/' kept in paths. */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([key, value]) => [uriEncode(key, false), uriEncode(value, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** The request's Authorization header and the headers it signs. */
export function signV4(request: SigV4Request, credentials: SigV4Credentials, now: Date): SigV4Signature {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers.host = request.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = request.payloadHash;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  // The path as sent (already percent-encoded once, as S3 wants it: never encoded twice).
  const path = uriEncode(decodeURIComponent(request.url.pathname), true) || '/';
  const canonicalRequest = [
    request.method.toUpperCase(),
    path,
    canonicalQuery(request.url.searchParams),
    ...names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    headers: {
      ...headers,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    },
    canonicalRequest,
    stringToSign,
    signature,
  };
}
