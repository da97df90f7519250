// The main script of the refctl executable (scripts/build-binary.ts): bin.ts with the
// commands in the same bundle, whose V8 code cache the executable carries (`--version` is
// answered by the bundle's first statement).
const args = process.argv.slice(2);
const code =
  args[0] === 'server' && args[1] === 'start'
    ? await (await import('./server-start')).serverStart(args.slice(2))
    : await (await import('./main')).main();
// Let stdout drain (pipes are asynchronous on some platforms) before ending.
process.stdout.write('', () => process.exit(code));

export {};
