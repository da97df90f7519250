export type { ControlState } from './controls/control-state';
export type { Faults } from './controls/faults';
export type { AuthenticatedKey } from './domain/auth';
export type { Clock } from './domain/clock';
export type { DurationInput, DurationParts } from './domain/duration';
export { DomainError, type DomainErrorOptions } from './domain/errors';
export type { IdempotencyEntry, StoredResponse } from './domain/idempotency';
export type { AccountRecord } from './domain/records';
export type {
  OperationCall,
  OperationImpl,
  OperationImpls,
  OperationResult,
} from './operations/types';
export { StateFileError } from './persistence/state-file-error';
export type { ClockEventEntry, JournalItem } from './request-journal';
export { demoScenario } from './scenario/demo';
export { Scenario, type ScenarioInput } from './scenario/schema';
export { parseScenario, ScenarioError } from './scenario/validate';
export type {
  ReferenceCore,
  ReferenceServerOptions as ReferenceCoreOptions,
} from './server/reference-core';
export type { AccountTime, ClockEvent, NextEvent } from './state/account-time';
export type {
  Admin,
  ClockMove,
  ClockState,
  ClockView,
  LoadedScenario,
  TopUpTransaction,
} from './state/control-plane';
export type { FailNextQueue } from './state/fail-next-queue';
export type { JournalMessage, RequestEntry } from './state/server-context';
export type { Partition } from './store/partition';
export type { Change, CommittedMutation, Store } from './store/store';
export type { ListeningServer, ListenOptions } from './transport/node/listen';
export {
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from './transport/node/reference-server';
