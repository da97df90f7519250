import { z } from 'zod';

/** Pattern of an integer query value: plain decimal digits (a `-` only where negatives are valid). */
const QUERY_INT_PATTERN = /^\d{1,15}$/;
const SIGNED_QUERY_INT_PATTERN = /^-?\d{1,15}$/;

// Query values arrive as strings: only plain decimal digits are numbers (no `0x10`, `1e1`,
// `+5` or padding, which `Number()` would take), then bounded. Callers in code may pass a
// number. The output side (what the OpenAPI document shows) is the bounded integer.
export const queryInt = (min: number, max: number, fallback: number) =>
  z
    .union([z.int(), z.string().regex(min < 0 ? SIGNED_QUERY_INT_PATTERN : QUERY_INT_PATTERN)])
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .default(fallback);
