import { z } from 'zod';
import { defineControl } from './control-slice';

const ShieldPauseValue = z.strictObject({
  paused: z.boolean(),
  /** Seconds announced in `Retry-After` while paused. */
  retryAfterSeconds: z.int().min(0),
});

/** The Shield pause switch (POST /__admin/shield). */
export type ShieldPause = z.infer<typeof ShieldPauseValue>;

/** `Retry-After` of a pause that names none. */
export const DEFAULT_RETRY_AFTER = 30;

const ShieldPauseBody = z.strictObject({
  paused: z.boolean().describe('While on, Shield calls answer 503 shield_paused.'),
  retry_after: z
    .int()
    .min(0)
    .max(86_400)
    .optional()
    .describe('Seconds announced in the Retry-After header of those 503 answers (default 30).'),
});

/** The Shield pause: 503 with `Retry-After` on every pausable operation while on. */
export const shieldPauseControl = defineControl({
  name: 'shield',
  description:
    'Pauses the Shield module as during provider maintenance: every Shield operation answers 503 with Retry-After until unpaused.',
  schema: ShieldPauseValue,
  initial: (): ShieldPause => ({ paused: false, retryAfterSeconds: DEFAULT_RETRY_AFTER }),
  route: {
    path: '/__admin/shield',
    body: ShieldPauseBody,
    // Unpausing keeps the last Retry-After; pausing without one announces the default.
    toPatch: (body): Partial<ShieldPause> =>
      body.paused
        ? { paused: true, retryAfterSeconds: body.retry_after ?? DEFAULT_RETRY_AFTER }
        : { paused: false },
    view: (pause) => ({ paused: pause.paused, retry_after: pause.retryAfterSeconds }),
    answer: (_pause, body) => ({ paused: body.paused }),
  },
  faultLabel: ({ status, errorCode }) =>
    status === 503 && errorCode() === 'shield_paused' ? 'shield:paused' : null,
});
