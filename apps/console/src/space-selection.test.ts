import type { SpaceInfo } from '@refapi/server/browser';
import { describe, expect, it } from 'vitest';
import {
  leftSpaceNotice,
  spaceLabel,
  storedSpace,
  storeSpace,
  switcherSpaces,
} from './space-selection';

const space = (id: string, patch: Partial<SpaceInfo> = {}): SpaceInfo => ({
  space_id: id,
  name: null,
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-01T01:00:00.000Z',
  requests: 0,
  ...patch,
});

/** A Storage of one tab, as far as the selection uses it. */
const storage = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('the selected space across reloads', () => {
  it('keeps a space and forgets it for the root', () => {
    const tab = storage();
    expect(storedSpace(tab)).toBeUndefined();
    storeSpace(tab, 'sp_AbC-12_x');
    expect(storedSpace(tab)).toBe('sp_AbC-12_x');
    storeSpace(tab, undefined);
    expect(storedSpace(tab)).toBeUndefined();
    expect(tab.items.size).toBe(0);
  });

  it('ignores what no space id looks like, and a tab without storage', () => {
    const tab = storage();
    for (const junk of ['', '../__admin', 'sp x', 'x'.repeat(65)]) {
      tab.items.set('refapi-console-space', junk);
      expect(storedSpace(tab)).toBeUndefined();
    }
    expect(storedSpace(undefined)).toBeUndefined();
    expect(() => storeSpace(undefined, 'sp_x')).not.toThrow();
  });
});

describe('the switcher', () => {
  it('names a space by its name, else its id, with its requests', () => {
    expect(spaceLabel(space('sp_a', { name: 'ci-run', requests: 1 }))).toBe('ci-run · 1 request');
    expect(spaceLabel(space('sp_b', { requests: 12 }))).toBe('sp_b · 12 requests');
  });

  it('keeps the selected space while a listing does not show it yet', () => {
    const listed = [space('sp_a')];
    expect(switcherSpaces(listed, 'sp_a')).toEqual({ spaces: listed, unlisted: undefined });
    expect(switcherSpaces(listed, 'sp_new')).toEqual({ spaces: listed, unlisted: 'sp_new' });
    expect(switcherSpaces(listed, undefined).unlisted).toBeUndefined();
  });
});

it('says why the console shows the root again', () => {
  expect(leftSpaceNotice('deleted', 'sp_a', 'ci-run')).toBe(
    'Space "ci-run" (sp_a) was deleted; showing Root.',
  );
  expect(leftSpaceNotice('gone', 'sp_b', null)).toBe(
    'Space sp_b no longer exists (deleted elsewhere, or expired unused); showing Root.',
  );
});
