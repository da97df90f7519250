// Bar labels are drawn horizontally beside their bar, never rotated: a label that does not
// fit its column is shortened with an ellipsis (the table under the chart has it whole).

/** Width of a text in CSS pixels, as the chart's canvas font draws it. */
export type Measure = (text: string) => number;

/**
 * `text` shortened to at most `maxWidth` pixels: whole when it fits, else its start and
 * end around `…` (IPv6 addresses and long names keep both ends recognisable).
 */
export function fitLabel(text: string, maxWidth: number, measure: Measure): string {
  if (measure(text) <= maxWidth) return text;
  const chars = [...text];
  for (let keep = chars.length - 1; keep > 0; keep--) {
    const head = Math.ceil(keep / 2);
    const candidate = `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (keep - head)).join('')}`;
    if (measure(candidate) <= maxWidth) return candidate;
  }
  return '…';
}

/**
 * Width of the label column of a horizontal bar chart: the widest label plus a gap, but
 * at most `share` of the chart's width (the bars need the rest).
 */
export function labelColumnWidth(
  labels: readonly string[],
  chartWidth: number,
  measure: Measure,
  share = 0.4,
): number {
  const widest = Math.max(0, ...labels.map(measure));
  return Math.round(Math.min(widest + 12, chartWidth * share));
}

/** Height of a horizontal bar chart with `bars` bars: one row each plus the value axis. */
export const barChartHeight = (bars: number): number => Math.max(120, bars * 24 + 48);
