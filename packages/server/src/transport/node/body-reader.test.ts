import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLimitedBody } from './body-reader';

const KIB = 1024;

/** A 1 MiB upload in 16 KiB chunks that counts how many bytes were pulled from it. */
function upload(totalBytes = 1024 * KIB, chunkBytes = 16 * KIB) {
  const counter = { pulled: 0 };
  const stream = new Readable({
    highWaterMark: chunkBytes,
    read() {
      if (counter.pulled >= totalBytes) {
        this.push(null);
        return;
      }
      counter.pulled += chunkBytes;
      this.push(Buffer.alloc(chunkBytes, 0x61));
    },
  });
  return { stream, counter };
}

describe('readLimitedBody', () => {
  it('reads a body within the limit as text', async () => {
    const result = await readLimitedBody(
      Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]),
      64,
      undefined,
    );
    expect(result).toEqual({ body: '{"a":1}', tooLarge: false });
  });

  it('reads a character split across two chunks whole', async () => {
    const bytes = Buffer.from('{"a":"🛡"}');
    const cut = bytes.indexOf(0xf0) + 2;
    const result = await readLimitedBody(
      Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]),
      64,
      undefined,
    );
    expect(result).toEqual({ body: '{"a":"🛡"}', tooLarge: false });
  });

  it('flags a body that is not UTF-8, its text showing U+FFFD', async () => {
    const bad = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    expect(await readLimitedBody(Readable.from([bad]), 64, undefined)).toEqual({
      body: '{"a":"\uFFFD"}',
      notUtf8: true,
      tooLarge: false,
    });
  });

  it('reports a body whose stream fails before its end as cut off, keeping none of it', async () => {
    const stream = new Readable({ read() {} });
    const read = readLimitedBody(stream, 64, '40');
    stream.push(Buffer.from('{"type":"kvm"}'));
    await new Promise((resolve) => setImmediate(resolve));
    stream.destroy(new Error('aborted'));
    expect(await read).toEqual({ tooLarge: false, cutOff: true });
  });

  it('reports a stream already failed as cut off', async () => {
    const stream = new Readable({ read() {} });
    stream.on('error', () => {});
    stream.destroy(new Error('aborted'));
    expect(await readLimitedBody(stream, 64, undefined)).toEqual({ tooLarge: false, cutOff: true });
  });

  it('reports an empty body as no body', async () => {
    expect(await readLimitedBody(Readable.from([]), 64, '0')).toEqual({ tooLarge: false });
  });

  it('refuses a declared length over the limit without reading a byte', async () => {
    const { stream, counter } = upload();
    expect(await readLimitedBody(stream, 64 * KIB, String(1024 * KIB))).toEqual({ tooLarge: true });
    expect(counter.pulled).toBe(0);
  });

  it('stops reading an undeclared (chunked) body as soon as it passes the limit', async () => {
    const { stream, counter } = upload();
    expect(await readLimitedBody(stream, 64 * KIB, undefined)).toEqual({ tooLarge: true });
    // The 1 MiB upload was not drained: at most the limit plus the stream's read-ahead.
    expect(counter.pulled).toBeLessThanOrEqual(64 * KIB + 3 * 16 * KIB);
    expect(stream.isPaused()).toBe(true);
  });

  it('takes a body of exactly the limit', async () => {
    const { stream } = upload(64 * KIB);
    const result = await readLimitedBody(stream, 64 * KIB, undefined);
    expect(result.tooLarge).toBe(false);
    expect(result.body).toHaveLength(64 * KIB);
  });
});
