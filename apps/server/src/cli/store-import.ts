import { readFileSync } from 'node:fs';
import { paymentSecretsKeyOf } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPictureStorage } from '../lib/picture-storage.ts';
import { importStore, parseStoreDocument, StoreDocumentError } from '../modules/store-import/index.ts';

/** npm run store:import -- store.json [more.json …] */
async function main(files: string[]) {
  if (files.length === 0) {
    console.error('usage: npm run store:import -- <store.json> [more.json …]');
    return 2;
  }
  const config = loadConfig();
  const pictures = createPictureStorage(config);
  const documents = [];
  for (const file of files) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      console.error(`${file}: cannot read JSON: ${(error as Error).message}`);
      return 1;
    }
    try {
      documents.push(parseStoreDocument(raw, (key) => pictures.url(key)));
    } catch (error) {
      if (error instanceof StoreDocumentError) {
        console.error(`${file}: ${error.message}`);
        return 1;
      }
      throw error;
    }
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const paymentSecretsKey = paymentSecretsKeyOf(config, (message) => console.warn(message));
  try {
    await database.migrate();
    for (const doc of documents) {
      const result = await importStore(database.db, doc, { paymentSecretsKey });
      console.log(
        `${result.created ? 'created' : 'updated'} store '${result.slug}' (id ${result.storeId}): ` +
          `${result.counts.categories} categories, ${result.counts.products} products, ` +
          `${result.counts.optionGroups} option groups, ${result.counts.neighbourhoods} neighbourhoods`,
      );
    }
  } finally {
    await database.close();
  }
  return 0;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
