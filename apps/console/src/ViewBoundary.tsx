import { Component, type ErrorInfo, Fragment, type ReactNode } from 'react';

interface Props {
  /** The view's name, as the navigation shows it. */
  title: string;
  /** Where "back" leads (another view's hash); no back link when undefined. */
  backHref?: string | undefined;
  children: ReactNode;
}

interface State {
  error: Error | undefined;
  /** Bumped by "Try again": a new key mounts the view afresh, its state reset. */
  attempt: number;
}

/**
 * Holds one view's crash to that view. Without a boundary React unmounts the whole tree on
 * an error thrown while rendering, and the console goes blank; with one, the view shows what
 * broke while the navigation, sign-out and other views keep working.
 */
export class ViewBoundary extends Component<Props, State> {
  override state: State = { error: undefined, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The stack is for whoever opens the devtools; the panel says what an operator needs.
    console.error(
      `refapi console: the ${this.props.title} view crashed`,
      error,
      info.componentStack,
    );
  }

  retry = () => this.setState(({ attempt }) => ({ error: undefined, attempt: attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    const { title, backHref, children } = this.props;
    if (error === undefined) return <Fragment key={attempt}>{children}</Fragment>;
    return (
      <section className="card view-error" aria-labelledby="view-error-title">
        <h2 id="view-error-title">The {title} view stopped</h2>
        <p role="alert">
          It hit an error it could not handle: <code>{`${error.name}: ${error.message}`}</code>
        </p>
        <p className="muted">The other views still work. Trying again starts this view afresh.</p>
        <div className="button-row">
          <button type="button" onClick={this.retry}>
            Try again
          </button>
          {backHref && <a href={backHref}>Back to Journal</a>}
        </div>
      </section>
    );
  }
}
