import { describe, expect, it } from 'vitest';
import { hostRule, parseAllowedHosts } from './allowed-hosts';

describe('hostRule', () => {
  it('lets a loopback server answer only the loopback names, on any port', () => {
    for (const bound of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const allowed = hostRule(undefined)(bound);
      expect(allowed, bound).toBeDefined();
      for (const host of [
        'localhost',
        'LOCALHOST:4010',
        '127.0.0.1:1',
        '[::1]',
        '[::1]:80',
        'localhost:',
      ]) {
        expect(allowed?.(host), host).toBe(true);
      }
      for (const host of [
        undefined,
        '',
        'attacker.example',
        'attacker.example:4010',
        'localhost.attacker.example',
        '127.0.0.2',
        '::1',
        '[::1',
        'localhost:80:80',
        'localhost:x',
      ]) {
        expect(allowed?.(host), String(host)).toBe(false);
      }
    }
  });

  it('adds --allowed-hosts, and checks a non-loopback server only when they are given', () => {
    expect(hostRule(undefined)('0.0.0.0')).toBeUndefined();
    expect(hostRule(undefined)('192.0.2.7')).toBeUndefined();
    const allowed = hostRule(['sandbox.example.com', '[2001:db8::1]'])('0.0.0.0');
    expect(allowed?.('Sandbox.Example.com:4010')).toBe(true);
    expect(allowed?.('[2001:db8::1]:4010')).toBe(true);
    expect(allowed?.('localhost')).toBe(true);
    expect(allowed?.('192.0.2.7:4010')).toBe(false);
  });

  it('answers the same when asked again, and past the hosts it keeps answers for', () => {
    const allowed = hostRule(undefined)('127.0.0.1');
    for (let i = 0; i < 600; i++) expect(allowed?.(`invented-${i}.example`)).toBe(false);
    expect(allowed?.('invented-0.example')).toBe(false);
    expect(allowed?.('localhost:4010')).toBe(true);
    expect(allowed?.('localhost:4010')).toBe(true);
    expect(allowed?.('127.0.0.1:8080')).toBe(true);
  });
});

describe('parseAllowedHosts', () => {
  it('takes a comma list of names and addresses, lower-cased', () => {
    expect(parseAllowedHosts(' Sandbox.example.com,10.0.0.5, [::1] ,')).toEqual([
      'sandbox.example.com',
      '10.0.0.5',
      '[::1]',
    ]);
  });

  it('names the entry that is no host name', () => {
    for (const bad of ['example.com:8080', 'http://example.com', '::1', '[nope]', '*', 'a b']) {
      expect(() => parseAllowedHosts(bad), bad).toThrow(`"${bad}" is not a host name`);
    }
    expect(() => parseAllowedHosts(' , ')).toThrow(/needs a comma list/);
  });
});
