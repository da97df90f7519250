// `@refapi/server/browser`: the reference server behind msw's setupWorker, for front-end
// tests and Storybook, and the admin API's wire types for admin UIs (the web console).
// Nothing reachable from here imports a Node builtin.
export type {
  ClockChange,
  ClockState,
  ControlDescription,
  ControlsDocument,
  JournalMessage,
  LoadedScenario,
  RequestEntry,
  RequestList,
  ShieldProfileRecord,
  ShieldRuleRecord,
  ShieldTelemetry,
  SignInCodeIssued,
  StateAccount,
  StateDocument,
  StateService,
  WhoAmI,
} from '../admin-wire';
export type { Faults } from '../controls/faults';
export type { FailNextOptions } from '../http/injected-failure';
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
