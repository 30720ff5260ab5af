// The dispatch module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { type CourierProvider, IfoodShippingProvider } from './courier-provider.ts';
export { CourierStandin, postNotification } from './courier-standin.ts';
export { seedDemoCouriers } from './demo-couriers.ts';
export { OutsideSettings } from './outside-settings.ts';
export { type DepartureStep, DispatchService, deliveriesLeaveByDispatch } from './service.ts';
