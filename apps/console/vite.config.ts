import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Built into @refapi/server, which serves it at /__console/ (see packages/server/README.md).
export default defineConfig({
  base: '/__console/',
  plugins: [react()],
  // Workspace packages from their sources: the console builds before them (pnpm build).
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
  },
});
