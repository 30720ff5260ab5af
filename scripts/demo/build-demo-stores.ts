/**
 * Writes the demo store documents (apps/server/src/db/demo/*.json) from the TypeScript sources
 * beside this file, validating them with the same parser as `npm run store:import`.
 * Run: node --import tsx scripts/demo/build-demo-stores.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseStoreDocument } from '../../apps/server/src/modules/store-import/document.ts';
import { pizzaria } from './pizzaria.ts';
import { sakura } from './sakura.ts';

const outDir = path.resolve(import.meta.dirname, '../../apps/server/src/db/demo');
for (const doc of [pizzaria, sakura]) {
  parseStoreDocument(doc);
  writeFileSync(path.join(outDir, `${doc.slug}.json`), `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`wrote ${doc.slug}.json`);
}
