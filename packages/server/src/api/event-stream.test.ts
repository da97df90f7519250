import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestJournal } from '../request-journal';
import type { RequestEntry } from '../state/server-context';
import { journalEvents, PING_MS, readableBody } from './event-stream';

const entry = { id: 'req_000000000000000000000001', status: 200 } as RequestEntry;

describe('journalEvents', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes one request event per new entry and a ping every 15 s, until stopped', () => {
    vi.useFakeTimers();
    const journal = new RequestJournal();
    journal.add({ ...entry, id: 'req_old' });
    const chunks: string[] = [];
    const stop = journalEvents(journal)(
      (chunk) => chunks.push(chunk),
      () => undefined,
    );
    journal.add(entry);
    vi.advanceTimersByTime(PING_MS);
    stop();
    journal.add(entry);
    vi.advanceTimersByTime(PING_MS);
    expect(chunks).toEqual([
      `event: request\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`,
      ': ping\n\n',
    ]);
  });

  it('becomes a WHATWG stream that stops when the reader cancels', async () => {
    const journal = new RequestJournal();
    const reader = readableBody(journalEvents(journal)).getReader();
    journal.add(entry);
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(`id: ${entry.id}`);
    await reader.cancel();
    expect(() => journal.add(entry)).not.toThrow();
  });

  it('ends, over both transports, once the journal is closed (its space deleted)', async () => {
    const journal = new RequestJournal();
    const reader = readableBody(journalEvents(journal)).getReader();
    let ended = 0;
    journalEvents(journal)(
      () => undefined,
      () => ended++,
    );
    journal.close();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(ended).toBe(1);
    // A stream opened on a closed journal ends at once.
    journalEvents(journal)(
      () => undefined,
      () => ended++,
    );
    expect(ended).toBe(2);
    journal.add(entry);
    expect(journal.list()).toHaveLength(1);
  });

  it('drops a reader that falls more than 1 MiB behind', async () => {
    let stopped = false;
    let write: (chunk: string) => void = () => {};
    const reader = readableBody((w) => {
      write = w;
      return () => {
        stopped = true;
      };
    }).getReader();
    for (let i = 0; i < 20 && !stopped; i++) write('x'.repeat(100 * 1024));
    expect(stopped).toBe(true);
    await expect(reader.read()).rejects.toThrow(/1 MiB behind/);
  });
});
