import type { ReactNode } from 'react';
import { AdminError } from '../../api';

/** Runs one admin call under a label, reports done or the error, then refreshes the state. */
export type Run = (label: string, action: () => Promise<unknown>) => Promise<void>;

/** An admin error as `error (status)`, any other as its message. */
export const describeError = (cause: unknown) =>
  cause instanceof AdminError ? `${cause.error} (${cause.status})` : (cause as Error).message;

/** A titled card of the controls view; `description` says what the control does. */
export function Card({
  title,
  description,
  children,
}: {
  title: string;
  description?: string | undefined;
  children: ReactNode;
}) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      className="card"
      aria-labelledby={id}
      aria-describedby={description ? `${id}-about` : undefined}
    >
      <h3 id={id}>{title}</h3>
      {description && (
        <p className="card-description muted" id={`${id}-about`}>
          {description}
        </p>
      )}
      {children}
    </section>
  );
}
