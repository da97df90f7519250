// `@refapi/server/browser`: the reference server behind msw's setupWorker, for front-end
// tests and Storybook, and for admin UIs (the web console) the admin API's wire types and
// its paths (`ADMIN_PATHS`, a module that imports nothing). Nothing reachable from here
// imports a Node builtin.

export { ADMIN_PATHS, inSpace, type ShieldTelemetryDataset } from '../admin/admin-paths';
export type { Faults } from '../controls/faults';
export type { ClockEventEntry, JournalItem } from '../request-journal';
export type { ScenarioAccount, ScenarioService } from '../scenario/schema';
export type { FailNextOptions } from '../state/fail-next-queue';
export type {
  ClockChange,
  ClockEvent,
  ClockMove,
  ClockState,
  ClockView,
  ControlDescription,
  ControlsDocument,
  CreatedSpace,
  JournalMessage,
  LoadedScenario,
  NextEvent,
  RequestEntry,
  RequestList,
  ShieldProfileRecord,
  ShieldRuleRecord,
  ShieldTelemetry,
  SignInCodeIssued,
  SnapshotInfo,
  SnapshotList,
  SpaceInfo,
  SpaceList,
  SpaceRequest,
  StateAccount,
  StateDocument,
  StateService,
  WhoAmI,
} from '../wire/admin-wire';
export type { JournalEntry, RequestExpectation, RequestFilter } from './journal';
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
