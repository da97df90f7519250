// @vitest-environment happy-dom
import { TELEMETRY_GROUP_BY as API_GROUP_BY } from '@refapi/schema';
import { expect, it } from 'vitest';
import { TELEMETRY_GROUP_BY } from './ShieldView';

it('offers exactly the groupings of the API', () => {
  expect([...TELEMETRY_GROUP_BY]).toEqual([...API_GROUP_BY]);
});
