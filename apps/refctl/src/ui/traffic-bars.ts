import type { ShieldTelemetryItem } from '@refapi/schema';
import { escapeControls } from '../output/control-chars';

/** One bar of the traffic chart, ready to print. */
export interface TrafficBar {
  readonly key: string;
  readonly bar: string;
  readonly packets: string;
  readonly bytes: string;
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of `value / max` of `width` cells, with eighth-cell precision. */
export function bar(value: number, max: number, width: number): string {
  if (max <= 0 || width <= 0 || value <= 0) return '';
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/** Bytes with a decimal unit: `64.0 kB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * The top `top` keys by packets as bars sized to fit `width` terminal cells beside the key
 * and the numbers.
 */
export function trafficBars(
  items: readonly ShieldTelemetryItem[],
  width: number,
  top = 10,
): TrafficBar[] {
  // Keys are server text (addresses, ports): shown, never obeyed, by the terminal.
  const rows = [...items]
    .sort((a, b) => b.packets - a.packets)
    .slice(0, top)
    .map((r) => ({ ...r, key: escapeControls(r.key) }));
  const max = rows[0]?.packets ?? 0;
  const keyWidth = Math.max(0, ...rows.map((r) => r.key.length));
  const packets = rows.map((r) => `${r.packets.toLocaleString('en-US')} pkts`);
  const bytes = rows.map((r) => formatBytes(r.bytes));
  const numbersWidth =
    Math.max(0, ...packets.map((p) => p.length)) + Math.max(0, ...bytes.map((b) => b.length)) + 4;
  const barWidth = Math.max(10, width - keyWidth - numbersWidth - 4);
  return rows.map((r, i) => ({
    key: r.key,
    bar: bar(r.packets, max, barWidth),
    packets: packets[i]!,
    bytes: bytes[i]!,
  }));
}
