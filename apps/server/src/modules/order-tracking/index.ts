// The order tracking module's face (docs/decisions/0041): what other modules and the app's composition may use.
export {
  announceReleased,
  dropUnpaidOrder,
  lockOrderOfStore,
  moveLockedOrder,
  OrderTrackingService,
  releasePaidOrder,
  type StatusChangeStep,
} from './service.ts';
