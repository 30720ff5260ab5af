/**
 * Where the menu's start-up time goes: one Lighthouse mobile run on a demo store (argument: its
 * sub-domain, pizzaria by default), then every main-thread task over 12 ms of the unthrottled trace
 * (Lighthouse's simulated 4x slower CPU makes those the ones over the 50 ms long-task line), each
 * with the trace events that fill it. A diagnostic beside `bench/storefront.ts`, not part of
 * `npm run bench`: `node --import tsx bench/lighthouse-trace.ts sakura`.
 */
import { lighthouseResultRetried } from './storefront.ts';
import { startServer } from './support.ts';

const server = await startServer(3873);
const result = await lighthouseResultRetried(
  `http://${process.argv[2] ?? 'pizzaria'}.localhost:3873/`,
).finally(() => server.stop());
const a = result.lhr.audits;
console.log(
  'score',
  result.lhr.categories.performance!.score,
  'TBT',
  Math.round(a['total-blocking-time']!.numericValue!),
  'benchmarkIndex',
  result.lhr.environment.benchmarkIndex,
);
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}
const artifacts = result.artifacts as unknown as {
  Trace?: { traceEvents: TraceEvent[] };
  traces?: { defaultPass?: { traceEvents: TraceEvent[] } };
};
const events = (artifacts.Trace ?? artifacts.traces?.defaultPass)!.traceEvents;
// the page's main thread: of the threads named CrRendererMain, the one with most task time
const rendererMains = new Set(
  events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`),
);
const byThread = new Map<string, number>();
for (const e of events)
  if (e.name === 'RunTask' && e.dur && rendererMains.has(`${e.pid}:${e.tid}`))
    byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
const main = [...byThread].sort((x, y) => y[1] - x[1])[0]![0];
const [pid, tid] = main.split(':').map(Number);
const mine = events
  .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur)
  .map((e) => ({ ...e, dur: e.dur ?? 0 }));
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 12_000).sort((x, y) => x.ts - y.ts);
const t0 = Math.min(...mine.map((e) => e.ts));
for (const task of tasks) {
  const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const agg = new Map<string, number>();
  for (const e of inside) {
    const key =
      e.name === 'FunctionCall' ||
      e.name === 'EvaluateScript' ||
      e.name === 'v8.evaluateModule' ||
      e.name === 'v8.compileModule'
        ? `${e.name} ${(e.args?.data?.url ?? '').split('/').pop()} ${e.args?.data?.functionName ?? ''}`
        : e.name;
    agg.set(key, (agg.get(key) ?? 0) + e.dur);
  }
  const top = [...agg]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 7)
    .map(([k, v]) => `${k}=${(v / 1000).toFixed(1)}`)
    .join(' | ');
  console.log(`@${((task.ts - t0) / 1000).toFixed(0)}ms ${(task.dur / 1000).toFixed(1)}ms: ${top}`);
}
