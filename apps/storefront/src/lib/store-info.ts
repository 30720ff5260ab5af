import { createStore, useStore } from './external-store.ts';

/** Whether the store info modal is open; the top bar and the closed view both open it. */
export const storeInfoStore = createStore(false);

export const openStoreInfo = () => storeInfoStore.set(true);
export const closeStoreInfo = () => storeInfoStore.set(false);
export const useStoreInfoOpen = () => useStore(storeInfoStore);
