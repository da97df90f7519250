// Which fields of the SDK's result types have no doc comment, as an editor sees them: the
// TypeScript compiler API over a file that imports the types, each property's documentation
// read as a hover shows it, nested objects and array items included. Plain JavaScript so that
// `pnpm test:pack` runs it against the packed .d.ts files with the consumer's TypeScript.

/** The result types an application reads: every method's answer and what it holds. */
const RESULT_TYPES = [
  'Account',
  'Balance',
  'Invoice',
  'Order',
  'Transaction',
  'Service',
  'ServiceEnvelope',
  'ServiceStats',
  'AutoRenewResponse',
  'PowerResponse',
  'Plan',
  'CreateOrderResult',
  'ShieldOverview',
  'ShieldCapabilities',
  'ShieldRulePage',
  'ShieldRuleMutation',
  'ShieldProfileMutation',
  'ShieldTelemetry',
  'ShieldEvidence',
];

/** The source of a module that names every result type (`fileName` is where it is written). */
export const probeSource = () =>
  `import type { ${RESULT_TYPES.join(', ')} } from '@refapi/sdk';\n${RESULT_TYPES.map(
    (name) => `export type Probe${name} = ${name};`,
  ).join('\n')}\n`;

/**
 * `Type.path` of every property without documentation, walking the result types of the
 * probe file `fileName` (written from {@link probeSource}) with the compiler `ts`.
 */
export function undocumentedFields(ts, fileName, compilerOptions) {
  const program = ts.createProgram([fileName], { ...compilerOptions, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileName);
  if (source === undefined) throw new Error(`cannot read ${fileName}`);
  const diagnostics = ts.getPreEmitDiagnostics(program, source);
  if (diagnostics.length > 0) {
    throw new Error(ts.formatDiagnostics(diagnostics, host(ts)));
  }
  const missing = [];
  const seen = new Set();
  const walk = (type, path) => {
    for (const part of type.isUnion() ? type.types : [type]) {
      if (checker.isArrayType(part)) {
        walk(checker.getTypeArguments(part)[0], `${path}[]`);
        continue;
      }
      // An intersection (`CreateOrderResult`: the response and its metadata) is walked as one
      // object: its properties are those of all its members.
      if (!(part.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) || seen.has(part)) {
        continue;
      }
      seen.add(part);
      // Records (`by_type`) have no named fields to document.
      if (checker.getIndexInfosOfType(part).length > 0 && part.getProperties().length === 0) {
        continue;
      }
      for (const property of part.getProperties()) {
        const where = `${path}.${property.name}`;
        const doc = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
        if (doc === '') missing.push(where);
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        if (declaration === undefined) continue;
        walk(
          checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, declaration)),
          where,
        );
      }
    }
  };
  const moduleSymbol = checker.getSymbolAtLocation(source);
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    walk(checker.getDeclaredTypeOfSymbol(symbol), symbol.name.replace(/^Probe/, ''));
  }
  return missing;
}

function host(ts) {
  return {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => '',
    getNewLine: () => ts.sys.newLine,
  };
}
