import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { examples } from '../test/examples';
import { Account } from './account';
import { Balance } from './balance';
import { Invoice, Order, Transaction } from './billing';
import { ConflictBody, ErrorBody, Pagination } from './common';
import { Plan } from './plan';
import { Service, ServiceStats } from './service';

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const patched = (base: object, patch: Record<string, unknown>) => ({ ...base, ...patch });

describe('resource schemas', () => {
  it.each([
    ['Account', Account],
    ['Balance', Balance],
    ['Invoice', Invoice],
    ['Order', Order],
    ['Transaction', Transaction],
    ['Service', Service],
    ['Plan', Plan],
  ] as const)('%s accepts a valid record', (name, schema) => {
    expect(schema.parse(examples[name])).toEqual(examples[name]);
  });

  it.each([
    ['Account', Account],
    ['Invoice', Invoice],
    ['Order', Order],
    ['Transaction', Transaction],
  ] as const)('%s rejects unknown properties', (name, schema) => {
    expect(accepts(schema, patched(examples[name], { extra: 1 }))).toBe(false);
  });

  it('accepts a value of an open set that the reference server does not use', () => {
    // The types name the known values; a newer server's value must still parse.
    expect(accepts(Service, patched(examples.Service, { status: 'hibernating' }))).toBe(true);
    expect(accepts(Order, patched(examples.Order, { status: 'refunded' }))).toBe(true);
    expect(accepts(Invoice, patched(examples.Invoice, { kind: 'credit_note' }))).toBe(true);
    expect(accepts(Service, patched(examples.Service, { status: 7 }))).toBe(false);
  });

  it('Service and Plan allow additional properties', () => {
    expect(Service.parse(patched(examples.Service, { location: 'fsn1' }))).toHaveProperty(
      'location',
    );
    expect(Plan.parse(patched(examples.Plan, { specs: { cores: 2 } }))).toHaveProperty('specs');
  });

  it('requires every required field', () => {
    const { email: _, ...noEmail } = examples.Account;
    expect(accepts(Account, noEmail)).toBe(false);
    const { customer_payable: __, ...noPayable } = examples.Invoice;
    expect(accepts(Invoice, noPayable)).toBe(false);
  });

  it('checks reference patterns and formats', () => {
    expect(accepts(Account, patched(examples.Account, { account_ref: 'REF-ACCT-a1' }))).toBe(false);
    expect(accepts(Account, patched(examples.Account, { email: 'not-an-email' }))).toBe(false);
    expect(accepts(Invoice, patched(examples.Invoice, { service_ref: 'REF-INV-1' }))).toBe(false);
    expect(accepts(Invoice, patched(examples.Invoice, { issue_date: '2026-01-01' }))).toBe(false);
    expect(accepts(Plan, patched(examples.Plan, { purchase_url: 'http://example.test/x' }))).toBe(
      false,
    );
  });

  it('bounds currencies and display rates', () => {
    expect(accepts(Balance, patched(examples.Balance, { currency: 'CHF' }))).toBe(false);
    const display = { ...examples.Balance.display, rate: 0 };
    expect(accepts(Balance, patched(examples.Balance, { display }))).toBe(false);
  });

  it('bounds pagination and counts', () => {
    expect(accepts(Pagination, { limit: 100, has_more: false })).toBe(true);
    expect(accepts(Pagination, { limit: 101, has_more: false })).toBe(false);
    expect(accepts(Pagination, { limit: 0, has_more: false })).toBe(false);
    expect(accepts(Pagination, { limit: 5, has_more: true, next_cursor: 'REF-ACCT-1' })).toBe(
      false,
    );
    const stats = {
      total: 1,
      active: 1,
      by_type: { kvm: 1 },
      by_status: { active: -1 },
      server_time: '2026-01-01T00:00:00Z',
    };
    expect(accepts(ServiceStats, stats)).toBe(false);
  });

  it('keeps error bodies to {error} and {error, status}', () => {
    expect(accepts(ErrorBody, { error: 'invalid_body: plan_code' })).toBe(true);
    expect(accepts(ErrorBody, { error: 'x', message: 'human text' })).toBe(false);
    expect(accepts(ConflictBody, { error: 'service_not_active', status: 'suspended' })).toBe(true);
    expect(accepts(ConflictBody, { error: 'x', status: 1 })).toBe(false);
  });
});
