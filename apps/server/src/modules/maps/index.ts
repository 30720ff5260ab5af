// The maps module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { LocalMapsProvider } from './local-provider.ts';
export { MapsService, type StorePlaces, storeCityNamed, storeDistrictNamed, storePlaces } from './service.ts';
export type { StreetIndex } from './street-index.ts';
