import type { z } from 'zod';

/**
 * The admin route of a control: `GET path` shows it, `POST path` changes it. The body is
 * validated by `body` (a 400 `invalid_body: …` otherwise) and turned into a patch.
 */
interface ControlRoute<V, B> {
  /** E.g. `/__admin/faults`. */
  readonly path: string;
  /** The POST body (wire names, e.g. `latency_ms`). */
  readonly body: z.ZodType<B>;
  /** The change a POST body asks for. */
  toPatch(body: B, current: V): Partial<V>;
  /** The GET answer (and the POST answer unless `answer` says otherwise). */
  view(value: V): unknown;
  /** The POST answer, when it is not the GET view. */
  answer?(value: V, body: B): unknown;
}

/**
 * One admin control (a switch beside the state, e.g. the provider faults): everything the
 * server does with it, in one place. The control plane resets it on every scenario load
 * and reset, the state file logs and snapshots its export, recovery and replay import it,
 * the admin routes serve its route and describe it (`GET /__admin/controls`), the request
 * journal names the faults it injected, all by iterating the registry (`registry.ts`).
 */
export interface ControlSlice<V> {
  /** Key in the state file's `controls` and in the write-ahead log's line stamps. */
  readonly name: string;
  /** What the control does, for people (`GET /__admin/controls`; the console shows it). */
  readonly description?: string;
  /** The value as exported and imported (strict: what the state file holds). */
  readonly schema: z.ZodType<V>;
  /** The value on start, and after every scenario load and reset. */
  initial(): V;
  /** An admin change: the value after `patch` (default: `{ ...current, ...patch }`). */
  apply(current: V, patch: Partial<V>): V;
  /** Plain JSON for the state file (default: a copy). */
  export(value: V): unknown;
  /** The value from its export; throws when it does not fit `schema`. */
  import(exported: unknown): V;
  readonly route?: ControlRoute<V, unknown>;
  /**
   * Names the fault this control injected into a response, for the request journal's
   * `fault` column (e.g. `power:reject`), or null when it did not shape it.
   */
  faultLabel?(seen: FaultSeen<V>): string | null;
  /**
   * A label for a control that shapes every response (added latency): the request
   * journal uses it only when no control named a specific fault.
   */
  ambientLabel?(value: V): string | null;
}

/** What a control sees of one answered API request, to name the fault it injected. */
interface FaultSeen<V> {
  /** The value when the request came in (a one-shot switch may have been consumed since). */
  readonly before: V;
  readonly after: V;
  readonly status: number;
  /** The `error` code of the answer, if it has one (parsed on first call). */
  errorCode(): string | undefined;
}

/** What a control file declares; the rest of {@link ControlSlice} has defaults. */
export interface ControlDefinition<V, B> {
  readonly name: string;
  /** What the control does, in a sentence or two (admin UIs show it under its title). */
  readonly description?: string;
  readonly schema: z.ZodType<V>;
  initial(): V;
  apply?(current: V, patch: Partial<V>): V;
  export?(value: V): unknown;
  import?(exported: unknown): V;
  readonly route?: ControlRoute<V, B>;
  faultLabel?(seen: FaultSeen<V>): string | null;
  ambientLabel?(value: V): string | null;
}

/** Declares a control: one file, then one line in the registry. */
export function defineControl<V, B = unknown>(
  definition: ControlDefinition<V, B>,
): ControlSlice<V> {
  const { schema, route, faultLabel, ambientLabel } = definition;
  return {
    name: definition.name,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    schema,
    initial: definition.initial,
    apply: definition.apply ?? ((current, patch) => ({ ...current, ...patch })),
    export: definition.export ?? ((value) => structuredClone(value)),
    import: definition.import ?? ((exported) => schema.parse(exported)),
    // The body type is known only here; the admin routes hand back what `body` parsed.
    ...(route === undefined ? {} : { route: route as ControlRoute<V, unknown> }),
    ...(faultLabel === undefined ? {} : { faultLabel }),
    ...(ambientLabel === undefined ? {} : { ambientLabel }),
  };
}
