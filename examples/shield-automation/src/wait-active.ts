import type { RefClient, ShieldRule } from '@refapi/sdk';

/** How to wait: the SDK's polling options. */
export interface WaitOptions {
  /** Give up after this many ms (TimeoutError). Default 120 000. */
  readonly timeout?: number;
  /** First pause between polls in ms; it grows up to 5 s. Default 500. */
  readonly interval?: number;
}

/**
 * Waits until every rule is `active`. A rule that ends `failed` rejects with the SDK's
 * WaitForError (its `errorCode` says why); the others keep being applied server-side.
 */
export async function waitUntilActive(
  client: RefClient,
  serviceRef: string,
  ruleIds: readonly string[],
  options: WaitOptions = {},
): Promise<ShieldRule[]> {
  const rules = client.shield(serviceRef).rules;
  const active = await Promise.all(
    ruleIds.map((id) => rules.waitFor(id, { state: 'active', ...options })),
  );
  return active.filter((rule): rule is ShieldRule => rule !== undefined);
}
