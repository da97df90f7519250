// Plain SGR codes: the three styles refctl uses do not justify a color library on the
// cold-start path. Callers decide whether colors are allowed (see colorEnabled).

/** Bold text. */
export const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;
/** Dimmed text. */
export const dim = (text: string) => `\u001b[2m${text}\u001b[22m`;
/** Red text (errors). */
export const red = (text: string) => `\u001b[31m${text}\u001b[39m`;
