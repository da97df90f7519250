import type { OperationImpls } from './types';

/** POST /orders. */
export const orderOperations = {
  createOrder: () => ({ status: 200, body: {} }),
} satisfies Partial<OperationImpls>;
