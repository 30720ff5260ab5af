import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/*
 * The period report's charts (uPlot, ~50 kB): this module is imported with import() when the report
 * opens, so neither the staff app's first load nor the customer's menu carries it.
 */

/** A bar chart of one series: labels under the bars, values as the caller formats them. */
export function BarChart({
  labels,
  values,
  label,
  format,
  whole = false,
}: {
  labels: string[];
  values: number[];
  label: string;
  format: (value: number) => string;
  /** Counts: whole steps on the value axis. */
  whole?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const ink = styles.getPropertyValue('--text').trim() || '#222';
    const accent = styles.getPropertyValue('--accent').trim() || '#c0392b';
    const width = Math.max(240, element.clientWidth);
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
    const plot = new uPlot(
      {
        width,
        height: 180,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          {
            stroke: ink,
            grid: { show: false },
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          {
            stroke: ink,
            size: 96,
            ...(whole ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] } : {}),
            values: (_u, splits) => splits.map(format),
          },
        ],
        series: [
          {},
          { label, stroke: accent, fill: accent, points: { show: false }, ...(bars ? { paths: bars } : {}) },
        ],
      },
      [xs, values],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, element.clientWidth), height: 180 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, values, label, format, whole]);
  return <div ref={box} className="reports-chart" role="img" aria-label={label} />;
}
