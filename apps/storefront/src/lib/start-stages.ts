import type { ReactNode } from 'react';
import { createStore, useStore } from './external-store.ts';

/**
 * The app's first render, spread over a few tasks (docs/decisions/0076). Preact renders a tree in
 * one go, and the whole menu home at once is one long task on a phone, right after the pre-painted
 * header is on screen. So the first render draws what the pre-paint shows (the bars' frame and the
 * header), the next task the menu's search and first rows, the one after the tab bar and the hosts
 * of dialogs and messages. Each part is mounted in place: nothing on screen moves when the next
 * arrives (the tab bar is fixed, and the page keeps its room).
 */
export const StartStage = {
  /** The top bar, the line under it and the route's first screenful that the pre-paint shows. */
  frame: 0,
  /** The menu's search, category bar and first rows. */
  catalog: 1,
  /** The tab bar, the dialogs' and messages' hosts. */
  rest: 2,
} as const;
export type StartStage = (typeof StartStage)[keyof typeof StartStage];

const LAST_STAGE: StartStage = StartStage.rest;

/** Everything by default: only the app's own start (app/mount.tsx) begins at the frame. */
const stageStore = createStore<StartStage>(LAST_STAGE);

/**
 * Starts at the frame and moves one stage per task until everything is drawn. `schedule` runs the
 * next step in a later task (a timer in the browser).
 */
export function beginStagedStart(
  schedule: (step: () => void) => void = (step) => {
    setTimeout(step, 0);
  },
): void {
  stageStore.set(StartStage.frame);
  const advance = () => {
    const next = (stageStore.get() + 1) as StartStage;
    stageStore.set(next);
    if (next < LAST_STAGE) schedule(advance);
  };
  schedule(advance);
}

function useStartStage(): StartStage {
  return useStore(stageStore);
}

/** Its children once the start has reached `stage` (at once after the start). */
export function AtStartStage({ stage, children }: { stage: StartStage; children: ReactNode }) {
  return useStartStage() >= stage ? children : null;
}
