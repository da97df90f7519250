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

// The recipe for any runner, which pnpm test:pack runs under vitest, Jest, node:test and bun
// test, and the Bun recipe, which it runs under bun test.
it.each(['any-runner', 'bun'])('quotes test/readme/%s.kit.mjs verbatim', (name) => {
  const quoted = new RegExp(
    `\`\`\`js\\n// test/readme/${name}\\.kit\\.mjs\\n([\\s\\S]*?)\`\`\``,
  ).exec(readme);
  expect(quoted?.[1]).toBe(
    readFileSync(new URL(`./readme/${name}.kit.mjs`, import.meta.url), 'utf8'),
  );
});
