import type { OperationImpls } from './types';

/** GET /me and GET /balance. */
export const accountOperations = {
  getAccount: () => ({ status: 200, body: {} }),
  getBalance: () => ({ status: 200, body: {} }),
} satisfies Partial<OperationImpls>;
