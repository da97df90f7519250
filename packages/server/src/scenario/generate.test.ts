import { Service } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { InvoiceRecord, TransactionRecord } from '../domain/records';
import { RefAllocator } from '../domain/refs';
import { scenario } from '../testing/scenario-builder';
import { generateRecords } from './generate';
import { parseScenario } from './validate';

const account = parseScenario(
  scenario()
    .account({ vatRate: 0.19 })
    .withKvm()
    .generate({ invoices: 50, transactions: 20, services: 16 })
    .build(),
).accounts[0]!;

const run = () => {
  const refs = new RefAllocator();
  refs.observe('REF-SVC-1');
  return generateRecords(account, refs, Date.parse('2026-01-01T00:00:00Z'));
};

describe('generateRecords', () => {
  it('is deterministic: same account, same records', () => {
    expect(run()).toEqual(run());
  });

  it('produces valid records with refs above the existing ones, newest last', () => {
    const { invoices, transactions, services } = run();
    expect(invoices).toHaveLength(50);
    for (const invoice of invoices) InvoiceRecord.parse(invoice);
    for (const txn of transactions) TransactionRecord.parse(txn);
    for (const service of services) Service.parse(service);
    expect(services[0]?.service_ref).toBe('REF-SVC-2');
    const dates = invoices.map((i) => i.issue_date);
    expect([...dates].sort()).toEqual(dates);
    expect(invoices.every((i) => i.service_ref !== undefined)).toBe(true);
  });
});
