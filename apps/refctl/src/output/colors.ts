// Plain SGR codes: the two styles refctl uses do not justify a color library on the
// cold-start path. Callers decide whether colors are allowed (see colorEnabled).

/** Bold text. */
export const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;
/** Red text (errors). */
export const red = (text: string) => `\u001b[31m${text}\u001b[39m`;
