import { defineConfig } from 'tsup';

export default defineConfig({
  // values: the closed value sets without zod, for tools that must start fast (the CLI).
  // client: the contract without zod up front, for clients (the SDK), which import each
  // response's schema module on first use. In ESM those modules are chunks shared with
  // the index; the CJS build has no code splitting, so there `client` carries its own lazy
  // copies (the same schemas, built only when a response needs them).
  // The groups (`account`, `shield`, …, `common`, `text`): each group's schemas alone, for
  // tools that load only what a command needs (refctl); in ESM they share the index's chunks.
  entry: {
    index: 'src/index.ts',
    values: 'src/values.ts',
    client: 'src/client.ts',
    account: 'src/groups/account.ts',
    billing: 'src/groups/billing.ts',
    orders: 'src/groups/orders.ts',
    services: 'src/groups/services.ts',
    shield: 'src/groups/shield.ts',
    plans: 'src/groups/plans.ts',
    common: 'src/groups/common.ts',
    text: 'src/groups/text.ts',
    'request-plan': 'src/groups/request-plan.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node22',
});
