// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { entry } from '../../test/entry';
import { JournalView } from './JournalView';

afterEach(cleanup);

it('says the filters hide every entry, not that no request came yet', () => {
  render(<JournalView entries={[entry({ status: 404 })]} error={undefined} />);
  fireEvent.change(screen.getByPlaceholderText('200, 4xx…'), { target: { value: '2xx' } });
  expect(screen.getByText('0 of 1')).toBeTruthy();
  expect(screen.queryByText(/No requests yet/)).toBeNull();
  expect(screen.getByText('No entry matches these filters.')).toBeTruthy();
});

it('says no request came yet on an empty journal', () => {
  render(<JournalView entries={[]} error={undefined} />);
  expect(screen.getByText(/No requests yet/)).toBeTruthy();
});
