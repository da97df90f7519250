// What each kind of reference is called and one that exists in the demo scenario, so a
// malformed one is answered with what is expected: `expected a service reference like
// REF-SVC-101`, not the pattern it failed. Keyed by the kind in `REF-<KIND>-…`.

/** A reference kind: what it names, its name in messages and an example. */
export interface RefKind {
  /** What a reference of the kind names: `service`. */
  readonly thing: string;
  /** `a service reference`. */
  readonly noun: string;
  readonly example: string;
}

const KINDS: Readonly<Record<string, RefKind>> = {
  ACCT: { thing: 'account', noun: 'an account reference', example: 'REF-ACCT-1' },
  INV: { thing: 'invoice', noun: 'an invoice reference', example: 'REF-INV-28' },
  ORD: { thing: 'order', noun: 'an order reference', example: 'REF-ORD-101' },
  TXN: { thing: 'transaction', noun: 'a transaction reference', example: 'REF-TXN-101' },
  SVC: { thing: 'service', noun: 'a service reference', example: 'REF-SVC-101' },
  PLAN: { thing: 'plan', noun: 'a plan reference', example: 'REF-PLAN-1' },
  ADDON: { thing: 'addon', noun: 'an addon reference', example: 'REF-ADDON-11' },
  OS: { thing: 'OS image', noun: 'an OS image reference', example: 'REF-OS-11' },
  PERIOD: { thing: 'billing period', noun: 'a billing period reference', example: 'REF-PERIOD-11' },
  REGION: { thing: 'region', noun: 'a region reference', example: 'REF-REGION-11' },
};

/** A Shield rule id (the emergency rule of the demo's REF-SVC-101). */
export const RULE_ID: RefKind = {
  thing: 'rule',
  noun: 'a rule id (a UUID)',
  example: '68bf1653-9ab6-579f-af52-732921c010d9',
};

/** A list cursor: the reference of the last item of a page (`next_cursor`). */
const CURSOR: RefKind = {
  thing: 'cursor',
  noun: 'a reference from next_cursor of a previous page',
  example: 'REF-INV-28',
};

/**
 * The kind a reference pattern stands for: `/^REF-SVC-[0-9A-F]+$/` → service; a cursor
 * pattern (`REF-(INV|ORD|…)-`) → cursor; undefined for any other pattern.
 */
export function refKindOfPattern(pattern: string): RefKind | undefined {
  if (/\^REF-\([A-Z|]+\)-/.test(pattern)) return CURSOR;
  const kind = /\^REF-([A-Z]+)-/.exec(pattern)?.[1];
  return kind === undefined ? undefined : KINDS[kind];
}

/** The kind of a reference such as `REF-SVC-101`; undefined for anything else. */
export function refKindOf(ref: string): RefKind | undefined {
  const kind = /^REF-([A-Z]+)-[0-9A-F]+$/.exec(ref)?.[1];
  return kind === undefined ? undefined : KINDS[kind];
}
