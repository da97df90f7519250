/** Where `vite build` writes the console (ref-server serves it at /__console/). */
export declare const CONSOLE_DIR: string;
/** Whether the built console is missing or older than a source file. */
export declare function consoleIsStale(): boolean;
/** Runs `vite build` when the console is stale; returns whether it built. */
export declare function ensureConsoleBuilt(): boolean;
