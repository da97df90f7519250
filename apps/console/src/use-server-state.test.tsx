// @vitest-environment happy-dom
import type { StateDocument } from '@refapi/server/browser';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it } from 'vitest';
import { AdminError } from './api';
import { adminIn, type StateAdmin } from './space-api';
import { StateAdminContext } from './space-context';
import { useServerState } from './use-server-state';

afterEach(cleanup);

/** The hook over an admin whose state() calls answer only when the test says so, in any order. */
function heldStates() {
  const answers: Array<{ resolve(state: StateDocument): void; reject(cause: Error): void }> = [];
  const fake: StateAdmin = {
    ...adminIn(undefined),
    state: () => new Promise<StateDocument>((resolve, reject) => answers.push({ resolve, reject })),
    clock: async () => ({ now: '2026-01-01T00:00:00.000Z', frozen: true, next_events: [] }),
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StateAdminContext.Provider value={fake}>{children}</StateAdminContext.Provider>
  );
  return { answers, ...renderHook(() => useServerState(), { wrapper }) };
}

it('keeps the newest state when an older refresh answers last', async () => {
  const { answers, result } = heldStates();
  // The refresh on mount is in flight; one after a new request starts behind it.
  let second: Promise<void> | undefined;
  act(() => {
    second = result.current.refresh();
  });
  expect(answers).toHaveLength(2);
  const before = { accounts: [], now: 'before' } as unknown as StateDocument;
  const after = { accounts: [], now: 'after' } as unknown as StateDocument;
  await act(async () => {
    answers[1]?.resolve(after);
    await second;
  });
  expect(result.current.state).toBe(after);
  await act(async () => {
    answers[0]?.resolve(before);
    await new Promise((done) => setTimeout(done, 0));
  });
  expect(result.current.state).toBe(after);
});

it('shows no error when an older refresh fails after a newer one answered', async () => {
  const { answers, result } = heldStates();
  let second: Promise<void> | undefined;
  act(() => {
    second = result.current.refresh();
  });
  const after = { accounts: [], now: 'after' } as unknown as StateDocument;
  await act(async () => {
    answers[1]?.resolve(after);
    await second;
  });
  await act(async () => {
    // An answer (a 500), not a network failure: that would probe the page's own address.
    answers[0]?.reject(new AdminError(500, 'older refresh failed', {}));
    await new Promise((done) => setTimeout(done, 0));
  });
  expect(result.current.state).toBe(after);
  expect(result.current.error).toBeUndefined();
});
