// `@refapi/server/msw-data`: a server's state as @msw/data collections and back, for suites
// that model their fixtures with @msw/data (an optional peer dependency). The server's
// own store never uses it; nothing else in this package imports this entry.

// Thrown by both functions; exported here too, so `instanceof` holds in a CommonJS build,
// where each entry has its own copy of the class.
export { ScenarioError } from '../scenario/validate';
export {
  collectionsFromState,
  createRefCollections,
  type RefCollections,
} from './collections-from-state';
export {
  type Fixture,
  type FixtureInput,
  type FixtureKind,
  fixtureSchemas,
} from './fixture-schemas';
export { type RefRecordSources, scenarioFromCollections } from './scenario-from-collections';
