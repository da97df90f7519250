import type ts from 'typescript';

/** The source of a module that names every result type. */
export declare function probeSource(): string;
/** `Type.path` of every property without documentation, walking the probe file's result types. */
export declare function undocumentedFields(
  compiler: typeof ts,
  fileName: string,
  compilerOptions: ts.CompilerOptions,
): string[];
