import { operationList } from '@refapi/schema';
import { toolName, WAIT_TOOL_NAME } from './tools/select';

/** Where the tools act: a real account, or the sandbox's demo account. */
export type ServerMode = 'account' | 'sandbox';

/**
 * The server's `instructions`, from the tools it exposes: a sentence about a tool appears
 * only when that tool is there to call, so a read-only server never points to a write.
 */
export function serverInstructions(exposed: readonly string[], mode: ServerMode): string {
  const has = (name: string) => exposed.includes(name);
  const writes = exposed.some((name) => WRITES.has(name));
  const lines = [
    mode === 'sandbox'
      ? 'Tools of the REF sandbox: a demo hosting account (EUR) on a reference server in this process. Nothing is real or charged.'
      : 'Tools of one REF hosting account (balance, invoices, orders, services, KVM power, Shield). Reads are free.',
  ];
  if (mode === 'sandbox') {
    // Each session works on a space of its own (an isolated copy of the demo data).
    const changes = writes
      ? ' What it changes (orders with dry_run false, power, Shield) changes only its copy, and no other session sees it.'
      : '';
    lines.push(
      `This session has its own copy of the account.${changes} To start over from the demo data, start a new session (reconnect).`,
    );
  }
  if (!writes) lines.push('Only reading tools are exposed; nothing here can change the account.');
  if (has('orders_create')) {
    const plans = has('plans_list') ? ' Plan codes come from plans_list.' : '';
    lines.push(
      `orders_create is a dry run unless dry_run is false; show the user the dry run's quote, then buy with its plan_id, which buys exactly that quote once.${plans}`,
    );
  }
  if (has(WAIT_TOOL_NAME) && exposed.some((name) => SHIELD_WRITES.has(name)))
    lines.push(
      `Shield changes are queued: call ${WAIT_TOOL_NAME} to see a rule or profile settle.`,
    );
  return lines.join(' ');
}

// From the contract: which tools write, and which of them queue Shield changes.
const writes = operationList.filter((op) => op.access === 'write');
const WRITES = new Set(writes.map(toolName));
const SHIELD_WRITES = new Set(writes.filter((op) => op.path.includes('/shield')).map(toolName));
