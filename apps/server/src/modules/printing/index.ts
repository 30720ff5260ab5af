// The printing module's face (docs/decisions/0041): what other modules and the app's composition may use.
export {
  CLOUDPRNT_PATH,
  editJobKind,
  type OrderEdit,
  type OrderStatusChange,
  PrintingService,
} from './service.ts';
