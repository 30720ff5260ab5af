export {
  onlineTakingsOf,
  openSessionOf,
  recordSharePaid,
  syncOrderLedger,
  UNNAMED_PAYMENT,
} from './writer.ts';
