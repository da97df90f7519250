import { afterEach, describe, expect, it, vi } from 'vitest';
import { globalRunnerHooks, runnerHooks } from './runner-hooks-globals';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('runner hooks', () => {
  it('prefers the globals of the runner when all three exist', () => {
    const hooks = { beforeAll: vi.fn(), afterEach: vi.fn(), afterAll: vi.fn() };
    for (const [name, fn] of Object.entries(hooks)) vi.stubGlobal(name, fn);
    const imported = { beforeAll: vi.fn(), afterEach: vi.fn(), afterAll: vi.fn() };
    const chosen = runnerHooks(imported);
    chosen.afterEach(() => undefined);
    expect(hooks.afterEach).toHaveBeenCalledOnce();
    expect(imported.afterEach).not.toHaveBeenCalled();
  });

  it('falls back to the imported hooks without (complete) globals', () => {
    vi.stubGlobal('beforeAll', vi.fn());
    expect(globalRunnerHooks()).toBeUndefined();
    const imported = { beforeAll: vi.fn(), afterEach: vi.fn(), afterAll: vi.fn() };
    expect(runnerHooks(imported)).toBe(imported);
  });

  it('explains the alternatives when the runner has no hooks at all', () => {
    expect(() => runnerHooks()).toThrow(/use createRefTestServer\(\) with explicit start\(\)/);
  });
});
