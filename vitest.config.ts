import { defineConfig } from 'vitest/config';

// One vitest project per workspace package; each package owns its vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'examples/*', 'test'],
  },
});
