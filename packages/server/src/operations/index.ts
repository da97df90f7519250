import { accountOperations } from './account';
import { billingOperations } from './billing';
import { orderOperations } from './orders';
import { planOperations } from './plans';
import { serviceOperations } from './services';
import { shieldOperations } from './shield';
import type { OperationImpls } from './types';

/** Every operation of the contract, keyed by operationId. */
export const operationImpls: OperationImpls = {
  ...shieldOperations,
  ...accountOperations,
  ...billingOperations,
  ...orderOperations,
  ...serviceOperations,
  ...planOperations,
};
