import { describe, expect, it } from 'vitest';
import { parseCliOptions, UsageError } from './cli-options';

describe('parseCliOptions', () => {
  it('defaults to 127.0.0.1:4010, pretty log, the admin token from the environment', () => {
    expect(parseCliOptions([], { REF_ADMIN_TOKEN: 'from-env-token' })).toEqual({
      host: '127.0.0.1',
      port: 4010,
      log: 'pretty',
      journalSize: 1000,
      help: false,
      version: false,
      adminToken: 'from-env-token',
    });
  });

  it('reads every flag', () => {
    const options = parseCliOptions(
      [
        '--host',
        '::1',
        '--port',
        '0',
        '--scenario',
        's.json',
        '--admin-token',
        'flag-token',
        '--log',
        'json',
        '--state-file',
        'x',
        '--cors',
        'https://app.example.com,http://localhost:*',
        '--journal-size',
        '50',
        '--allowed-hosts',
        'Sandbox.example.com, 10.0.0.5,[::1]',
        '--max-connections-per-address',
        '32',
        '--max-admin-body',
        '64MiB',
        '--max-snapshot-bytes',
        '1GiB',
      ],
      { REF_ADMIN_TOKEN: 'from-env-token' },
    );
    expect(options).toMatchObject({
      host: '::1',
      port: 0,
      scenario: 's.json',
      adminToken: 'flag-token',
      log: 'json',
      stateFile: 'x',
      cors: ['https://app.example.com', 'http://localhost:*'],
      journalSize: 50,
      allowedHosts: ['sandbox.example.com', '10.0.0.5', '[::1]'],
      maxConnectionsPerAddress: 32,
      adminBodyBytes: 64 * 1024 * 1024,
      maxSnapshotBytes: 1024 * 1024 * 1024,
    });
    expect(parseCliOptions(['--max-admin-body', '1000'], {}).adminBodyBytes).toBe(1000);
    expect(parseCliOptions(['--admin-body-limit', '2'], {}).adminBodyBytes).toBe(2 * 1024 * 1024);
    expect(parseCliOptions(['--cors', '*'], {}).cors).toBe('*');
  });

  it('refuses unknown flags and bad values with one line', () => {
    for (const argv of [
      ['--bogus'],
      ['--port', '70000'],
      ['--port', 'abc'],
      ['--log', 'loud'],
      ['--journal-size', '0'],
      ['--journal-size', '1e3'],
      ['--cors', 'example.com'],
      ['--cors', 'https://example.com/app'],
      ['--allowed-hosts', 'example.com:8080'],
      ['--allowed-hosts', 'http://example.com'],
      ['--allowed-hosts', '::1'],
      ['--allowed-hosts', ','],
      ['--max-connections-per-address', '0'],
      ['--max-connections-per-address', 'many'],
      ['--max-spaces', '-1'],
      ['--space-ttl', '0'],
      ['--space-ttl', '604801'],
      ['--max-admin-body', '0'],
      ['--max-admin-body', '12MB'],
      ['--max-admin-body', '65GiB'],
      ['--max-snapshot-bytes', '-1'],
      ['extra'],
    ]) {
      expect(() => parseCliOptions(argv, {}), argv.join(' ')).toThrow(UsageError);
    }
    expect(() => parseCliOptions(['--admin-token', 'short'], {})).toThrow(/8\.\.256/);
  });

  it('refuses a bad --port in one line naming the range, a negative one too (Node called it ambiguous)', () => {
    for (const port of ['-1', '65536', 'abc', '1.5', '-0.5', '']) {
      for (const argv of [['--port', port], [`--port=${port}`]]) {
        expect(() => parseCliOptions(argv, {}), argv.join(' ')).toThrow(
          new UsageError(`--port must be an integer 0..65535, got "${port}"`),
        );
      }
    }
    // Every flag that takes a number names its own range for a negative one.
    expect(() => parseCliOptions(['--journal-size', '-5'], {})).toThrow(
      '--journal-size must be an integer 1..100000, got "-5"',
    );
    expect(() => parseCliOptions(['--max-spaces', '-1'], {})).toThrow(
      '--max-spaces must be an integer 0..99999, got "-1"',
    );
    // A flag followed by another flag is still a missing value, not the next flag's name.
    expect(() => parseCliOptions(['--port', '--log', 'json'], {})).toThrow(UsageError);
  });

  it('refuses an empty --host in one line, before anything listens', () => {
    // `--host ''` had listened on every interface (Node's unspecified address), then died
    // with "Failed to parse URL from http://:<port>/…", exit 1.
    for (const host of ['', ' ', '\t']) {
      for (const argv of [['--host', host], [`--host=${host}`]]) {
        expect(() => parseCliOptions(argv, {}), JSON.stringify(argv)).toThrow(
          new UsageError(`--host needs a host name or address, got "${host}"`),
        );
      }
    }
  });

  it('says a flag followed by another flag is missing its value, naming it', () => {
    for (const argv of [
      ['--port', '--log', 'json'],
      ['--state-file', '--port', '0'],
    ]) {
      expect(() => parseCliOptions(argv, {}), argv.join(' ')).toThrow(
        new UsageError(`Option '${argv[0]}' needs a value, not the flag that follows it`),
      );
    }
  });

  it('refuses an admin token beginning as API keys do: a customer key would reach /__admin', () => {
    for (const [argv, env] of [
      [['--admin-token', 'refak_demo_eur_full'], {}],
      [[], { REF_ADMIN_TOKEN: 'refak_demo_eur_full' }],
    ] as const) {
      expect(() => parseCliOptions([...argv], env)).toThrow(
        '--admin-token must not begin with refak_, as API keys do',
      );
    }
  });

  it('reads --max-spaces and --space-ttl', () => {
    expect(parseCliOptions([], {}).spaces).toBeUndefined();
    expect(parseCliOptions(['--max-spaces', '8', '--space-ttl', '60'], {}).spaces).toEqual({
      max: 8,
      ttlSeconds: 60,
    });
  });

  it('reads --admin-body-limit in MiB and refuses anything but a positive integer', () => {
    expect(parseCliOptions(['--admin-body-limit', '512'], {}).adminBodyBytes).toBe(
      512 * 1024 * 1024,
    );
    for (const bad of ['0', '1e3', '0x10', '-1', '2.5', '']) {
      expect(() => parseCliOptions(['--admin-body-limit', bad], {}), bad).toThrow(UsageError);
    }
  });
});
