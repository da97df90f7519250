// `@refapi/server/vitest`: the name the test kit had first, kept as an alias of
// `@refapi/server/testing` (it was never vitest-only).
export * from './testing';
