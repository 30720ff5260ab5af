// The SMS module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { createSmsProvider } from './factory.ts';
export type { SmsProvider } from './provider.ts';
