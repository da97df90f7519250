import { parseInput, queryObject } from '../input-validation';
import type { OperationState } from './state';

/** Path, query and body through the contract's schemas (400 naming the first bad field). */
export function validate(state: OperationState): void {
  const op = state.op;
  if (op.pathParams) state.params = parseInput(op.pathParams, state.rawParams, 'path');
  if (op.query) {
    state.query = parseInput(op.query, queryObject(state.request.search, op.query), 'query');
  }
  if (op.body) state.body = parseInput(op.body, state.json, 'body');
}
