import {
  type OperationNamer,
  parameterDescription,
  RuleId,
  ServiceRef,
  ShieldProfileCode,
  type ShieldProfileState,
  type ShieldRule,
} from '@refapi/schema';
import { isWaitForError, isWaitTimeoutError, type RefClient, type WaitForPoll } from '@refapi/sdk';
import { z } from 'zod';
import { advertisedInput } from './advertised-schema';
import { argumentsJsonSchema, parseArguments } from './input-schema';
import type { ToolConfig } from './tool-definition';
import { ToolRefusal } from './tool-refusal';

// `shield_wait`: Shield changes are queued (202) and settle a few seconds later; a model
// that just queued one learns the outcome here instead of polling by hand. The polling
// is the SDK's `waitFor` (the one `refctl … --wait` uses), bounded by `timeout_seconds`.

/** Default and largest `timeout_seconds`: below the 60 s many MCP hosts give a call. */
const WAIT_SECONDS = { default: 30, max: 50 } as const;

const WaitArgs = z.strictObject({
  service_ref: ServiceRef,
  rule_id: RuleId.optional(),
  profile_code: ShieldProfileCode.optional(),
  timeout_seconds: z.int().min(1).max(WAIT_SECONDS.max).default(WAIT_SECONDS.default),
});

/** Arguments of `shield_wait` after validation. */
export type WaitArgs = z.infer<typeof WaitArgs>;

/** What `shield_wait` answers. */
export interface WaitResult {
  /** What was waited for: `rule <id>` or `profile <code>`. */
  readonly target: string;
  /** true once it stopped changing: active, off, failed, or no longer listed. */
  readonly settled: boolean;
  /** The last state seen; `absent`: the rule is no longer listed. */
  readonly state: string;
  /** Each state seen, in order. */
  readonly states_seen: readonly string[];
  readonly polls: number;
  readonly waited_seconds: number;
  /** The provider-neutral error code of a failed rule. */
  readonly error_code?: string;
  readonly rule?: ShieldRule;
  readonly profile?: ShieldProfileState;
}

/** `shield_wait` for `registerTool`, and the description of each of its arguments. */
export interface WaitTool {
  readonly config: ToolConfig;
  readonly describeArgument: (name: string) => string | undefined;
}

// Built once per way of naming the rule list (HTTP builds a server per request).
const built = new Map<string, WaitTool>();

/** `shield_wait`; its descriptions name other tools by `nameOperation`. */
export function waitTool(nameOperation: OperationNamer): WaitTool {
  const key = nameOperation('listShieldRules') + nameOperation('listServices');
  const known = built.get(key);
  if (known) return known;
  const either = 'Give rule_id or profile_code.';
  const descriptions: Readonly<Record<keyof WaitArgs, string | undefined>> = {
    service_ref: parameterDescription('listShieldRules', 'service_ref', nameOperation),
    rule_id: `The id of the rule to wait for, from ${nameOperation('listShieldRules')} or the call that queued it; waits until it is active, failed or gone. ${either}`,
    profile_code: `The profile being applied; waits until it is active (off: until off) or failed. ${either}`,
    timeout_seconds:
      'How long to wait at most. If it has not settled by then, the result says its state.',
  };
  const input = argumentsJsonSchema(
    Object.entries(WaitArgs.shape).map(([name, schema]) => ({ name, schema, location: 'tool' })),
    ({ name }) => descriptions[name as keyof WaitArgs],
  );
  const config: ToolConfig = {
    title: 'Wait for a Shield rule or profile to settle',
    description:
      'Polls until a queued Shield rule or profile stops changing, or timeout_seconds pass. Returns settled, the state, states_seen (each state seen, e.g. queued → applying → active) and waited_seconds. Free read; changes nothing. Needs the API key scope shield:read.',
    inputSchema: advertisedInput(input),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  };
  const properties = input.properties as Record<string, { description?: string }>;
  const tool: WaitTool = {
    config,
    describeArgument: (name) =>
      Object.hasOwn(properties, name) ? properties[name]?.description : undefined,
  };
  built.set(key, tool);
  return tool;
}

/** Checks the arguments of `shield_wait` against the contract. */
export function parseWaitArgs(
  args: unknown,
  describe: (name: string) => string | undefined,
): WaitArgs {
  const parsed = parseArguments(WaitArgs, args, describe);
  const { rule_id, profile_code } = parsed;
  if ((rule_id === undefined) === (profile_code === undefined)) {
    throw new ToolRefusal(
      'invalid_arguments',
      'Give exactly one of rule_id and profile_code.',
      'Pass the rule_id of a rule, or the profile_code of the profile being applied.',
    );
  }
  return parsed;
}

/**
 * Waits with the SDK until the rule or profile settles or the timeout passes, and reports
 * every state it saw. Not settling in time is a result (`settled: false`), not an error:
 * the change goes on server-side.
 */
export async function runWait(
  client: RefClient,
  args: WaitArgs,
  signal: AbortSignal,
): Promise<WaitResult> {
  const shield = client.shield(args.service_ref);
  const started = Date.now();
  const seen: string[] = [];
  let polls = 0;
  const onPoll = (poll: WaitForPoll) => {
    polls = poll.attempt;
    if (seen.at(-1) !== poll.state) seen.push(poll.state);
  };
  const options = { timeout: args.timeout_seconds * 1000, signal, onPoll };
  const target =
    args.rule_id !== undefined ? `rule ${args.rule_id}` : `profile ${String(args.profile_code)}`;
  const result = (
    settled: boolean,
    state: string,
    extra: Pick<WaitResult, 'error_code' | 'rule' | 'profile'> = {},
  ): WaitResult => ({
    target,
    settled,
    state,
    states_seen: [...seen],
    polls,
    waited_seconds: Math.round((Date.now() - started) / 100) / 10,
    ...extra,
  });
  try {
    if (args.rule_id !== undefined) {
      // Waiting for `active` ends at every settled state: active, failed (WaitForError), or
      // gone from the list after a rollback (WaitForError `absent`).
      const rule = await shield.rules.waitFor(args.rule_id, { state: 'active', ...options });
      return result(true, 'active', rule ? { rule } : {});
    }
    const code = args.profile_code ?? 'off';
    const profile = await shield.profiles.waitFor(code, {
      state: code === 'off' ? 'off' : 'active',
      ...options,
    });
    return result(true, profile.state, { profile });
  } catch (error) {
    if (isWaitForError(error)) {
      return result(true, error.state, error.errorCode ? { error_code: error.errorCode } : {});
    }
    if (isWaitTimeoutError(error)) return result(false, error.lastState ?? 'unknown');
    throw error;
  }
}
