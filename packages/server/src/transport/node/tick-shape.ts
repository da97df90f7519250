import { createHook } from 'node:async_hooks';

// Node 22's V8 (12.x) builds each `process.nextTick` entry as an object literal with two
// computed keys, and its inline cache for them remembers the literal's map only weakly. A
// server left idle while a timer runs gets V8's memory reducer, whose full collections find
// no entry alive: the map dies, the cache turns megamorphic for good, and every later tick
// goes through the runtime. Node's own request path ticks about eight times per request, so
// an idled server stayed about a fifth slower for the rest of its life (bench: GET /v1/me,
// 52 → 67 µs of CPU). Keeping one entry alive keeps its map. V8 13 (Node 24) has no such loss.
const kept: object[] = [];

/** Keeps one `process.nextTick` entry alive so node's tick queue stays on V8's fast path. */
export function keepTickObjectShape(v8Version = process.versions.v8): void {
  if (kept.length > 0 || Number(v8Version.split('.', 1)[0]) >= 13) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && kept.length === 0) kept.push(resource);
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}

/** Whether an entry is kept (tests). */
export const tickObjectKept = (): boolean => kept.length > 0;
