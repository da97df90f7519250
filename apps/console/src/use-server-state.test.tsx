// @vitest-environment happy-dom
import type { StateDocument } from '@refapi/server/browser';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it } from 'vitest';
import { adminIn, type StateAdmin } from './space-api';
import { StateAdminContext } from './space-context';
import { useServerState } from './use-server-state';

afterEach(cleanup);

it('keeps the newest state when an older refresh answers last', async () => {
  // Each state() call answers only when the test says so, in any order.
  const answers: Array<(state: StateDocument) => void> = [];
  const fake: StateAdmin = {
    ...adminIn(undefined),
    state: () => new Promise<StateDocument>((resolve) => answers.push(resolve)),
    clock: async () => ({ now: '2026-01-01T00:00:00.000Z', frozen: true, next_events: [] }),
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StateAdminContext.Provider value={fake}>{children}</StateAdminContext.Provider>
  );
  const { result } = renderHook(() => useServerState(), { wrapper });
  // The refresh on mount is in flight; one after a new request starts behind it.
  let second: Promise<void> | undefined;
  act(() => {
    second = result.current.refresh();
  });
  expect(answers).toHaveLength(2);
  const before = { accounts: [], now: 'before' } as unknown as StateDocument;
  const after = { accounts: [], now: 'after' } as unknown as StateDocument;
  await act(async () => {
    answers[1]?.(after);
    await second;
  });
  expect(result.current.state).toBe(after);
  await act(async () => {
    answers[0]?.(before);
    await new Promise((done) => setTimeout(done, 0));
  });
  expect(result.current.state).toBe(after);
});
