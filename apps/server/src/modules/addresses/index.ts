// The addresses module's face (docs/decisions/0041): what other modules and the app's composition may use.
export {
  type AddressOwner,
  AddressService,
  addressNotDeliverable,
  listAddresses,
  savedAddress,
} from './service.ts';
