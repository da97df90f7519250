import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureCtx } from '../../test/helpers/capture-io';
import { UsageError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { typedHandler } from './typed-handler';

const schema = z.object({ ratePps: z.number().optional(), wait: z.boolean().optional() });

describe('typedHandler', () => {
  it('hands the handler the options the schema parsed, unknown keys dropped', async () => {
    let seen: unknown;
    const handler = typedHandler(schema, async (_ctx, _args, opts) => {
      seen = opts;
    });
    await handler(captureCtx().ctx, [], { ratePps: 100, wait: true, extra: 'x' });
    expect(seen).toEqual({ ratePps: 100, wait: true });
  });

  it('turns a mismatch into a usage error (exit 2) naming the flag', async () => {
    const handler = typedHandler(schema, async () => {});
    const failure = handler(captureCtx().ctx, [], { ratePps: 'many' });
    await expect(failure).rejects.toThrow(UsageError);
    await expect(failure).rejects.toThrow(/^invalid --rate-pps: /);
    await expect(failure).rejects.toMatchObject({ exitCode: EXIT.usage });
  });
});
