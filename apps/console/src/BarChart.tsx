import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** `1.2M`, `830K`: axis labels that fit beside the chart. */
const compact = (value: number): string => COMPACT.format(value);

/** One bar: its label and value. */
export interface Bar {
  label: string;
  value: number;
}

/**
 * A bar chart of labelled values (uPlot, canvas). A text table of the same numbers follows
 * it for screen readers, since a canvas says nothing to them.
 */
export function BarChart({
  bars,
  title,
  unit,
  width = 560,
  height = 220,
}: {
  bars: readonly Bar[];
  title: string;
  unit: string;
  width?: number;
  height?: number;
}) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (element === null || bars.length === 0) return;
    const labels = bars.map((bar) => bar.label);
    const plot = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        cursor: { show: true, x: false, y: false, points: { show: false } },
        scales: {
          x: { time: false, range: [-0.5, bars.length - 0.5] },
          // Bars grow from zero, or small differences would look like large ones.
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
        },
        axes: [
          {
            stroke: '#5a6372',
            grid: { show: false },
            ticks: { show: false },
            incrs: [1],
            space: 8,
            rotate: -40,
            size: 96,
            font: '11px system-ui, sans-serif',
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          {
            stroke: '#5a6372',
            size: 56,
            grid: { stroke: '#e3e7ee' },
            values: (_u, splits) => splits.map(compact),
          },
        ],
        series: [
          {},
          {
            label: unit,
            fill: '#3b6fd6',
            stroke: '#2a55ad',
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [bars.map((_, i) => i), bars.map((bar) => bar.value)],
      element,
    );
    return () => plot.destroy();
  }, [bars, width, height, unit]);

  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      {bars.length === 0 ? (
        <p className="muted">No data in this window.</p>
      ) : (
        <div ref={target} aria-hidden="true" />
      )}
      <details>
        <summary>Numbers</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">key</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <td className="mono">{bar.label}</td>
                <td className="mono num">{bar.value.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
