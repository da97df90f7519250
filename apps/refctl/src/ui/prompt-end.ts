/** How a prompt ended: an answer, Esc (`cancel`) or Ctrl-C (`interrupt`). */
export type PromptEnd<T> =
  | { readonly kind: 'answer'; readonly value: T }
  | { readonly kind: 'cancel' | 'interrupt' };

/** The keys every prompt shares: Esc cancels, Ctrl-C interrupts (raw mode: no SIGINT). */
export function cancelKey(
  input: string,
  key: { readonly ctrl: boolean; readonly escape: boolean },
): 'cancel' | 'interrupt' | undefined {
  if (key.ctrl && input === 'c') return 'interrupt';
  return key.escape ? 'cancel' : undefined;
}
