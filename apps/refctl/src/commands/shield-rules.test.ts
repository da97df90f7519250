import { describe, expect, it } from 'vitest';
import { RULE_FIELDS } from '../actions/rule-intent';
import { createRunState } from '../cli/run-state';
import { processIo } from '../io/io';
import { createProgram } from '../program';

const program = createProgram({
  io: processIo(),
  state: createRunState(),
  signal: new AbortController().signal,
});

describe('shield rules add', () => {
  it('has one flag per ShieldRuleIntent field, so a new field cannot go unexposed', () => {
    const add = program.commands
      .find((c) => c.name() === 'shield')
      ?.commands.find((c) => c.name() === 'rules')
      ?.commands.find((c) => c.name() === 'add');
    const flags = add?.options.map((o) => o.long) ?? [];
    for (const field of RULE_FIELDS) expect(flags).toContain(`--${field.replaceAll('_', '-')}`);
  });
});
