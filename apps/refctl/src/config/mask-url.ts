// `scheme://user:password@` anywhere in a text, e.g. inside an error message.
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi;

/** `text` with the user name and password of every URL in it replaced by `***`. */
export function maskUrlCredentials(text: string): string {
  // Most texts hold no `@`: they skip compiling the pattern (every start checks its base URL).
  return text.includes('@') ? text.replace(USERINFO, '$1***@') : text;
}

/** Whether a URL carries a user name or password. */
export function hasUrlCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}
