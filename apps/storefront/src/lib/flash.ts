import { createStore, useStore } from './external-store.ts';

/** A short confirmation shown over whatever screen comes next ('Endereço salvo.'), then gone. */
export interface Flash {
  text: string;
  /** Tells two equal texts apart, so the same message shown again restarts its timer. */
  id: number;
}

const flashStore = createStore<Flash | null>(null);
let nextId = 1;

export const showFlash = (text: string) => flashStore.set({ text, id: nextId++ });
export const clearFlash = () => flashStore.set(null);
export const useFlash = () => useStore(flashStore);
