import type { Command } from 'commander';
import type { App } from '../cli/app';
import {
  examples,
  idempotencyOption,
  listOptions,
  oneObjectOutput,
  planOutOption,
  yesOption,
} from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { ORDER_CREATE_FLAGS } from '../flags/command-flags';

const load = () => import('../actions/billing');
const loadOrder = () => import('../actions/order-create');

/** `refctl invoices|orders|transactions …`. */
export function registerBilling(program: Command, app: App): void {
  const invoices = program.command('invoices').description('invoices of the account');
  examples(
    listOptions(
      invoices.command('list').description('list invoices, newest first'),
      'listInvoices',
    ).action(lazyAction(app, load, (m) => m.invoicesList)),
    'refctl invoices list --limit 10',
    'refctl invoices list --paginate -o csv > invoices.csv',
  );

  const transactions = program.command('transactions').description('ledger transactions');
  examples(
    listOptions(
      transactions.command('list').description('list transactions, newest first'),
      'listTransactions',
    ).action(lazyAction(app, load, (m) => m.transactionsList)),
    'refctl transactions list --paginate -o ndjson',
  );

  const orders = program.command('orders').description('orders: list and buy');
  examples(
    listOptions(
      orders.command('list').description('list orders, newest first'),
      'listOrders',
    ).action(lazyAction(app, load, (m) => m.ordersList)),
    'refctl orders list --limit 5',
  );

  const create = addFlags(
    orders
      .command('create')
      .description('buy one service from the balance (shows the price and asks first)'),
    ORDER_CREATE_FLAGS,
  );
  examples(
    oneObjectOutput(
      planOutOption(yesOption(idempotencyOption(create))).action(
        lazyAction(
          app,
          loadOrder,
          (m) => m.create,
          (m) => m.askOrder,
        ),
      ),
    ),
    'refctl orders create --type kvm --plan kvm-s --period REF-PERIOD-11 --os REF-OS-11 --yes',
    'refctl orders create --type kvm --plan kvm-s --addon REF-ADDON-11=2 --yes -o json',
    'refctl orders create --type kvm --plan kvm-s --dry-run',
    'refctl orders create --type kvm --plan kvm-s --plan-out order.plan.json',
  );
}
