import type { ShieldTelemetry } from '@refapi/schema';
import { Box, Text } from 'ink';
import { formatServerTime } from '../runtime/server-time';
import { formatBytes, trafficBars } from './traffic-bars';

/** Props of {@link TrafficChart}. */
export interface TrafficChartProps {
  readonly serviceRef: string;
  readonly telemetry: ShieldTelemetry | undefined;
  readonly width: number;
  /** When the server produced the data, by its clock. */
  readonly updatedAt?: Date | undefined;
  /** The last refresh failed with this message; the previous data stays on screen. */
  readonly error?: string | undefined;
}

/** A horizontal bar chart of the top traffic keys of one window. */
export function TrafficChart({
  serviceRef,
  telemetry,
  width,
  updatedAt,
  error,
}: TrafficChartProps) {
  if (!telemetry) return <Text dimColor>loading traffic of {serviceRef}…</Text>;
  const bars = trafficBars(telemetry.items, width);
  const keyWidth = Math.max(0, ...bars.map((b) => b.key.length));
  const packetsWidth = Math.max(0, ...bars.map((b) => b.packets.length));
  const barWidth = Math.max(0, ...bars.map((b) => b.bar.length));
  // The server's time of the answer (runtime/server-time), in UTC like the API's timestamps.
  const time = updatedAt ? formatServerTime(updatedAt) : '';
  return (
    <Box flexDirection="column">
      <Text bold>
        {`Shield traffic · ${serviceRef} · last ${windowLabel(telemetry)} by ${telemetry.group_by ?? 'source_ip'}`}
      </Text>
      {bars.length === 0 ? <Text dimColor>no traffic in this window</Text> : null}
      {bars.map((b) => (
        <Text key={b.key}>
          {`${b.key.padEnd(keyWidth)}  `}
          <Text color="green">{b.bar.padEnd(barWidth)}</Text>
          {`  ${b.packets.padStart(packetsWidth)}  ${b.bytes}`}
        </Text>
      ))}
      <Text dimColor>
        total {telemetry.totals.packets.toLocaleString('en-US')} pkts ·{' '}
        {formatBytes(telemetry.totals.bytes)}
        {telemetry.sampled ? ' · sampled' : ''} · updated {time} · every {telemetry.cache_seconds}s
        · q to quit
      </Text>
      {error ? <Text color="red">refresh failed: {error}</Text> : null}
    </Box>
  );
}

// `last 24h` (or `last 7d`) from the window's start and end.
function windowLabel(telemetry: ShieldTelemetry): string {
  const hours = Math.round((Date.parse(telemetry.end) - Date.parse(telemetry.start)) / 3_600_000);
  return hours % 24 === 0 && hours >= 48 ? `${hours / 24}d` : `${hours}h`;
}
