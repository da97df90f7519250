// @vitest-environment happy-dom
import type { ShieldRuleRecord } from '@refapi/server/browser';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { RulesTable } from './RulesTable';

afterEach(cleanup);

const T0 = 1_767_225_600_000;
const dns: ShieldRuleRecord = {
  id: '5b0f9a4e-0000-4000-8000-000000000001',
  seq: 1,
  account_ref: 'REF-ACCT-1',
  service_ref: 'REF-SVC-101',
  protected_ip: '203.0.113.10',
  kind: 'custom',
  name: 'block-dns-amp',
  action: 'drop',
  mode: 'enforce',
  protocol: 'udp',
  destination_port: 53,
  source_cidr: '198.51.100.0/24',
  queued_at: T0,
};

it('names each rule with its mode and match, the emergency rule by the label every client uses', () => {
  render(
    <RulesTable
      rules={[dns]}
      serviceRef="REF-SVC-101"
      infrastructureSince={new Date(T0).toISOString()}
      now={T0 + 60_000}
    />,
  );
  const rows = screen
    .getAllByTestId('listed-rule')
    .map((row) =>
      ['rule', 'mode', 'match'].map(
        (label) => row.querySelector(`td[data-label="${label}"]`)?.textContent ?? '',
      ),
    );
  expect(rows).toEqual([
    ['provider emergency rule', 'enforce', 'rate limit any'],
    ['5b0f9a4e block-dns-amp', 'enforce', 'drop udp dst 53 from 198.51.100.0/24'],
  ]);
  expect(within(screen.getByTestId('rules')).queryByText(/profile \/ basic/)).toBeNull();
});
