import type { OperationId } from '@refapi/schema';
import { notFound } from '../domain/errors';
import { accountOperations } from './account';
import { billingOperations } from './billing';
import { orderOperations } from './orders';
import { planOperations } from './plans';
import { serviceOperations } from './services';
import { shieldOperations } from './shield';
import type { OperationImpl, OperationImpls } from './types';

const SHIELD_OPERATION_IDS = [
  'getShieldOverview',
  'getShieldCapabilities',
  'listShieldRules',
  'createShieldRule',
  'deleteShieldRule',
  'applyShieldPreset',
  'applyShieldProfile',
  'getShieldTraffic',
  'getShieldProtectionActivity',
  'exportShieldTelemetry',
  'getShieldRuleEvidence',
] as const satisfies readonly OperationId[];

// Keeps the table total until the Shield module registers its implementations below.
const shieldNotAvailable: OperationImpl = () => {
  throw notFound();
};
const shieldPlaceholders = Object.fromEntries(
  SHIELD_OPERATION_IDS.map((id) => [id, shieldNotAvailable]),
) as Pick<OperationImpls, (typeof SHIELD_OPERATION_IDS)[number]>;

/** Every operation of the contract, keyed by operationId. */
export const operationImpls: OperationImpls = {
  ...shieldPlaceholders,
  ...shieldOperations,
  ...accountOperations,
  ...billingOperations,
  ...orderOperations,
  ...serviceOperations,
  ...planOperations,
};
