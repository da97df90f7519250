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
});
