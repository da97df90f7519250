import type { z } from 'zod';
import type { OperationEntry } from './operation-entry';
import { type RouteId, routes } from './routes';

// Each operation's success schema, imported on first use: a client that loads `client`
// builds only the schema modules of the responses it reads (a `refctl me` builds the
// account module's few schemas, not the contract's ~400). The entry names the schema
// (`balance.Balance`); a test checks this gives the contract table's schema objects.
const modules: Record<string, () => Promise<Readonly<Record<string, unknown>>>> = {
  account: () => import('./account'),
  balance: () => import('./balance'),
  envelopes: () => import('./envelopes'),
  orders: () => import('./orders'),
  service: () => import('./service'),
  shield: () => import('./shield'),
};

async function importSchema(operationId: RouteId): Promise<z.ZodType | undefined> {
  const schemas: OperationEntry['schemas'] = routes[operationId].schemas;
  const ref = schemas.success;
  if (ref === undefined) return undefined;
  const [module = '', name = ''] = ref.split('.');
  const exports = await modules[module]?.();
  return exports?.[name] as z.ZodType | undefined;
}

const loaded = new Map<RouteId, Promise<z.ZodType | undefined>>();

/**
 * The success body schema of an operation (undefined when it has none), its module imported
 * on the first call; later calls get the same settled promise.
 */
export function loadSuccessSchema(operationId: RouteId): Promise<z.ZodType | undefined> {
  let schema = loaded.get(operationId);
  if (schema === undefined) {
    schema = importSchema(operationId);
    loaded.set(operationId, schema);
  }
  return schema;
}
