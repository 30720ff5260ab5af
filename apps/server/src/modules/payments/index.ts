// The payments module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { ProviderChange } from './provider-change.ts';
export { createPaymentProviders, type StandinAccess } from './provider-factory.ts';
export { paymentProviderSection, removeProviderSettings, saveProviderSettings } from './provider-settings.ts';
export { loadSecretsKey, openSecrets, SecretsKeyError, sealSecrets } from './secrets.ts';
export {
  CARD_ATTEMPT_SECONDS,
  CARD_CLAIM_MS,
  type ChargeState,
  declineReason,
  listSavedCards,
  newReference,
  PAYMENT_EXPIRY_GRACE_MS,
  type PaymentReply,
  PaymentService,
  type ProviderKind,
  type ShareCardKit,
  type StrayReason,
} from './service.ts';
