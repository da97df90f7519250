import type { OperationImpls } from './types';

/** GET /plans. */
export const planOperations = {
  listPlans: () => ({ status: 200, body: {} }),
} satisfies Partial<OperationImpls>;
