import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import { SERVER_ROOT } from '../../server-root.ts';
import { seedDemoCouriers } from '../dispatch/index.ts';
import { parseStoreDocument } from './document.ts';
import { type ImportOptions, importStore } from './service.ts';

export const DEMO_DIR = path.join(SERVER_ROOT, 'src', 'db', 'demo');
/** The demo stores, the default one first. */
export const DEMO_STORE_FILES = ['pizzaria.json', 'sakura.json'];

export function readDemoStore(file: string) {
  return parseStoreDocument(JSON.parse(readFileSync(path.join(DEMO_DIR, file), 'utf8')));
}

/** Loads the demo stores through the import path when the database has no store yet. */
export async function loadDemoStoresIfEmpty(db: Database, options: ImportOptions = {}): Promise<string[]> {
  const [row] = await db.select({ n: count() }).from(stores);
  if ((row?.n ?? 0) > 0) return [];
  const loaded: string[] = [];
  for (const file of DEMO_STORE_FILES) {
    const result = await importStore(db, readDemoStore(file), options);
    // The store document holds no couriers: the demo's own come after it (docs/decisions/0070).
    await seedDemoCouriers(db, result.storeId, result.slug, new Date());
    loaded.push(result.slug);
  }
  return loaded;
}
