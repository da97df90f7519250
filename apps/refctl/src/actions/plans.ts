import type { Plan } from '@refapi/schema';
import { CreateOrderRequest } from '@refapi/schema/orders';
import { ListPlansQuery } from '@refapi/schema/plans';
import { typedHandler } from '../cli/typed-handler';
import { CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { PAGING_FLAGS, PLAN_GET_FLAGS, PLAN_LIST_FLAGS } from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import { leafCells, type ObjectCells } from '../output/render';
import { createClient } from '../runtime/client';
import { print } from '../runtime/print';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateInput } from '../runtime/validate';
import { planView } from './views';

/** `refctl plans list [--type] [--display-currency]`. */
export const list = typedHandler(
  flagSchema({ ...PLAN_LIST_FLAGS, ...PAGING_FLAGS }),
  async (ctx, _args, opts) => {
    const paging = pagingRequest(ctx, opts, planView);
    const valid = validateInput(
      ListPlansQuery,
      { ...paging.query, type: opts.type, display_currency: opts.displayCurrency },
      asFlag,
    );
    const client = await createClient(ctx);
    await printList(ctx, client.plans.list(valid, paging.options), planView, paging);
  },
);

// What an order may name, as the catalog lists it (additional properties of Plan).
const OPTION_LISTS = [
  ['periods', 'period_ref'],
  ['os_images', 'os_image_ref'],
  ['regions', 'region_ref'],
  ['addons', 'addon_ref'],
] as const;

/** `REF-PERIOD-11 monthly, REF-PERIOD-12 yearly`: one list of refs and names in one cell. */
function optionCell(plan: Plan, field: (typeof OPTION_LISTS)[number][0], refField: string) {
  const list = plan[field] as readonly Record<string, unknown>[] | undefined;
  if (list === undefined) return undefined;
  if (list.length === 0) return 'none';
  return list
    .map((option) => [option[refField], option.name].filter((v) => v !== undefined).join(' '))
    .join(', ');
}

/** The one-object table of a plan: its fields, with the option lists one cell each. */
function planCells(plan: Plan): ObjectCells {
  const cells = leafCells(plan);
  for (const [field, refField] of OPTION_LISTS) {
    if (field in plan) cells[field] = optionCell(plan, field, refField);
  }
  return cells;
}

/**
 * `refctl plans get CODE [--type] [--display-currency]`: one plan of the catalog with what
 * an order of it may name (periods, OS images, regions, addons: refs and names) and its stock.
 */
export const get = typedHandler(flagSchema(PLAN_GET_FLAGS), async (ctx, [given], opts) => {
  // A code an order could name: an empty one is a typo, refused before the catalog is read.
  const code = validateInput(CreateOrderRequest.shape.plan_code, given, () => 'plan code');
  const query = validateInput(
    ListPlansQuery,
    { limit: 100, type: opts.type, display_currency: opts.displayCurrency },
    asFlag,
  );
  const client = await createClient(ctx);
  for await (const plan of client.plans.list(query, { signal: ctx.signal })) {
    if (plan.code !== code) continue;
    await print(ctx, { kind: 'object', value: plan, view: planView, cells: planCells(plan) });
    return;
  }
  const type = opts.type === undefined ? '' : ` --type ${opts.type}`;
  throw new CliError(
    `plan ${code} not found: it is not for sale to this account; see: refctl plans list${type}`,
    EXIT.notFound,
    'plan_not_found',
  );
});
