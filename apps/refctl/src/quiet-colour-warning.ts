/**
 * `FORCE_COLOR=1` over `NO_COLOR` is a setting refctl documents (forcing wins, as in gh), but
 * Node 22 warns about it on stderr (`(node:PID) Warning: The 'NO_COLOR' env is ignored due to
 * the 'FORCE_COLOR' env being set.` and a `--trace-warnings` hint) as soon as anything loads
 * its colour check (fetch does): that one warning is dropped, every other one still prints.
 */
export function quietForcedColourWarning(): void {
  const env = process.env;
  if (env.FORCE_COLOR === undefined) return;
  if (env.NO_COLOR === undefined && env.NODE_DISABLE_COLORS === undefined) return;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/^The '[A-Z_' and]+' env is ignored due to the 'FORCE_COLOR' env being set\.$/.test(text)) {
      return;
    }
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
}
