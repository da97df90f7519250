import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The README's test-kit example is a test file of this package, quoted verbatim, so the
// snippet a reader copies is one that runs in CI.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

it('quotes test/readme/test-kit.test.ts verbatim', () => {
  const quoted = /```ts\n\/\/ test\/readme\/test-kit\.test\.ts\n([\s\S]*?)```/.exec(readme);
  expect(quoted?.[1]).toBe(
    readFileSync(new URL('./readme/test-kit.test.ts', import.meta.url), 'utf8'),
  );
});
