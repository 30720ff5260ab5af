import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../../../apps/server/src/test/test-app.ts';

/*
 * Real HTTP to a test server on loopback. The server trusts X-Forwarded-For from 127.0.0.1
 * (TRUST_PROXY), so a scenario can speak from many client addresses, as through a load balancer.
 */

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  ms: number;
}

export async function listenOnLoopback(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** POSTs JSON as a client at `from` (X-Forwarded-For) to a store's host. */
export function postJson(
  base: string,
  path: string,
  payload: unknown,
  options: { host: string; from: string; cookie?: string; authorization?: string },
): Promise<HttpReply> {
  return postBody(base, path, Buffer.from(JSON.stringify(payload)), 'application/json', options);
}

/** POSTs raw bytes (a picture) of the given type, as `postJson` does. */
export function postBody(
  base: string,
  path: string,
  body: Buffer,
  contentType: string,
  options: { host: string; from: string; cookie?: string; authorization?: string },
): Promise<HttpReply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          host: options.host,
          'content-type': contentType,
          'content-length': String(body.length),
          'x-forwarded-for': options.from,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.authorization ? { authorization: options.authorization } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: parsed,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The known-device cookie a reply set, as a Cookie header value. */
export function deviceCookieOf(reply: HttpReply): string {
  const header = [reply.headers['set-cookie'] ?? []].flat().join('\n');
  const cookie = /(comanda_device=[^;]+)/.exec(header)?.[1];
  if (!cookie) throw new Error(`no known-device cookie (status ${reply.status})`);
  return cookie;
}
