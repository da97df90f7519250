import { defineConfig } from 'vitest/config';
import { ProjectGroupedSequencer } from './vitest.sequencer.ts';

// One vitest project per workspace package; each package owns its vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'examples/*', 'test'],
    sequence: { sequencer: ProjectGroupedSequencer },
  },
});
