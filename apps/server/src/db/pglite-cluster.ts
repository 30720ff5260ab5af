/**
 * Creates an embedded database's files (PGlite's initdb) in a process of its own, so the server that
 * then opens them never holds initdb's WebAssembly instances: creating a cluster in-process takes
 * three of them at once (about 700 MiB RSS, not all returned), opening an existing one takes one.
 *
 * Run as a script: `node --import tsx pglite-cluster.ts <dir>`, or `node dist/pglite-cluster.mjs <dir>`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * Postgres settings of the embedded database. shared_buffers is 128 MB by default and the WebAssembly
 * heap keeps every page it touched: 16 MB holds a store's whole menu and a day of orders many times
 * over, and saves about 130 MiB of RSS.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'maintenance_work_mem=16MB',
];

/** The compiled copy of this script (apps/server/build.ts); the server's own bundle holds it too. */
const COMPILED_SCRIPT = 'pglite-cluster.mjs';

export const hasCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** Creates the cluster in `dir` in a child process (a no-op when it exists). */
export function ensureCluster(dir: string) {
  if (hasCluster(dir)) return;
  // From source, this file under tsx, by tsx's resolved address (the parent may run under another
  // loader, vitest, or from another cwd); the compiled server has it beside itself in dist/.
  const script = import.meta.filename.endsWith('.ts')
    ? ['--import', import.meta.resolve('tsx'), import.meta.filename]
    : [path.join(import.meta.dirname, COMPILED_SCRIPT)];
  const created = spawnSync(process.execPath, [...script, dir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (created.status !== 0 || !hasCluster(dir)) {
    throw new Error(`could not create the embedded database in ${dir} (exit ${created.status})`);
  }
}

async function createCluster(dir: string) {
  const db = new PGlite(dir, { startParams: PGLITE_START_PARAMS });
  await db.waitReady;
  await db.close();
}

const runAsScript =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  path.basename(process.argv[1]).startsWith('pglite-cluster.');
if (runAsScript) {
  await createCluster(process.argv[2]!);
}
