import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The READMEs' TypeScript claims compile: every ```ts block of the SDK's documents becomes a
// module of its own and tsc checks them all, with the repository's compiler settings. A
// block that says something does not compile marks the line `// @ts-expect-error`, so tsc
// fails the test if it ever does compile. Blocks use a few names without declaring them
// (`client`, `shield`, `rule` …): the prelude declares those.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The documents whose ```ts blocks are SDK code; the root README's are included when it has any. */
const DOCUMENTS = ['packages/sdk/README.md', 'README.md'];
// Inside the SDK package, so '@refapi/sdk' and its dev dependencies resolve as from a test.
const WORK = join(ROOT, 'packages/sdk/node_modules/.cache/readme-types');

const PRELUDE = `import type * as sdk from '@refapi/sdk';

// What the READMEs' snippets take as given: a client, one service's Shield, a queued rule.
declare global {
  const client: sdk.RefClient;
  const shield: sdk.ShieldResource;
  const rule: sdk.ShieldRule;
  const myPinoLikeLogger: sdk.Logger;
  const RefClient: typeof sdk.RefClient;
}
export {};
`;

/** One ```ts block: the document, the line of its opening fence, its code. */
interface Block {
  readonly document: string;
  readonly line: number;
  readonly code: string;
}

function tsBlocks(document: string): Block[] {
  const lines = readFileSync(join(ROOT, document), 'utf8').split(/\r?\n/);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? '')) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end === -1) throw new Error(`${document}:${i + 1}: unclosed code fence`);
    blocks.push({ document, line: i + 1, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const blocks = DOCUMENTS.flatMap(tsBlocks);

it('finds the ts blocks of the SDK README, the ones that claim an error included', () => {
  const sdk = blocks.filter((b) => b.document === 'packages/sdk/README.md');
  expect(sdk.length).toBeGreaterThan(10);
  expect(sdk.some((b) => b.code.includes('@ts-expect-error'))).toBe(true);
});

it('type-checks every ts block of the READMEs', () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const files = new Map<string, Block>();
  blocks.forEach((block, n) => {
    const file = `block-${n}.ts`;
    // `export {}` makes each block a module: top-level await, and no names shared.
    writeFileSync(join(WORK, file), `${block.code}\nexport {};\n`);
    files.set(file, block);
  });
  writeFileSync(join(WORK, 'prelude.d.ts'), PRELUDE);
  writeFileSync(
    join(WORK, 'tsconfig.json'),
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.base.json'),
      compilerOptions: { noUnusedLocals: false },
      include: ['*.ts'],
    }),
  );
  // The repository's tsc (TypeScript 7, the `typescript-7` package owns the bin).
  const result = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', WORK], {
    encoding: 'utf8',
  });
  // Errors point at the README line: `block-3.ts(4,7)` is four lines below block 3's fence.
  const errors = `${result.stdout}${result.stderr}`.replace(
    /(?:\S*\/)?(block-\d+\.ts)\((\d+),(\d+)\)/g,
    (all, file: string, line: string, column: string) => {
      const block = files.get(file);
      return block ? `${block.document}:${block.line + Number(line)}:${column}` : all;
    },
  );
  expect(errors.trim()).toBe('');
  expect(result.status).toBe(0);
  rmSync(WORK, { recursive: true, force: true });
  // One tsc over the SDK's sources: about 10 s alone, more beside other tests.
}, 60_000);
