// Plain SGR codes: the few styles refctl uses do not justify a color library on the
// cold-start path. Callers decide whether colors are allowed (see colorEnabled).

/** Bold text. */
export const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;
/** Red text (errors). */
export const red = (text: string) => `\u001b[31m${text}\u001b[39m`;
/** Green text (states that are fine: active, paid). */
export const green = (text: string) => `\u001b[32m${text}\u001b[39m`;
/** Yellow text (states on their way: queued, applying). */
export const yellow = (text: string) => `\u001b[33m${text}\u001b[39m`;
/** Dim text (states that ended: off, expired). */
export const dim = (text: string) => `\u001b[2m${text}\u001b[22m`;
