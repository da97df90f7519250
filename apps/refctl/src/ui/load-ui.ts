/**
 * The terminal UI, imported on first use. The npm build replaces this module in
 * dist/main.cjs (esbuild-plugins.ts, uiFromEntry): there the UI is dist/ui.js, imported by
 * dist/refctl.cjs, which runs main.cjs (main-code-cache.ts).
 */
export const loadUi = (): Promise<typeof import('./index')> => import('./index');
