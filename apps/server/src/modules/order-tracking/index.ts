// The order tracking module's face (docs/decisions/0041): what other modules and the app's composition may use.
export {
  announceReleased,
  type CancelRule,
  cancelNeedsApprovalError,
  dropUnpaidOrder,
  lockOrderOfStore,
  moveLockedOrder,
  OrderTrackingService,
  releasePaidOrder,
  type StatusChangeOptions,
  type StatusChangeStep,
} from './service.ts';
