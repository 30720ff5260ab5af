// The menu module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { BookedOutPeriods } from './booked-out.ts';
export { createMenuFrontDoor, type FrontDoor, menuKeys } from './front-door.ts';
export { MenuCache } from './menu-cache.ts';
export {
  type AvailabilitySettings,
  availabilityAt,
  MenuService,
  storeAvailability,
  storeName,
  toProductGroup,
} from './service.ts';
export { StoreStates } from './store-state.ts';
