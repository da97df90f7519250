/** Says why the console shows the root again (the space it showed is gone), until dismissed. */
export function SpaceNotice({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <div className="space-notice" role="alert" data-testid="space-notice">
      <span>{text}</span>
      <button type="button" className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
