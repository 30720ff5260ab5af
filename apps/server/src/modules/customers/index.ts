// The customer accounts module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { CustomerService, createCustomerAccount, findAccountByPhone, setPasswordHash } from './service.ts';
