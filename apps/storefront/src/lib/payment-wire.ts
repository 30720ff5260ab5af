/*
 * The payment calls' wire shapes (packages/contract/src/payments.ts), as types only. The contract's
 * index does not export that module yet, and packages/ is outside the storefront's change: once
 * `export * from './payments.ts'` is in packages/contract/src/index.ts, import these from
 * '@comanda/contract' and delete this file. Types only, so nothing of zod reaches the bundle.
 */
export type {
  CancelPixReply,
  CheckConfirmationReply,
  CreatePaymentIntentRequest,
  PaymentIntentData,
  PaymentIntentReply,
  PaymentStatus,
} from '../../../../packages/contract/src/payments.ts';
