import type { OperationImpls } from './types';

/** Services: list, stats, one, auto-renew, power. */
export const serviceOperations = {
  listServices: () => ({ status: 200, body: {} }),
  getServiceStats: () => ({ status: 200, body: {} }),
  getService: () => ({ status: 200, body: {} }),
  setServiceAutoRenew: () => ({ status: 200, body: {} }),
  powerService: () => ({ status: 200, body: {} }),
} satisfies Partial<OperationImpls>;
