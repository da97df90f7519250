// `@refapi/schema/services`: owned services, their renewal and power, with their query and path.

export { ListServicesQuery } from '../params';
export { ServicePathParams } from '../path-params';
export * from '../service';
