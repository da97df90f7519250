import type { OperationId } from './contract';
import { routes } from './routes';

// Prose of the OpenAPI document (Redoc, Swagger UI, generated clients' doc comments).
// Each operation's own description is in its entry (`entries-*.ts`), which requires one.

/** Tag of each operation group, with its description, in display order. */
export const OPENAPI_TAGS = [
  { name: 'me', description: 'The identity of the account the API key belongs to.' },
  {
    name: 'balance',
    description:
      'The prepaid balance in the account currency, optionally converted to a display currency.',
  },
  { name: 'invoices', description: 'Invoices of the account, newest reference first.' },
  {
    name: 'orders',
    description: 'Past orders, and buying one service from the balance with an idempotency key.',
  },
  {
    name: 'transactions',
    description: 'The ledger: every debit and credit of the balance, with redacted descriptions.',
  },
  {
    name: 'services',
    description:
      'Owned primary services (reseller services are excluded): inventory, counts, automatic renewal and KVM power.',
  },
  {
    name: 'shield',
    description:
      'The Shield DDoS-protection facade of one directly owned KVM service. Needs an active or in-grace Advanced subscription; mutations are queued (202) and observed by reading rule or profile state.',
  },
  { name: 'plans', description: 'The saleable plan catalog with account-currency prices.' },
] as const;

/** Name of an OpenAPI tag. */
export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];

/** Long description of each operation, from its entry (the contract's `summary` stays the one-liner). */
export const OPERATION_DESCRIPTIONS: Record<OperationId, string> = Object.fromEntries(
  Object.entries(routes).map(([id, entry]) => [id, entry.description]),
) as Record<OperationId, string>;
