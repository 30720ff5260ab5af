import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, publicOrigin } from '../config.ts';

/*
 * Where the running server is reached, for the commands run beside it (`npm run table:links`):
 * a shell of its own does not share the server's PORT, so the server writes its stores' public
 * address, with the port it really listens on, into DATA_DIR when it starts (docs/decisions/0066).
 */

const FILE = 'served-origin.json';

/** The stores' public address, `{store}` standing for a slug, as the server listening on `port` serves it. */
export function servedOriginTemplate(
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'BASE_DOMAIN'>,
  port: number,
): string {
  return publicOrigin({ ...config, PORT: port }, '{store}');
}

/** Written by the server once it listens. A failure to write only loses the commands' hint. */
export function recordServedOrigin(dataDir: string, template: string): boolean {
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, FILE), `${JSON.stringify({ origin: template })}\n`);
    return true;
  } catch {
    return false;
  }
}

function recordedTemplate(dataDir: string): string | null {
  try {
    const { origin } = JSON.parse(readFileSync(path.join(dataDir, FILE), 'utf8')) as { origin?: unknown };
    return typeof origin === 'string' && origin.includes('{store}') ? origin : null;
  } catch {
    return null;
  }
}

/**
 * A store's public address for a command: PUBLIC_ORIGIN, BASE_DOMAIN or PORT set in the command's
 * own environment win; otherwise the address the server recorded when it started; otherwise the
 * defaults (http://{store}.localhost:3000).
 */
export function commandOrigin(config: Config, env: NodeJS.ProcessEnv, slug: string): string {
  const configured = Boolean(env.PUBLIC_ORIGIN || env.BASE_DOMAIN || env.PORT);
  const recorded = configured ? null : recordedTemplate(config.DATA_DIR);
  return recorded ? recorded.replaceAll('{store}', slug).replace(/\/$/, '') : publicOrigin(config, slug);
}
