import { isRefSdkError, RefClient } from '@refapi/sdk';
import { quickstart } from './quickstart';

// Run against `pnpm start` (the reference server): REF_API_KEY=refak_demo_eur_full pnpm start
// in this folder. The key and base URL come from REF_API_KEY / REF_BASE_URL.
try {
  const client = new RefClient();
  await quickstart(client, process.argv[2] ?? 'quickstart-order-1');
} catch (error) {
  console.error(isRefSdkError(error) ? error.message : error);
  process.exitCode = 1;
}
