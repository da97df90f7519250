import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options';
import { UsageError } from './usage-error';

describe('parseCliOptions', () => {
  it('defaults to read tools over stdio, no budget', () => {
    expect(parseCliOptions([])).toMatchObject({
      tools: 'read',
      maxSpendCents: undefined,
      http: false,
      sandbox: false,
    });
  });

  it('exposes every tool in the sandbox unless --tools says otherwise', () => {
    expect(parseCliOptions(['--sandbox'])).toMatchObject({ sandbox: true, tools: 'all' });
    expect(parseCliOptions(['--sandbox', '--tools', 'read'])).toMatchObject({ tools: 'read' });
  });

  it('reads a tool list, a budget in cents and an HTTP port', () => {
    const options = parseCliOptions([
      '--tools',
      'orders_create,balance_get',
      '--max-spend',
      '19.99',
      '--http',
      '--port',
      '0',
    ]);
    expect(options).toMatchObject({
      tools: ['orders_create', 'balance_get'],
      maxSpendCents: 1999,
      http: true,
      port: 0,
    });
  });

  it.each([
    [['--tools', 'orders_buy'], /unknown tool orders_buy/],
    [['--max-spend', '-5'], /--max-spend/],
    [['--max-spend', '1.999'], /--max-spend/],
    [['--http', '--port', '70000'], /--port/],
    [['--port', '1'], /--port needs --http/],
    [['--api-key', 'x'], /api-key/],
    [['refak_pasted_key'], /options only/],
  ])('rejects %j with one line', (argv, message) => {
    expect(() => parseCliOptions(argv)).toThrow(UsageError);
    expect(() => parseCliOptions(argv)).toThrow(message);
  });
});
