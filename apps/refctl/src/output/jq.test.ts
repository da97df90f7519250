import { describe, expect, it } from 'vitest';
import { captureIo } from '../../test/helpers/capture-io';
import { CliError, InterruptedError, UsageError } from '../errors/cli-error';
import { checkJqFilter, runJq } from './jq';
import { formatJqResult, jqStdout } from './jq-stdout';

describe('runJq (jq-web on a worker thread)', () => {
  it('runs a filter over one JSON text, each result compact', async () => {
    expect(await runJq('{"a":[1,{"b":"x"}]}', '.a[]')).toEqual(['1', '{"b":"x"}']);
    expect(await runJq('[]', '.[]')).toEqual([]);
    // Definitions and a trailing comment work as in jq.
    expect(await runJq('{"a":2}', 'def twice: . * 2; .a | twice # doubled')).toEqual(['4']);
  });

  it('takes several texts (NDJSON) as several inputs, as jq does', async () => {
    expect(await runJq('{"n":1}\n{"n":2}\n', '.n')).toEqual(['1', '2']);
  });

  it('takes large inputs: 4,000 invoice-sized records in one text or as NDJSON', async () => {
    const records = Array.from({ length: 4000 }, (_, i) => ({
      invoice_ref: `INV-${i}`,
      amount_gross: i,
      lines: [{ description: 'KVM S monthly', amount: 5 }],
      pad: 'x'.repeat(300),
    }));
    expect(await runJq(JSON.stringify(records), 'map(.amount_gross) | add')).toEqual([
      String((3999 * 4000) / 2),
    ]);
    const ndjson = records.map((r) => JSON.stringify(r)).join('\n');
    expect(await runJq(ndjson, '.invoice_ref')).toHaveLength(4000);
  });

  it('stops a filter that never ends at its time limit, and on abort (Ctrl-C)', async () => {
    for (const filter of ['def f: f; f', 'repeat(.)']) {
      const error = await runJq('1', filter, { timeoutMs: 300 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).code).toBe('jq_timeout');
      expect((error as CliError).message).toBe(
        '--jq: the filter did not finish within 300ms (--timeout)',
      );
    }
    const controller = new AbortController();
    const running = runJq('1', 'def f: f; f', { signal: controller.signal });
    setTimeout(() => controller.abort(new InterruptedError()), 100);
    await expect(running).rejects.toBeInstanceOf(InterruptedError);
    // The next run gets a new worker.
    expect(await runJq('{"a":3}', '.a')).toEqual(['3']);
  });

  it('takes large inputs through stdin with the same results', async () => {
    const big = JSON.stringify(
      Array.from({ length: 2500 }, (_, i) => ({ i, pad: 'x'.repeat(60) })),
    );
    expect(big.length).toBeGreaterThan(128 * 1024);
    expect(await runJq(big, 'map(.i) | add')).toEqual([String((2499 * 2500) / 2)]);
    // jq-wasm’s stdin copies its buffer per byte (quadratic): seconds alone, far more on a
    // busy machine (over 20 s beside the rest of the suite under load).
  }, 60_000);

  it('fails a runtime error with jq’s message (exit 1)', async () => {
    const error = await runJq('{"a":1}', '.a | error("boom")').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe('--jq: boom');
    expect((error as CliError).exitCode).toBe(1);
  });

  it('refuses a filter that does not compile as a usage error, before any input', async () => {
    await expect(checkJqFilter('.a | foo(')).rejects.toThrow(UsageError);
    await expect(checkJqFilter('.a | foo(')).rejects.toThrow(
      /^invalid --jq expression: syntax error/,
    );
    // A runtime error on null is no reason to refuse the filter, nor one that runs on.
    await expect(checkJqFilter('.[0] | error("x")')).resolves.toBeUndefined();
    await expect(checkJqFilter('def f: f; f')).resolves.toBeUndefined();
  });

  it('takes a filter starting with - as the filter, never as one of jq’s options', async () => {
    expect(await runJq('{"a":1}', '-.a')).toEqual(['-1']);
    expect(await runJq('null', '-1')).toEqual(['-1']);
    // As options, -h printed jq's help as the output, --arg wanted two more words, -r and
    // the others took the input file's name for the filter.
    for (const filter of ['-h', '--help', '--arg', '-r', '--seq', '--tab', '--']) {
      const error = await checkJqFilter(filter).catch((e: unknown) => e);
      expect(error, filter).toBeInstanceOf(UsageError);
      expect((error as UsageError).message, filter).toMatch(/^invalid --jq expression: [^\n]+$/);
    }
    expect((await checkJqFilter('-h').catch((e: Error) => e))?.message).toBe(
      'invalid --jq expression: h/0 is not defined at <top-level>, line 1',
    );
  });
});

describe('the --jq stdout', () => {
  it('prints strings raw (controls shown) and other results as indented JSON', () => {
    expect(formatJqResult('"ada@example.test"')).toBe('ada@example.test\n');
    expect(formatJqResult('"a\\u001b]0;x\\u0007"')).toBe('a^[]0;x^G\n');
    expect(formatJqResult('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}\n');
    expect(formatJqResult('"\\u202e"')).toBe('<U+202E>\n');
  });

  it('filters each text written, in order, with verbatim text between them', async () => {
    const { io, stdout } = captureIo();
    const out = jqStdout(io.stdout, '.n');
    out.write('{"n":1}\n');
    out.verbatim('HTTP/1.1 200 OK\n\n');
    out.write('{"n":"two"}\n');
    await out.done();
    expect(stdout()).toBe('1\nHTTP/1.1 200 OK\n\ntwo\n');
  });

  it('rejects done() with the first error and prints nothing after it', async () => {
    const { io, stdout } = captureIo();
    const out = jqStdout(io.stdout, '.n | error("bad")');
    out.write('{"n":1}');
    out.write('{"n":2}');
    await expect(out.done()).rejects.toThrow('--jq: bad');
    expect(stdout()).toBe('');
  });
});
