/**
 * Local storage key of the pending payment intent (spec section 3 "Local storage keys"). Its own
 * module: the app shell reads it at start to decide whether to load the PIX start check at all, and
 * importing lib/pending-pix.ts for it would put that whole module in the menu's first load.
 */
export const PENDING_PIX_KEY = 'pix_payment_intent';
