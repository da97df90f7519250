import { AsyncLocalStorage } from 'node:async_hooks';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: what is kept is process-wide.
const freshTickShape = () => import('./tick-shape');

describe('keepTickObjectShape', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('keeps one nextTick entry under V8 12, once however often it is called', async () => {
    const { keepTickObjectShape, tickObjectKept } = await freshTickShape();
    keepTickObjectShape('12.4.254.21-node.33');
    keepTickObjectShape('12.4.254.21-node.33');
    expect(tickObjectKept()).toBe(true);
  });

  it('keeps nothing under V8 13 and later, which do not lose the map', async () => {
    const { keepTickObjectShape, tickObjectKept } = await freshTickShape();
    keepTickObjectShape('13.6.233.10-node.27');
    expect(tickObjectKept()).toBe(false);
  });

  it("leaves a suite's AsyncLocalStorage following ticks and promises", async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen = (): Promise<(string | undefined)[]> =>
      storage.run('request-1', async () => {
        const inTick = await new Promise<string | undefined>((resolve) =>
          process.nextTick(() => resolve(storage.getStore())),
        );
        await Promise.resolve();
        return [inTick, storage.getStore()];
      });
    expect(await seen()).toEqual(['request-1', 'request-1']);
    const { keepTickObjectShape } = await freshTickShape();
    keepTickObjectShape('12.4.254.21-node.33');
    expect(await seen()).toEqual(['request-1', 'request-1']);
    expect(storage.getStore()).toBeUndefined();
  });
});
