import { type OperationDef, type OperationId, operationList, operations } from '@refapi/schema';
import type { OperationImpls } from '../../operations/types';
import type { BoundOperation } from './state';

const isOperationId = (id: string): id is OperationId => Object.hasOwn(operations, id);

/** Each contract entry with its implementation, looked up by the entry the route matched. */
export function bindOperations(
  impls: OperationImpls,
  ops: readonly OperationDef[] = operationList,
): ReadonlyMap<OperationDef, BoundOperation> {
  const bound = new Map<OperationDef, BoundOperation>();
  for (const op of ops) {
    if (isOperationId(op.operationId)) {
      bound.set(op, { operationId: op.operationId, impl: impls[op.operationId] });
    }
  }
  return bound;
}
