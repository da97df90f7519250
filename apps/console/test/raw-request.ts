import { request } from 'node:http';

/** A request exactly as a client put it on the wire. */
export interface Sent {
  method: string;
  /** Path and query exactly as they go on the request line. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends a request line as given: fetch would percent-encode the `{}` some tests are about. */
export function send(
  origin: string,
  { method, target, headers = {}, body }: Sent,
): Promise<number> {
  return new Promise((done, fail) => {
    const outgoing = request(`${origin}${target}`, { method, headers }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
    });
    // node:http re-reads the URL; put the raw target back on the request line.
    outgoing.path = target;
    outgoing.on('error', fail).end(body);
  });
}
