export type { Admin, ClockState, LoadedScenario } from './control-plane';
export type { Faults } from './controls/faults';
export { DomainError, type DomainErrorOptions } from './domain/errors';
export type { IdempotencyEntry, StoredResponse } from './domain/idempotency';
export type { ListeningServer, ListenOptions } from './http/listen';
export type {
  OperationCall,
  OperationImpl,
  OperationImpls,
  OperationResult,
} from './operations/types';
export { StateFileError } from './persistence/state-file-error';
export type { ReferenceCore } from './reference-core';
export {
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from './reference-server';
export { demoScenario } from './scenario/demo';
export { Scenario, type ScenarioInput } from './scenario/schema';
export { parseScenario, ScenarioError } from './scenario/validate';
export type { JournalMessage, RequestEntry } from './server-context';
export type { Change, CommittedMutation, Store } from './store/store';
