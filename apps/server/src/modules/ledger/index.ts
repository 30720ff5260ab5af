export {
  onlineTakingsOf,
  openSessionOf,
  recordRefundOwed,
  recordSharePaid,
  syncOrderLedger,
  UNNAMED_PAYMENT,
} from './writer.ts';
