import { globalRunnerHooks, type RunnerHooks, runnerHooks } from './runner-hooks-globals';

export type { RunnerHooks } from './runner-hooks-globals';

// Hooks have to be registered synchronously while the test file is collected, so the
// runner's module is loaded up front, and only when the runner has no globals (Jest, bun
// test and vitest with `globals: true` have them; importing vitest there would be wrong or
// impossible). Without globals: vitest (it sets VITEST in its workers), bun test (`bun:test`),
// else Node's own runner (`node --test` or `node file.test.js`): node:test's root-level
// before/afterEach/after. The CommonJS build swaps this module for runner-hooks-globals.ts:
// vitest cannot be require()d, and CommonJS runners (Jest) have the globals.

interface NodeTestHooks {
  before(fn: () => unknown): void;
  afterEach(fn: () => unknown): void;
  after(fn: () => unknown): void;
}

/** The hooks of the runner that has no globals, by importing its module; undefined if none. */
async function importRunnerHooks(): Promise<RunnerHooks | undefined> {
  const runtime = globalThis as { process?: NodeJS.Process; Bun?: unknown };
  if (runtime.process?.env.VITEST) return import('vitest').catch(() => undefined);
  // Specifiers in variables: tsc must not resolve Bun's built-in module, and the build must
  // keep `node:` (node:test has no unprefixed name; the bundler drops the prefix of literals).
  const bunTest = 'bun:test';
  if (runtime.Bun !== undefined) return import(bunTest).catch(() => undefined);
  if (runtime.process?.versions?.node === undefined) return undefined;
  const nodeTestModule = 'node:test';
  const nodeTest = (await import(nodeTestModule).catch(() => undefined)) as
    | NodeTestHooks
    | undefined;
  if (nodeTest === undefined) return undefined;
  return { beforeAll: nodeTest.before, afterEach: nodeTest.afterEach, afterAll: nodeTest.after };
}

const imported = globalRunnerHooks() === undefined ? await importRunnerHooks() : undefined;

/** The runner's beforeAll/afterEach/afterAll: its globals, else its module's exports. */
export function resolveRunnerHooks(): RunnerHooks {
  return runnerHooks(imported);
}
