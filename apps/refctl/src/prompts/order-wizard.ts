import type { Plan } from '@refapi/schema';
import { SERVICE_TYPES } from '@refapi/schema/values';
import type { RefClient } from '@refapi/sdk';
import type { Asker } from '../cli/required-flags';
import { CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { createClient } from '../runtime/client';
import { loadUi } from '../ui/load-ui';
import type { Choice } from '../ui/SelectPrompt';
import { answer } from './answer';
import {
  optionChoice,
  type PlanOption,
  periodChoice,
  planChoice,
  planOptions,
  SERVER_DEFAULT,
} from './plan-choices';

const NOTHING = 'nothing was ordered';

/** The flags of `orders create` the prompts fill in (as commander stores them). */
type OrderAnswers = Record<string, unknown> & {
  type?: string | undefined;
  plan?: string | undefined;
  period?: string | undefined;
  os?: string | undefined;
  osName?: string | undefined;
  region?: string | undefined;
};

type ServiceType = (typeof SERVICE_TYPES)[number];

/** Every saleable plan (of `type` when given), through the pages of GET /plans. */
async function catalog(client: RefClient, type: string | undefined, signal: AbortSignal) {
  // commander checked `--type` against the same list.
  const query = { limit: 100, ...(type === undefined ? {} : { type: type as ServiceType }) };
  const plans: Plan[] = [];
  for await (const plan of client.plans.list(query, { signal })) plans.push(plan);
  return plans;
}

/** The service types that have plans (of code `code`, when given), in the contract's order. */
function typeChoices(plans: readonly Plan[], code: string | undefined): Choice<string>[] {
  return SERVICE_TYPES.flatMap((type) => {
    const count = plans.filter(
      (p) => p.service_type === type && (code ?? p.code) === p.code,
    ).length;
    return count === 0
      ? []
      : [{ label: type, value: type, hint: `${count} plan${count === 1 ? '' : 's'}` }];
  });
}

/**
 * The interactive side of `refctl orders create` on a terminal: the service type, then the
 * plan from a list with its price (VAT included and labelled), stock and specs (out of stock
 * shown, not selectable), then the optional period, OS image and region from the plan's own
 * lists. Flags already given are not asked again; the command then shows the server's quote
 * and asks before buying, as always.
 */
export const askOrder: Asker = async (ctx, _args, opts) => {
  const given = opts as OrderAnswers;
  const client = await createClient(ctx);
  const [plans, country] = await Promise.all([
    catalog(client, given.type, ctx.signal),
    // Only to mark the regions not sold to the account's country; a key that may not read
    // the account still gets every region offered (the server refuses a wrong one).
    client.account.get({ signal: ctx.signal }).then(
      (account) => account.country_code,
      () => undefined,
    ),
  ]);
  const { select } = await loadUi();
  const types = typeChoices(plans, given.plan);
  if (given.type === undefined && types.length === 0) {
    throw new CliError(
      given.plan === undefined
        ? 'no plans are for sale to this account; see: refctl plans list'
        : `no plan "${given.plan}" is for sale to this account; see: refctl plans list`,
      EXIT.notFound,
      'plan_not_found',
    );
  }
  const type = given.type ?? answer(await select(ctx.io, 'Service type', types), NOTHING);
  const offered = plans.filter((p) => p.service_type === type);
  if (given.plan === undefined && offered.length === 0) {
    throw new CliError(
      `no ${type} plans are for sale to this account; see: refctl plans list`,
      EXIT.notFound,
      'plan_not_found',
    );
  }
  const plan =
    given.plan === undefined
      ? answer(await select(ctx.io, `Plan (${type})`, offered.map(planChoice)), NOTHING)
      : offered.find((p) => p.code === given.plan);
  const answers: OrderAnswers = { ...given, type, plan: plan?.code ?? given.plan };
  // A plan code that is not for sale is the command's to report (exit 3), with its quote path.
  if (plan === undefined) return answers;

  const { periods, osImages, regions } = planOptions(plan);
  const pick = async (message: string, options: readonly PlanOption[], country?: string) =>
    answer(
      await select(ctx.io, message, [
        SERVER_DEFAULT,
        ...options.map((o) => optionChoice(o, country)),
      ]),
      NOTHING,
    );
  if (given.period === undefined && periods.length > 0) {
    answers.period = answer(
      await select(ctx.io, 'Billing period', [
        SERVER_DEFAULT,
        ...periods.map((o) => periodChoice(plan, o)),
      ]),
      NOTHING,
    );
  }
  if (given.os === undefined && given.osName === undefined && osImages.length > 0) {
    answers.os = await pick('OS image', osImages);
  }
  if (given.region === undefined && regions.length > 0) {
    answers.region = await pick('Region', regions, country);
  }
  // A skipped choice leaves the flag out, as if it had not been typed.
  for (const key of ['period', 'os', 'region'] as const)
    if (answers[key] === undefined) delete answers[key];
  return answers;
};
