// `@refapi/server/browser`: the reference server behind msw's setupWorker, for front-end
// tests and Storybook. Nothing reachable from here imports a Node builtin.
export type { ClockState } from '../control-plane';
export type { Faults } from '../controls/faults';
export type { FailNextOptions } from './fail-next';
export type { JournalEntry, RequestFilter } from './journal';
export {
  type AccountOptions,
  type KeyOptions,
  type KvmOptions,
  ScenarioBuilder,
  type ShieldOption,
  scenario,
} from './scenario-builder';
export { type RefWorker, setupRefWorker } from './setup-ref-worker';
export type {
  RefTestControls,
  RefTestOptions,
  UnhandledRequestStrategy,
} from './test-controls';
