import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The README's client session is a test of this package, quoted verbatim: what a reader
// copies is what runs in CI.
it('quotes test/readme/official-client.test.ts verbatim', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const quoted = /```ts\n\/\/ test\/readme\/official-client\.test\.ts\n([\s\S]*?)```/.exec(readme);
  expect(quoted?.[1]).toBe(
    readFileSync(new URL('./readme/official-client.test.ts', import.meta.url), 'utf8'),
  );
});
