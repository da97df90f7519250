/** Budget for JS and CSS together, gzipped. */
export declare const BUDGET_BYTES: number;
/** Gzipped bytes per asset and in total of `dir/assets/*.{js,css}`. */
export declare function bundleSize(dir: string): {
  files: { name: string; gzip: number }[];
  total: number;
};
