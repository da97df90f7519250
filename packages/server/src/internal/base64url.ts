// base64url without Buffer (the server also runs in browsers): btoa/atob exist in Node 16+,
// Bun, Deno and browsers.

/** base64url (no padding) of bytes, or of text as UTF-8. */
export function base64UrlEncode(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64url (padding optional) to UTF-8 text; throws on anything else. */
export function base64UrlDecodeText(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new SyntaxError('not base64url');
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
