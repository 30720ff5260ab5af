import path from 'node:path';

/**
 * The server's folder (apps/server): one level up from this file in src/, and from the compiled
 * server in dist/ (`npm run build`), so the paths below it hold either way.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
