import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The README's examples of the test kit and of @refapi/server/msw-data are test files of
// this package, quoted verbatim, so the snippets a reader copies are ones that run in CI.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

it.each(['test-kit', 'msw-data'])('quotes test/readme/%s.test.ts verbatim', (name) => {
  const quoted = new RegExp(
    `\`\`\`ts\\n// test/readme/${name}\\.test\\.ts\\n([\\s\\S]*?)\`\`\``,
  ).exec(readme);
  expect(quoted?.[1]).toBe(
    readFileSync(new URL(`./readme/${name}.test.ts`, import.meta.url), 'utf8'),
  );
});

// The recipe for any runner, which pnpm test:pack runs under vitest, Jest and node:test.
it('quotes test/readme/any-runner.kit.mjs verbatim', () => {
  const quoted = /```js\n\/\/ test\/readme\/any-runner\.kit\.mjs\n([\s\S]*?)```/.exec(readme);
  expect(quoted?.[1]).toBe(
    readFileSync(new URL('./readme/any-runner.kit.mjs', import.meta.url), 'utf8'),
  );
});
