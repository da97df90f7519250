import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { ruleIntent } from './rule-intent';

const base = { name: 'dns', mode: 'enforce', action: 'drop', risk: 'high', protocol: 'udp' };

describe('ruleIntent', () => {
  it('builds the body with whole numbers and leaves out unset flags', () => {
    expect(
      ruleIntent({ ...base, destinationPort: '53', durationHours: '0', explicitBroadAck: true }),
    ).toEqual({
      ...base,
      destination_port: 53,
      duration_hours: 0,
      explicit_broad_ack: true,
    });
  });

  it('reports out-of-range and non-integer values by their flag', () => {
    expect(() => ruleIntent({ ...base, destinationPort: '70000' })).toThrow(
      /^invalid --destination-port: /,
    );
    expect(() => ruleIntent({ ...base, ratePps: '1e3' })).toThrow(/^invalid --rate-pps: /);
    expect(() => ruleIntent({ ...base, name: '' })).toThrow(UsageError);
  });
});
