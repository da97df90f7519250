import { ShieldRuleIntent } from '@refapi/schema';
import { asFlag, validateInput } from '../runtime/validate';

const NUMERIC = [
  'destination_port',
  'tcp_flags_mask',
  'tcp_flags_value',
  'rate_pps',
  'rate_bps',
  'burst_packets',
  'duration_hours',
] as const;

const camel = (snake: string) => snake.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The ShieldRuleIntent body from `rules add` flags, validated against the contract.
 * Numbers are converted only when they are whole numbers, so `--rate-pps 1e3` is
 * reported by the schema instead of silently becoming 1000.
 */
export function ruleIntent(opts: Readonly<Record<string, unknown>>): ShieldRuleIntent {
  const body: Record<string, unknown> = {
    name: opts.name,
    mode: opts.mode,
    action: opts.action,
    risk: opts.risk,
    protocol: opts.protocol,
    source_cidr: opts.sourceCidr,
    explicit_broad_ack: opts.explicitBroadAck === true ? true : undefined,
  };
  for (const field of NUMERIC) {
    const raw = opts[camel(field)];
    body[field] = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  }
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  validateInput(ShieldRuleIntent, body, asFlag);
  return body as ShieldRuleIntent;
}
