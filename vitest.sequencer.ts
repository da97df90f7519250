import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * About how long each slow file takes, in seconds (2-core profile of a full run, 2 December
 * 2026). A fresh clone has no results cache, so without this the longest files could start
 * last and leave one worker finishing alone; with it their projects, and they within them,
 * start first. Later runs use the cache's durations.
 */
const KNOWN_SECONDS: Record<string, number> = {
  'packages/server/src/recording/fidelity.test.ts': 43,
  'test/docs/readme-snippets.test.ts': 32,
  'apps/console/test/console.e2e.test.ts': 22,
  'packages/server/test/persistence-kill.test.ts': 14,
  'apps/refctl/test/help-examples.test.ts': 12,
  'apps/refctl/test/interactive.test.ts': 12,
  'apps/refctl/test/live-views.test.ts': 12,
  'apps/console/test/console-spaces.e2e.test.ts': 11,
  'packages/mcp/test/http-transport.test.ts': 9,
  'packages/server/test/bin.test.ts': 9,
  'apps/console/test/copy-as-round-trip.test.ts': 8,
  'apps/refctl/test/api.test.ts': 8,
  'test/toolchain.test.ts': 6,
  'packages/sdk/test/readme-types.test.ts': 6,
  'packages/server/test/connection-limits.test.ts': 6,
  'apps/refctl/test/shield.test.ts': 6,
  'packages/mcp/test/bin.test.ts': 5,
  'packages/mcp/test/http-stateless.test.ts': 5,
  'packages/sdk/test/chaos.test.ts': 5,
  'packages/sdk/test/doc-comments.test.ts': 5,
  'packages/sdk/src/pagination/page-promise.test.ts': 5,
  'packages/sdk/src/internal/retry-policy.test.ts': 5,
  'packages/server/test/persistence-clock-kill.test.ts': 5,
  'packages/server/test/rate-limit.test.ts': 5,
  'packages/server/test/request-journal.test.ts': 5,
  'packages/mcp/test/sandbox-isolation.test.ts': 4,
  'packages/mcp/test/shield-wait.test.ts': 4,
  'packages/mcp/src/tools/wait-tool.test.ts': 4,
  'apps/console/test/console-admin.e2e.test.ts': 4,
  'packages/server/test/isolation.test.ts': 4,
  'packages/server/test/order-pricing.property.test.ts': 4,
  'packages/server/test/persistence.test.ts': 4,
  'apps/refctl/src/config/sent-rules.test.ts': 4,
};

/** The environment a file asks for in its docblock (`@vitest-environment happy-dom`). */
function environmentOf(file: string): string {
  try {
    return /@vitest-environment\s+(\S+)/.exec(readFileSync(file, 'utf8').slice(0, 500))?.[1] ?? '';
  } catch {
    return '';
  }
}

/**
 * Files kept together by project and environment, the groups in the order of their longest
 * file, each group's files longest first. A worker of an `isolate: false` project runs the
 * next file only when the queue's next file is of the same project and environment; any
 * other gets a new worker (~0.2 s to start, and every shared module evaluated again).
 * Ordering files longest first across projects spawned a worker for 282 of 379 files. The
 * last groups hold only short files, so the workers still finish together.
 */
export class ProjectGroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = `${this.ctx.config.root}/`;
    const seconds = (spec: TestSpecification) => {
      const ms = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      return ms !== undefined ? ms / 1000 : (KNOWN_SECONDS[spec.moduleId.replace(root, '')] ?? 0);
    };
    const weighed = ordered.map((spec, index) => ({
      spec,
      index,
      weight: seconds(spec),
      group: `${spec.project.name}\0${environmentOf(spec.moduleId)}`,
    }));
    const longest = new Map<string, number>();
    for (const file of weighed)
      longest.set(file.group, Math.max(longest.get(file.group) ?? 0, file.weight));
    // Stable: groups and files of equal weight keep vitest's order.
    const groupRank = new Map(
      [...longest]
        .map(([group, weight], index) => ({ group, weight, index }))
        .sort((a, b) => b.weight - a.weight || a.index - b.index)
        .map(({ group }, rank) => [group, rank]),
    );
    return weighed
      .sort(
        (a, b) =>
          groupRank.get(a.group)! - groupRank.get(b.group)! ||
          b.weight - a.weight ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
