/**
 * Compiles the server for `npm start`, the production topology and the benches: one ES module per
 * entry in dist/, with the project's own packages (@comanda/*) inside and every other package left
 * to node_modules. Running compiled JavaScript spares the server tsx's loader thread and the
 * TypeScript sources with their source maps, some 60 MiB of RSS (docs/decisions/0028).
 *
 * `node --import tsx apps/server/build.ts` (`npm run build` does it).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = import.meta.dirname;

/** The compiled server's entry: `node <SERVER_NODE_FLAGS> apps/server/dist/main.mjs`. */
export const COMPILED_SERVER = path.join(root, 'dist', 'main.mjs');

const STANDIN_CHUNK = 'psp-standin';
const WHATSAPP_STANDIN_CHUNK = 'whatsapp-standin';

export async function buildServer(): Promise<void> {
  await build({
    entryPoints: {
      main: path.join(root, 'src/main.ts'),
      // Spawned by the server to create a new embedded database (src/db/pglite-cluster.ts).
      'pglite-cluster': path.join(root, 'src/db/pglite-cluster.ts'),
      // The demo's stand-in PSP, a file of its own that main.mjs imports only when the config asks
      // for it: a production server never loads the test double nor its packages (docs/decisions/0041).
      [STANDIN_CHUNK]: path.join(root, '../psp-standin/src/index.ts'),
      // The demo's stand-in Graph API (WhatsApp), the same way (docs/decisions/0072).
      [WHATSAPP_STANDIN_CHUNK]: path.join(root, '../whatsapp-standin/src/index.ts'),
    },
    outdir: path.join(root, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-outside',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path === '@comanda/psp-standin' && args.kind === 'dynamic-import') {
              return { path: `./${STANDIN_CHUNK}.mjs`, external: true };
            }
            if (args.path === '@comanda/whatsapp-standin' && args.kind === 'dynamic-import') {
              return { path: `./${WHATSAPP_STANDIN_CHUNK}.mjs`, external: true };
            }
            return args.path.startsWith('@comanda/') ? undefined : { external: true };
          });
        },
      },
    ],
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
