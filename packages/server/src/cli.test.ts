import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeControls } from '@refapi/schema/text';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerCli } from './cli';
import { runRecordingCommand } from './recording/recording-cli';

// What ref-server prints about what it was given (flag values, paths, files) is shown on
// the terminal, never obeyed by it.
const EVIL = '\u001b]0;pwned\u0007x\u001b[2J\r\u202e';
const SHOWN = '^[]0;pwned^Gx^[[2J^M<U+202E>';
// Any control character or bidi control, a line's end aside.
const RAW = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const dir = mkdtempSync(join(tmpdir(), 'ref-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runServerCli(argv, {
    env,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** A port of 127.0.0.1 held by another server: listening on it fails at once. */
async function heldPort(): Promise<{ port: string; close: () => void }> {
  const held = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => held.once('listening', resolve));
  return { port: String((held.address() as AddressInfo).port), close: () => held.close() };
}

describe('ref-server failures quoting what it was given', () => {
  it.each(
    [
      [['--port', `1${EVIL}`]],
      [['--log', EVIL]],
      [[`--${EVIL}`]],
      [[EVIL]],
      [['--cors', `http://a${EVIL}`]],
      [['--max-admin-body', EVIL]],
      [['--port', '0', '--scenario', join(dir, `missing${EVIL}.json`)]],
      [['record', '--upstream', `http://x${EVIL}/v1`]],
      [['record', '--upstream', 'http://127.0.0.1:9/v1', EVIL]],
      [['record', '--upstream', 'http://127.0.0.1:9/v1', '--port', EVIL]],
      [['drift', join(dir, `missing${EVIL}.jsonl`)]],
      [['scenario', '--from-recording', join(dir, `missing${EVIL}.jsonl`)]],
    ].map(([argv]) => [escapeControls(argv!.join(' ')), argv!] as const),
  )('show its controls on one line: %s', async (_, argv) => {
    const { code, stderr } = await run(argv);
    expect(code).toBeGreaterThan(0);
    expect(stderr).not.toMatch(RAW);
    expect(stderr).toContain(SHOWN);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('show them in REF_STATE_COMPACT_BYTES', async () => {
    const { code, stderr } = await run(['--port', '0'], { REF_STATE_COMPACT_BYTES: EVIL });
    expect(code).toBe(2);
    expect(stderr).toBe(
      `ref-server: REF_STATE_COMPACT_BYTES must be a positive integer, got "${SHOWN}"\n`,
    );
  });

  it('show them in a warning naming the state file', async () => {
    const held = await heldPort();
    try {
      const stateDir = join(dir, `state${EVIL}`);
      mkdirSync(stateDir);
      const file = join(stateDir, 'state.json');
      // Made once (the port is taken: it ends after loading), then its journal torn.
      expect((await run(['--port', held.port, '--state-file', file])).code).toBe(1);
      appendFileSync(`${file}.journal.1`, '{"torn');
      const { code, stderr } = await run(['--port', held.port, '--state-file', file]);
      expect(code).toBe(1);
      expect(stderr).toContain(
        `ref-server: warning: dropped the unreadable last line of journal ${join(dir, `state${SHOWN}`)}`,
      );
      expect(stderr).not.toMatch(RAW);
    } finally {
      held.close();
    }
  });
});

describe('ref-server record', () => {
  it('shows the controls of the --out it names', async () => {
    let stdout = '';
    const io = {
      name: 'ref-server',
      stdout: (text: string) => {
        stdout += text;
      },
      stderr: () => {},
      stopped: Promise.resolve(),
    };
    const out = join(dir, `rec${EVIL}.jsonl`);
    const argv = ['--upstream', 'http://127.0.0.1:9/v1', '--port', '0', '--out', out];
    expect(await runRecordingCommand('record', argv, io)).toBe(0);
    expect(stdout).toContain(` into ${join(dir, `rec${SHOWN}.jsonl`)}\n`);
    expect(stdout).toContain(`0 exchanges recorded in ${join(dir, `rec${SHOWN}.jsonl`)}\n`);
    expect(stdout).not.toMatch(RAW);
  });
});
