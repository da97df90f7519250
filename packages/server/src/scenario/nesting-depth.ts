import { formatIssuePath } from '../internal/issue-path';

/**
 * How deep arrays and objects may nest in a scenario document. Its own shapes go ~8 deep
 * (a stored answer's body, a Shield rule's match); what a scenario does not describe
 * (`extensions` of other modules, stored bodies) passes through as it is. Without a cap a
 * document nested 100,000 deep loaded, then broke every later `JSON.stringify` of the
 * state (export, snapshots, the state file) with a stack overflow: 500s, and with
 * `--state-file` a load applied in memory but never saved.
 */
export const MAX_SCENARIO_DEPTH = 64;

/** One container on the walk, with the way back to the root (built only when reported). */
interface Step {
  readonly value: object;
  readonly depth: number;
  readonly key?: PropertyKey;
  readonly parent?: Step;
}

/**
 * The JSON path of the first array or object nested past `max` levels in `document`, or
 * undefined. Walked with a stack of its own, not recursion: the depth it looks for is the
 * one that overflows the call stack.
 */
export function tooDeepPath(document: unknown, max = MAX_SCENARIO_DEPTH): string | undefined {
  if (document === null || typeof document !== 'object') return undefined;
  const stack: Step[] = [{ value: document, depth: 1 }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    if (step.depth > max) return formatIssuePath(pathOf(step));
    const entries: Iterable<[PropertyKey, unknown]> = Array.isArray(step.value)
      ? step.value.entries()
      : Object.entries(step.value);
    for (const [key, child] of entries) {
      if (child !== null && typeof child === 'object') {
        stack.push({ value: child, depth: step.depth + 1, key, parent: step });
      }
    }
  }
  return undefined;
}

function pathOf(step: Step): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
