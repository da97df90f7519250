// `@refapi/server/testing`: the reference server as a mock for test suites, under any runner
// (vitest, Jest, node:test, bun test find their hooks; createRefTestServer for the rest).

export type { Faults } from '../controls/faults';
export type { DurationInput, DurationParts } from '../domain/duration';
export type { ClockEvent, NextEvent } from '../state/account-time';
export type {
  ClockMove,
  ClockState,
  ClockView,
  TopUpTransaction,
} from '../state/control-plane';
export type { FailNextOptions } from '../state/fail-next-queue';
export type { SnapshotInfo } from '../state/snapshots';
export type { JournalEntry, RequestExpectation, RequestFilter } from './journal';
export { createRefTestServer, type RefTestServer } from './ref-test-server';
export {
  type AccountOptions,
  type KeyOptions,
  type KvmOptions,
  ScenarioBuilder,
  type ShieldOption,
  scenario,
} from './scenario-builder';
export { setupRefServer } from './setup-ref-server';
export * from './space';
export type {
  RefTestControls,
  RefTestOptions,
  UnhandledRequestStrategy,
} from './test-controls';
