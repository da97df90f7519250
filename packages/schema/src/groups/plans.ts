// `@refapi/schema/plans`: the plan catalog, with its list query.

export { ListPlansQuery } from '../params';
export * from '../plan';
