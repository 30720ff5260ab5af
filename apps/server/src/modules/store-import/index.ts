// The store import module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { loadDemoStoresIfEmpty, readDemoStore } from './demo-stores.ts';
export {
  parseStoreDocument,
  type StoreDocument,
  StoreDocumentError,
  storeDocument,
  storeDocumentFor,
} from './document.ts';
export { type ExportedDocument, exportStore } from './export.ts';
export { applyStoreDocument, importStore } from './service.ts';
