import { createStore, useStore } from './external-store.ts';

/** Whether the available coupons dialog is open; the account menu opens it. */
const couponsDialogStore = createStore(false);

export const openCouponsDialog = () => couponsDialogStore.set(true);
export const closeCouponsDialog = () => couponsDialogStore.set(false);
export const useCouponsDialogOpen = () => useStore(couponsDialogStore);
