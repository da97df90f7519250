import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REFCTL } from './helpers/run-refctl';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

// `@scope/name/sub` → `@scope/name`, `name/sub` → `name`.
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package the built dist imports or requires at run time (node built-ins aside). */
async function distImports(): Promise<{ packages: string[]; required: string[] }> {
  const dist = dirname(REFCTL);
  const files = readdirSync(dist).filter((file) => /\.c?js$/.test(file));
  // esbuild parses the code (no regex over minified text) and lists what each file imports.
  const { metafile } = await build({
    entryPoints: files.map((file) => join(dist, file)),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: join(dist, 'scan'),
    logLevel: 'silent',
    plugins: [
      {
        name: 'bare-imports-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const specifiers = Object.values(metafile.inputs).flatMap((input) =>
    input.imports.filter((i) => i.external).map((i) => i.path),
  );
  const required = requireCalls(dist, files);
  const resolved = resolveCalls(dist, files);
  const packages = [...specifiers, ...required, ...resolved]
    .filter((s) => !isBuiltin(s))
    .map(packageOf);
  return { packages: [...new Set(packages)].sort(), required };
}

/**
 * Packages the dist finds on disk without importing them (`createRequire(…).resolve("x")`:
 * the --jq worker loads jq-web by its path).
 */
function resolveCalls(dist: string, files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(dist, file), 'utf8');
    // Not `import.meta.resolve(…)`: ink only probes for its optional devtools with it.
    for (const [, specifier] of text.matchAll(/(?<!import\.meta)\.resolve\("([^".][^"]*)"\)/g)) {
      if (specifier) found.push(specifier);
    }
  }
  return found;
}

const escapeName = (name: string) => name.replace(/\$/g, '\\$');

/**
 * What bundled CommonJS (commander) require()s: esbuild routes those calls through its
 * `__require` shim, which lives in one chunk and is imported by the others under minified
 * names, so each file's local name of the shim is looked up first.
 */
function requireCalls(dist: string, files: readonly string[]): string[] {
  const code = new Map(files.map((file) => [file, readFileSync(join(dist, file), 'utf8')]));
  const found: string[] = [];
  for (const [home, text] of code) {
    // CommonJS (main.cjs) calls require itself.
    const direct = home.endsWith('.cjs') ? 'require' : undefined;
    const shim = direct ?? /([\w$]+)=\([\w$]+=>typeof require<"u"\?require:/.exec(text)?.[1];
    if (shim === undefined) continue;
    const exported = new RegExp(`export\\{[^}]*(?<![\\w$])${escapeName(shim)} as ([\\w$]+)`).exec(
      text,
    )?.[1];
    for (const [file, body] of code) {
      const locals = file === home ? [shim] : [];
      const imports = new RegExp(`import\\{([^}]*)\\}from"\\./${home.replace('.', '\\.')}"`).exec(
        body,
      );
      for (const binding of imports?.[1]?.split(',') ?? []) {
        const [name, local] = binding.split(' as ');
        if (name === exported) locals.push(local ?? name ?? '');
      }
      for (const local of locals) {
        const calls = new RegExp(`(?<![\\w$.])${escapeName(local)}\\("([^"]+)"\\)`, 'g');
        for (const [, specifier] of body.matchAll(calls)) if (specifier) found.push(specifier);
      }
    }
  }
  return found;
}

describe('refctl package', () => {
  it('declares exactly what its dist imports: dependencies plus optional peers', async () => {
    const optionalPeers = Object.keys(manifest.peerDependencies ?? {}).filter(
      (name) => manifest.peerDependenciesMeta?.[name]?.optional === true,
    );
    const declared = [...Object.keys(manifest.dependencies ?? {}), ...optionalPeers].sort();
    const { packages, required } = await distImports();
    expect(packages).toEqual(declared);
    // The require() scan sees commander's calls (else it would pass vacuously).
    expect(required.map((s) => s.replace(/^node:/, ''))).toContain('events');
    // Everything else is bundled: @refapi/server (msw and its dependencies) is loaded only
    // by `server start`, and is not installed with refctl; jq-web (jq as WebAssembly, no
    // dependencies of its own) is loaded only by --jq, on its worker thread.
    expect(declared).toEqual(['@refapi/server', 'jq-web']);
  }, 60_000);

  it('main.cjs has no import() of its own: vm runs it, and there import() fails', () => {
    const main = readFileSync(join(dirname(REFCTL), 'main.cjs'), 'utf8');
    // The SDK's optional OpenTelemetry (refctl's client turns telemetry off) and the terminal
    // UI, which main-code-cache.ts imports for main.cjs.
    expect(main.match(/(?<![\w$.])import\(/g)).toHaveLength(1);
    expect(main).toMatch(/import\(\w+\)/);
    expect(main).toContain('"@opentelemetry/api"');
    expect(main).toContain('__refctlImportUi()');
  });
});
