/**
 * A Node built-in module where the runtime has one (Node, Bun, Deno), found without an
 * import a browser bundle could not resolve (the reference server also runs in browsers,
 * under msw's setupWorker); undefined there.
 */
export function nodeBuiltin<T>(id: string): T | undefined {
  const runtime = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } | undefined }
  ).process;
  if (typeof runtime?.getBuiltinModule !== 'function') return undefined;
  try {
    return runtime.getBuiltinModule(id) as T | undefined;
  } catch {
    return undefined;
  }
}
