/**
 * The terminal UI, imported on first use. The npm build replaces this module in
 * dist/main.cjs (esbuild-plugins.ts, uiFromEntry): there the UI is dist/ui.js, imported by the
 * ES module that runs main.cjs.
 */
export const loadUi = (): Promise<typeof import('./index')> => import('./index');
