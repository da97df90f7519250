import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The SDK README quotes these example files; the quotes must stay verbatim so that every
// walkthrough snippet in it is code this package runs against the reference server.
const readme = readFileSync(new URL('../../../packages/sdk/README.md', import.meta.url), 'utf8');
const quoted = [
  ...readme.matchAll(/```ts\n\/\/ examples\/sdk-quickstart\/(src\/[\w-]+\.ts)\n([\s\S]*?)```/g),
];

it('quotes the buy, paging, Shield, telemetry and hooks examples', () => {
  expect(quoted.map((m) => m[1])).toEqual([
    'src/buy-server.ts',
    'src/page-invoices.ts',
    'src/shield-rule.ts',
    'src/telemetry.ts',
    'src/hooks.ts',
  ]);
});

it.each(quoted.map((m) => [m[1] ?? '', m[2] ?? '']))('quotes %s verbatim', (file, code) => {
  expect(code).toBe(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
});
