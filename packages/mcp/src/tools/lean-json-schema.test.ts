import { ServiceRef, ShieldRule } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leanJsonSchema } from './lean-json-schema';

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;

describe('leanJsonSchema', () => {
  it('drops patterns and $schema, keeping formats and lengths', () => {
    expect(json(ServiceRef)).toHaveProperty('pattern');
    expect(leanJsonSchema(json(ServiceRef))).toEqual({ type: 'string' });
    expect(leanJsonSchema(json(z.uuid().max(40)))).toEqual({
      type: 'string',
      format: 'uuid',
      maxLength: 40,
    });
  });

  it('inlines $defs and keeps properties named like keywords', () => {
    const lean = leanJsonSchema(json(z.object({ rules: z.array(ShieldRule) })));
    const text = JSON.stringify(lean);
    expect(text).not.toMatch(/\$ref|\$defs|"pattern"/);
    const rule = (lean.properties as { rules: { items: { properties: Record<string, unknown> } } })
      .rules.items;
    expect(Object.keys(rule.properties)).toContain('id');
    expect(rule.properties.id).toEqual({ type: 'string', format: 'uuid' });
  });

  it("drops z.int()'s safe-integer bounds, not real ones", () => {
    expect(leanJsonSchema(json(z.int().min(1)))).toEqual({ type: 'integer', minimum: 1 });
    expect(leanJsonSchema(json(z.int()))).toEqual({ type: 'integer' });
  });
});
