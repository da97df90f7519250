import { expect, it } from 'vitest';
import { parseScenarioError } from './scenario-error';

it('splits the JSON path from the reason', () => {
  expect(
    parseScenarioError('invalid_scenario: accounts[0].balance: must have at most 2 decimals'),
  ).toEqual({
    path: 'accounts[0].balance',
    reason: 'must have at most 2 decimals',
  });
});

it('keeps other errors whole', () => {
  expect(parseScenarioError('invalid_json')).toEqual({ path: undefined, reason: 'invalid_json' });
});
