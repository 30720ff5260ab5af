// The kitchen display module's face (docs/decisions/0055): what the app's composition may use.
export { KitchenService } from './service.ts';
