// The server's rooms (each folder and each top-level file of src/; transport/* one room each) must import each other
// without a circle, type-only imports included: they say which room owns a fact (#37).
// dependency-cruiser reads the imports; this script folds modules into rooms and reports
// every strongly connected group of rooms as one circle. Exit 1 when there is one.
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

// The server's src/ by default; another folder of rooms may be named (the test names a made-up
// circle). Paths are read relative to the folder's parent, wherever this is run from.
const target = resolve(process.argv[2] ?? fileURLToPath(new URL('../src', import.meta.url)));
process.chdir(dirname(target));
const src = `${basename(target)}/`;
const result = await cruise([src], {
  tsPreCompilationDeps: true, // `import type` counts: it names the owner of a type
  exclude: { path: ['\\.test\\.ts$', '/test-[^/]*\\.ts$'] },
  doNotFollow: { path: 'node_modules' },
});

// Folders that group rooms rather than being one: `transport/node` and `transport/web` are two.
const groups = new Set(['transport']);

/** `src/api/cors.ts` → `api`; `src/cli.ts` → `cli.ts`; `src/transport/node/x.ts` → `transport/node`. */
const roomOf = (path) => {
  if (!path.startsWith(src)) return null;
  const segments = path.slice(src.length).split('/');
  return groups.has(segments[0]) && segments.length > 2
    ? `${segments[0]}/${segments[1]}`
    : segments[0];
};

const edges = new Map(); // room → Map(room → one example import)
for (const module of result.output.modules) {
  const from = roomOf(module.source);
  if (from === null) continue;
  if (!edges.has(from)) edges.set(from, new Map());
  for (const dependency of module.dependencies) {
    const to = roomOf(dependency.resolved);
    if (to === null || to === from || edges.get(from).has(to)) continue;
    edges
      .get(from)
      .set(to, `${module.source.slice(src.length)} → ${dependency.resolved.slice(src.length)}`);
  }
}

// Tarjan's strongly connected components over the room graph.
let next = 0;
const index = new Map();
const low = new Map();
const stack = [];
const circles = [];
const visit = (room) => {
  index.set(room, next);
  low.set(room, next++);
  stack.push(room);
  for (const to of edges.get(room)?.keys() ?? []) {
    if (!index.has(to)) {
      visit(to);
      low.set(room, Math.min(low.get(room), low.get(to)));
    } else if (stack.includes(to)) {
      low.set(room, Math.min(low.get(room), index.get(to)));
    }
  }
  if (low.get(room) === index.get(room)) {
    const group = [];
    let member;
    do {
      member = stack.pop();
      group.push(member);
    } while (member !== room);
    if (group.length > 1) circles.push(group.sort());
  }
};
for (const room of [...edges.keys()].sort()) if (!index.has(room)) visit(room);

if (circles.length === 0) {
  console.log(`rooms: ${edges.size} rooms of ${target}, no circle`);
} else {
  for (const group of circles) {
    console.error(`rooms: a circle of ${group.length}: ${group.join(', ')}`);
    for (const from of group) {
      for (const [to, example] of edges.get(from)) {
        if (group.includes(to)) console.error(`  ${from} → ${to}   (${example})`);
      }
    }
  }
  process.exitCode = 1;
}
