// Runtime probes kept in one place so the package never imports a `node:` module and
// still behaves well on Node, Bun, Deno and in browsers.

interface ProcessLike {
  env?: Record<string, string | undefined>;
}

/** Reads an environment variable where the runtime has `process` (Node, Bun, Deno's compat). */
export function readEnv(name: string): string | undefined {
  const proc = (globalThis as { process?: ProcessLike }).process;
  try {
    const value = proc?.env?.[name]?.trim();
    return value === '' ? undefined : value;
  } catch {
    // Deno without --allow-env throws on access: behave as if unset.
    return undefined;
  }
}

/** Whether we run in a browser page or worker, where `User-Agent` is a forbidden header. */
export function isBrowserLike(): boolean {
  const g = globalThis as {
    document?: unknown;
    WorkerGlobalScope?: unknown;
    importScripts?: unknown;
  };
  return g.document !== undefined || typeof g.importScripts === 'function';
}

/** A random UUID v4; falls back to getRandomValues where randomUUID is missing (insecure contexts). */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
