/** `npm run bench`: every benchmark of the project, one after the other, each printing a table. */
import { runAbuseBench } from './abuse.ts';
import { runBoardBench } from './board.ts';
import { runCloudPrintingBench } from './cloud-printing.ts';
import { runDinnerRushBench } from './dinner-rush.ts';
import { runHistoryBench } from './history.ts';
import { runOrdersBench } from './orders.ts';
import { runPaymentsBench } from './payments.ts';
import { runPdvBench } from './pdv.ts';
import { runReportsBench } from './reports.ts';
import { runServerMenuBench } from './server-menu.ts';
import { runStorefrontBench } from './storefront.ts';
import { runStorefrontFollowBench } from './storefront-follow.ts';

const benches: [string, () => Promise<unknown>][] = [
  ['menu calls', runServerMenuBench],
  ['dinner rush', runDinnerRushBench],
  ['order placement', runOrdersBench],
  ['PIX payments', runPaymentsBench],
  ['order entry by the staff', runPdvBench],
  ['order board', runBoardBench],
  ['cloud printing', runCloudPrintingBench],
  ['order history search', runHistoryBench],
  ['period report over a busy year', runReportsBench],
  ['open storefronts following the store', runStorefrontFollowBench],
  ['storefront first load', runStorefrontBench],
  ['abuse suite', runAbuseBench],
];

// `npm run bench -- printing follow`: only the benches whose names hold one of the words.
const only = process.argv.slice(2).map((word) => word.toLowerCase());
const chosen = benches.filter(([name]) => only.length === 0 || only.some((word) => name.includes(word)));
if (chosen.length === 0) {
  console.error(
    `no bench matches ${only.join(', ')}; the benches: ${benches.map(([name]) => name).join('; ')}`,
  );
  process.exit(2);
}
for (const [name, run] of chosen) {
  console.log(`\n=== ${name} ===`);
  await run();
}
