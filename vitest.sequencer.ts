import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * About how long each slow file takes, in seconds (2-core profile of two runs, late November
 * 2026). A fresh clone has no results cache, so without this the longest files could start last and leave
 * one worker finishing alone; with it they start first. Later runs use the cache's durations.
 */
const KNOWN_SECONDS: Record<string, number> = {
  'test/docs/readme-snippets.test.ts': 77,
  'apps/console/test/console.e2e.test.ts': 33,
  'apps/console/test/copy-as-round-trip.test.ts': 26,
  'packages/server/test/persistence-kill.test.ts': 21,
  'packages/mcp/test/http-stateless.test.ts': 15,
  'apps/refctl/test/help-examples.test.ts': 15,
  'apps/refctl/test/order-prices.test.ts': 13,
  'apps/console/test/console-spaces.e2e.test.ts': 12,
  'packages/mcp/test/conformance.test.ts': 11,
  'apps/refctl/test/interactive.test.ts': 11,
  'packages/server/test/rate-limit.test.ts': 9,
  'packages/mcp/test/bin.test.ts': 9,
  'apps/refctl/test/api.test.ts': 9,
  'packages/server/test/bin.test.ts': 6,
  'packages/server/test/fuzz.test.ts': 6,
  'test/toolchain.test.ts': 5,
  'apps/refctl/test/hardening.test.ts': 5,
  'apps/refctl/test/live-views.test.ts': 5,
  'packages/sdk/test/chaos.test.ts': 5,
  'packages/server/test/connection-limits.test.ts': 5,
  'packages/server/test/journal-listing.test.ts': 5,
};

/**
 * The longest files first across every project (vitest's own order keeps projects apart),
 * so both workers stay busy until the end.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = `${this.ctx.config.root}/`;
    const seconds = (spec: TestSpecification) =>
      this.ctx.cache.getTestSpecificationResult(spec)?.duration !== undefined
        ? (this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? 0) / 1000
        : (KNOWN_SECONDS[spec.moduleId.replace(root, '')] ?? 0);
    // Stable: files of equal weight (most of them: 0) keep vitest's order.
    return ordered
      .map((spec, index) => ({ spec, index, weight: seconds(spec) }))
      .sort((a, b) => b.weight - a.weight || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
