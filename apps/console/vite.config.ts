import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** `@refapi/server`'s sources, which the console reads through the `@refapi/source` condition. */
const SERVER_SOURCES = /[\\/]packages[\\/]server[\\/]src[\\/]/;

// Built into @refapi/server, which serves it at /__console/ (see packages/server/README.md).
export default defineConfig({
  base: '/__console/',
  plugins: [react()],
  // Workspace packages from their sources: the console needs no build of them.
  resolve: { conditions: ['@refapi/source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('../../packages/server/console', import.meta.url)),
    emptyOutDir: true,
    // The CSP allows no inline script or style: never inline assets, and no module preload
    // polyfill (it is an inline script).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The console takes types and plain values (the admin paths) from
      // `@refapi/server/browser`; the rest of that entry (the server itself, msw, zod) is
      // unused here. Its modules run nothing on import that the console needs, so an
      // unused one is left out whole.
      treeshake: {
        moduleSideEffects: (id: string) => (SERVER_SOURCES.test(id) ? false : undefined),
      },
    },
  },
});
