import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { binaryJqWeb, inBinary } from '../runtime/binary';

// `--jq` runs real jq: jq-web, jq compiled to WebAssembly (no jq of refctl's own), chosen by
// measurement (PR notes: jq-wasm fed its input one byte at a time, copying the buffer on
// each, so 1,000 invoices took 51 s; jq-web writes the input to a file of its in-memory
// file system and took 0.27 s for 1,000 and 0.4 s for 4,000). jq runs synchronously, and a
// filter may never end (`def f: f; f`, `repeat(.)`): so it runs on a worker thread, which
// `--timeout`, Ctrl-C and SIGTERM terminate while the main thread stays free to notice them.

/** Heap the jq worker may use (its output is held there): past it the run fails. */
const WORKER_HEAP_MB = 512;

// CommonJS, evaluated as the worker's script: no file of its own to find in the bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const engine = require(workerData.jqWeb);
parentPort.on('message', async ({ input, filter, flags }) => {
  try {
    const jq = await engine;
    parentPort.postMessage({ output: jq.raw(input, filter, flags) ?? '' });
  } catch (error) {
    parentPort.postMessage({ error: String((error && (error.stderr || error.message)) || error) });
  }
});
`;

/** Why a run ended without jq's answer. */
export type JqStop =
  | { readonly kind: 'aborted'; readonly reason: unknown }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'out_of_memory' };

/** A jq run ended by {@link JqStop} rather than by jq. */
export class JqStopped extends Error {
  override readonly name = 'JqStopped';
  constructor(readonly stop: JqStop) {
    super(`jq stopped: ${stop.kind}`);
  }
}

/** What jq answered: its output (compact lines), or its error text (stderr). */
export type JqAnswer = { readonly output: string } | { readonly error: string };

/** Limits of one run. */
export interface JqRunLimits {
  /** Ends the run at once (Ctrl-C, SIGTERM). */
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds the run may take (`--timeout`). */
  readonly timeoutMs?: number | undefined;
}

/**
 * jq on a worker thread, one run at a time. A run that is stopped (timeout, abort, out of
 * memory) terminates the worker; the next run starts a new one. The worker does not keep
 * the process alive while idle.
 */
export class JqEngine {
  #worker: Worker | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** Runs `filter` over `input` (JSON texts) with jq's command-line `flags` (never `filter`). */
  run(input: string, filter: string, flags: readonly string[], limits: JqRunLimits = {}) {
    const next = this.#queue.then(() => this.#run(input, filter, flags, limits));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Terminates the worker (idle or not). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #spawn(): Worker {
    const jqWeb = inBinary() ? binaryJqWeb() : createRequire(import.meta.url).resolve('jq-web');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { jqWeb },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.unref();
    return worker;
  }

  #run(
    input: string,
    filter: string,
    flags: readonly string[],
    { signal, timeoutMs }: JqRunLimits,
  ): Promise<JqAnswer> {
    if (signal?.aborted) {
      return Promise.reject(new JqStopped({ kind: 'aborted', reason: signal.reason }));
    }
    this.#worker ??= this.#spawn();
    const worker = this.#worker;
    return new Promise<JqAnswer>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
      };
      const stop = (why: JqStop) => {
        settle();
        if (this.#worker === worker) this.#worker = undefined;
        void worker.terminate();
        reject(new JqStopped(why));
      };
      const onMessage = (answer: JqAnswer) => {
        settle();
        resolve(answer);
      };
      const onError = (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') stop({ kind: 'out_of_memory' });
        else {
          settle();
          if (this.#worker === worker) this.#worker = undefined;
          reject(error);
        }
      };
      const onExit = () => onError(new Error('the jq worker exited'));
      const onAbort = () => stop({ kind: 'aborted', reason: signal?.reason });
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => stop({ kind: 'timeout', ms: timeoutMs }), timeoutMs);
      }
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // Held while running: the process waits for jq's answer.
      worker.ref();
      // jq-web puts the filter in jq's argv after the flags: a filter such as `-h`, `--arg`
      // or `-r` would be read as an option. After `--` jq takes the next word as the filter.
      worker.postMessage({ input, filter, flags: [...flags, '--'] });
    });
  }
}
