/** The `-o` formats; `table` is the default. */
export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'csv', 'ndjson'] as const;

/** One output format. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
