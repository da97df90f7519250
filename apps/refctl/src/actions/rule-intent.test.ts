import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { broadRuleWarning, ruleIntent } from './rule-intent';

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
    expect(() => ruleIntent({ ...base, ratePps: '1e3' })).toThrow(/^invalid --rate-pps /);
    expect(() => ruleIntent({ ...base, name: '' })).toThrow(UsageError);
  });

  it('says a number flag wants digits, not that it received a string (every shell value is one)', () => {
    for (const [flags, message] of [
      [{ ratePps: '1e3' }, 'invalid --rate-pps "1e3": expected a whole number (digits only)'],
      [{ ratePps: '10.0' }, 'invalid --rate-pps "10.0": expected a whole number (digits only)'],
      [
        { destinationPort: '80-90' },
        'invalid --destination-port "80-90": expected a whole number (digits only)',
      ],
      [{ durationHours: '' }, 'invalid --duration-hours "": expected a whole number (digits only)'],
    ] as const) {
      expect(() => ruleIntent({ ...base, ...flags })).toThrow(
        new UsageError(message, 'invalid_input'),
      );
    }
  });

  it('--broad-ack sends explicit_broad_ack, and a broad rule so acknowledged gets a warning', () => {
    const broad = ruleIntent({ ...base, protocol: 'any', broadAck: true });
    expect(broad).toEqual({ ...base, protocol: 'any', explicit_broad_ack: true });
    expect(broadRuleWarning(broad)).toBe(
      'warning: rule "dns" drops any traffic to the service on every port from everywhere (--broad-ack)',
    );
    // Narrow, observe-mode or unacknowledged rules: nothing to warn about here.
    expect(broadRuleWarning(ruleIntent({ ...base, destinationPort: '53', broadAck: true }))).toBe(
      undefined,
    );
    expect(broadRuleWarning(ruleIntent({ ...base, mode: 'observe', broadAck: true }))).toBe(
      undefined,
    );
    expect(broadRuleWarning(ruleIntent(base))).toBe(undefined);
  });

  it('reports a source that is no network prefix by its flag', () => {
    expect(() => ruleIntent({ ...base, sourceCidr: '10.0.0.0/33' })).toThrow(
      /^invalid --source-cidr: must be an IPv4 or IPv6 prefix/,
    );
  });
});
