import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. They depend on nothing in the
 * request (no nonces), and building helmet's middleware on every request, as the Fastify plugin
 * does, cost more than the rest of a menu call's headers.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middleware is synchronous; if that ever changes this must not silently send nothing.
  if (!finished || Object.keys(headers).length === 0) throw new Error('helmet set no headers synchronously');
  return headers;
}

/**
 * The headers a JSON reply needs (issue 20): a page's policy (scripts, styles, fonts, maps) means
 * nothing to JSON and cost about 1 KB on every menu call. What stays: no sniffing, HTTPS only, no
 * framing and nothing loaded should a browser render the reply as a document, no referrer, and the
 * reply readable by this site only.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};
