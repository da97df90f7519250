import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

// Vite's default server conditions, with ours first: workspace packages resolve to their
// TypeScript sources (the `@refapi/source` export condition), so tests need no prior build.
const conditions = ['@refapi/source', 'module', 'node', 'development|production'];

/** Shared settings of every vitest project in the workspace. */
export function refapiProject(name: string, test: UserWorkspaceConfig['test'] = {}) {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions } },
    test: { name, environment: 'node', ...test },
  });
}
