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
  const lines = [
    mode === 'sandbox'
      ? 'Tools of the REF sandbox: a demo hosting account (EUR) on a reference server in this process. Nothing is real or charged, and its state lasts as long as the server.'
      : 'Tools of one REF hosting account (balance, invoices, orders, services, KVM power, Shield). Reads are free.',
  ];
  if (!exposed.some((name) => WRITES.has(name)))
    lines.push('Only reading tools are exposed; nothing here can change the account.');
  if (has('orders_create')) {
    const plans = has('plans_list') ? ' Plan codes come from plans_list.' : '';
    lines.push(`orders_create is a dry run unless dry_run is false.${plans}`);
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
