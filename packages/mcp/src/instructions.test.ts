import { describe, expect, it } from 'vitest';
import { serverInstructions } from './instructions';
import { ALL_TOOL_NAMES, selectToolNames } from './tools/select';

/** Every word of `text` that names a tool. */
const toolsNamed = (text: string) =>
  [...text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)]
    .map((m) => m[0])
    .filter((w) => ALL_TOOL_NAMES.includes(w));

describe('serverInstructions', () => {
  it.each([
    ['read', 'account'],
    ['all', 'account'],
    [['orders_create', 'balance_get'], 'account'],
    [['shield_rules_create'], 'account'],
    ['read', 'sandbox'],
    ['all', 'sandbox'],
  ] as const)('names only exposed tools (%j, %s)', (selection, mode) => {
    const exposed = selectToolNames(selection);
    const text = serverInstructions(exposed, mode);
    for (const name of toolsNamed(text)) expect(exposed).toContain(name);
  });

  it('says what each mode is', () => {
    expect(serverInstructions(selectToolNames('read'), 'account')).toMatch(
      /Only reading tools are exposed/,
    );
    const sandbox = serverInstructions(selectToolNames('all'), 'sandbox');
    expect(sandbox).toMatch(/sandbox/);
    expect(sandbox).toMatch(/orders_create is a dry run unless dry_run is false/);
    expect(sandbox).toMatch(/shield_wait/);
    expect(serverInstructions(['orders_create'], 'account')).not.toMatch(/plans_list/);
  });

  it('says a sandbox session works on its own copy, and how to start over', () => {
    const all = serverInstructions(selectToolNames('all'), 'sandbox');
    expect(all).toMatch(/This session has its own copy of the account\./);
    expect(all).toMatch(
      /orders with dry_run false.* changes only its copy, and no other session sees it/,
    );
    expect(all).toMatch(/To start over from the demo data, start a new session \(reconnect\)\./);
    // Read-only: no word about writes, but the copy and the way back are still said.
    const read = serverInstructions(selectToolNames('read'), 'sandbox');
    expect(read).not.toMatch(/dry_run/);
    expect(read).toMatch(/own copy .* start a new session/);
    expect(serverInstructions(selectToolNames('all'), 'account')).not.toMatch(/session/);
  });
});
