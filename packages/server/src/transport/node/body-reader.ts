import type { Readable } from 'node:stream';
import { bodyTextOf } from '../../api/body-text';
import type { BodyDeadlines } from './body-deadlines';

/** A body read under a limit: its text (undefined when empty or unread), or too large. */
export interface LimitedBody {
  readonly body?: string;
  readonly tooLarge: boolean;
  /** The bytes were not UTF-8 (`body` has U+FFFD in their place): see `api/body-text.ts`. */
  readonly notUtf8?: true;
  /** The body did not arrive whole before the deadline (the stream is left paused). */
  readonly timedOut?: boolean;
  /**
   * The stream failed before the body's end (node's parser refused the rest, or the
   * connection closed): what arrived is not the body, and nothing of it is kept.
   */
  readonly cutOff?: boolean;
}

const CUT_OFF: LimitedBody = { tooLarge: false, cutOff: true };

/**
 * Reads a request body of at most `limit` bytes. A declared Content-Length over the limit
 * is refused before reading; without one (chunked), reading stops the moment the total
 * passes the limit: the stream is paused and nothing past the limit is kept, so the caller
 * can answer 413 while the client is still sending. A body still arriving when its
 * `deadlines` pass is given up the same way (a trickle must not hold the connection).
 */
export function readLimitedBody(
  stream: Readable,
  limit: number,
  declaredLength: string | undefined,
  /** How long the whole body may take to arrive; past it, `timedOut`. None: no limit. */
  deadlines?: BodyDeadlines,
): Promise<LimitedBody> {
  if (declaredLength !== undefined && Number(declaredLength) > limit) {
    return Promise.resolve({ tooLarge: true });
  }
  // Failed already (its connection closed, or the parser refused the body, before the
  // credentials were checked): no 'end' will come.
  if (stream.destroyed && !stream.readableEnded) return Promise.resolve(CUT_OFF);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: LimitedBody) => {
      if (deadline !== undefined) deadlines?.done(deadline);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onCutOff);
      stream.off('close', onCutOff);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      stream.pause();
      finish({ tooLarge: true });
    };
    const onEnd = () =>
      finish(
        size === 0
          ? { tooLarge: false }
          : // Decoded whole, not chunk by chunk: a character may span two chunks.
            { ...bodyTextOf(Buffer.concat(chunks)), tooLarge: false },
      );
    const deadline = deadlines?.start(() => {
      chunks.length = 0;
      stream.pause();
      finish({ tooLarge: false, timedOut: true });
    });
    // An error or a close before 'end': a body shorter than its Content-Length then a FIN
    // or reset, or a chunk the parser refused. Taken as the body, the part that arrived
    // could be whole JSON and run (an order bought while the client got a 400).
    const onCutOff = () => {
      chunks.length = 0;
      finish(CUT_OFF);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onCutOff);
    stream.on('close', onCutOff);
  });
}
