// The orders module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { type EditPricing, type KeptLine, type OrderToEdit, priceOrderEdit } from './edit.ts';
export type { PlaceOrderResult, StaffEntry } from './service.ts';
export { OrderService, orderRateRule, pendingPoints } from './service.ts';
