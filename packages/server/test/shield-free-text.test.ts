// Rule names are free text: control characters, lone surrogates and bidi overrides are
// refused (400 naming the field) and never stored (issue #12).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, INTENT, rulesById, ShieldWorld, SVC, shieldPath } from './shield-harness';

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start('http');
});
afterAll(() => world.stop());
beforeEach(() => world.reset());

const RULES = shieldPath(SVC.own, '/rules');

describe('Shield rule names', () => {
  it.each([
    ['NUL', 'drop\u0000dns'],
    ['a newline', 'drop\ndns'],
    ['a terminal escape', '\u001b[31mdrop'],
    ['a C1 control', 'drop\u009bdns'],
    ['a lone surrogate', 'drop \uD83D'],
    ['a right-to-left override', 'drop \u202Esnd'],
    ['an isolate', 'drop \u2067dns'],
  ])('refuses %s with invalid_body: name, storing nothing', async (_what, name) => {
    const before = (await rulesById(world)).size;
    expectError(
      await world.call('POST', RULES, { body: { ...INTENT, name } }),
      400,
      'invalid_body: name',
    );
    expect((await rulesById(world)).size).toBe(before);
  });

  it('stores names in any script, with emoji', async () => {
    const name = 'Bloquer l’UDP 🛡️ ブロック';
    const reply = await world.call('POST', RULES, { body: { ...INTENT, name } });
    expect(reply.status).toBe(202);
    expect((await rulesById(world)).has(reply.body.rule.id)).toBe(true);
  });
});
