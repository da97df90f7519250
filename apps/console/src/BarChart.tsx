import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { barChartHeight, fitLabel, labelColumnWidth } from './chart-labels';
import { cssColor, useColorScheme } from './use-color-scheme';
import { useElementWidth } from './use-element-width';

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** `1.2M`, `830K`: value-axis labels that stay short. */
const compact = (value: number): string => COMPACT.format(value);

const FONT = '12px system-ui, sans-serif';
/** Widest a chart grows; narrower when its column is. */
const MAX_WIDTH = 560;

/** One bar: its label and value. */
export interface Bar {
  label: string;
  value: number;
}

/** A text measure in the chart's font (an off-screen canvas). */
function measurer(): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (context === null) return (text) => text.length * 7;
  context.font = FONT;
  return (text) => context.measureText(text).width;
}

/**
 * A horizontal bar chart of labelled values (uPlot, canvas): one row per bar, its label
 * written level beside it (shortened with `…` when too long, never rotated), the values
 * on a horizontal axis with few ticks. It takes the width of its column (at most 560 px)
 * and the colours of the theme. A text table of the same numbers follows it for screen
 * readers, since a canvas says nothing to them.
 */
export function BarChart({
  bars,
  title,
  unit,
}: {
  bars: readonly Bar[];
  title: string;
  unit: string;
}) {
  const figure = useRef<HTMLElement>(null);
  const target = useRef<HTMLDivElement>(null);
  const width = Math.min(MAX_WIDTH, useElementWidth(figure, MAX_WIDTH));
  const scheme = useColorScheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `scheme` redraws the canvas in the new theme's colours
  useEffect(() => {
    const element = target.current;
    if (element === null || bars.length === 0 || width < 100) return;
    const measure = measurer();
    const labelWidth = labelColumnWidth(
      bars.map((bar) => bar.label),
      width,
      measure,
    );
    const labels = bars.map((bar) => fitLabel(bar.label, labelWidth - 12, measure));
    const ink = cssColor('--muted', '#5a6372');
    const plot = new uPlot(
      {
        width,
        height: barChartHeight(bars.length),
        legend: { show: false },
        cursor: { show: false },
        scales: {
          // Bars top to bottom in the order given (largest first), values left to right.
          x: { time: false, ori: 1, dir: -1, range: [-0.5, bars.length - 0.5] },
          // Bars grow from zero, or small differences would look like large ones.
          y: { ori: 0, range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
        },
        axes: [
          {
            side: 3,
            stroke: ink,
            grid: { show: false },
            ticks: { show: false },
            incrs: [1],
            space: 12,
            size: labelWidth,
            gap: 6,
            font: FONT,
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          {
            side: 2,
            stroke: ink,
            font: FONT,
            // Roomy ticks: a compact value every 70 px at least, so they never touch.
            space: 70,
            grid: { stroke: cssColor('--line', '#dde2ea') },
            ticks: { stroke: cssColor('--line', '#dde2ea') },
            values: (_u, splits) => splits.map(compact),
          },
        ],
        series: [
          {},
          {
            label: unit,
            fill: cssColor('--chart-bar', '#3b6fd6'),
            stroke: cssColor('--chart-bar-edge', '#2a55ad'),
            paths: uPlot.paths.bars!({ size: [0.7, 20] }),
            points: { show: false },
          },
        ],
      },
      [bars.map((_, i) => i), bars.map((bar) => bar.value)],
      element,
    );
    return () => plot.destroy();
  }, [bars, width, unit, scheme]);

  return (
    <figure className="chart" ref={figure}>
      <figcaption>{title}</figcaption>
      {bars.length === 0 ? (
        <p className="muted">No data in this window.</p>
      ) : (
        <div ref={target} aria-hidden="true" data-testid="chart-canvas" />
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
