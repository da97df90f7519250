import { type RouteId, routes } from '@refapi/schema/client';

// The refctl command of each API operation, from its contract entry, so the contract's
// parameter descriptions name other operations the way a refctl user runs them ("from
// refctl plans list", where the API document says "from GET /plans");
// `contract-help.test.ts` checks that each exists.

/** The command that sends each operation. */
export const OPERATION_COMMANDS: Readonly<Record<RouteId, string>> = Object.fromEntries(
  Object.values(routes).map((entry) => [entry.operationId, `refctl ${entry.refctl}`]),
) as Record<RouteId, string>;

/** How refctl's help names an operation: its command. */
export const commandOf = (operationId: RouteId): string => OPERATION_COMMANDS[operationId];
