import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { main } from './main';

// The README shows the start line of `refapi-mcp --http --port 3333` as a comment under the
// command; it showed an old version (`0.0.0`). This is the real line, port aside.

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

it("the README's --http start line is the one refapi-mcp prints", async () => {
  const documented = /^# (refapi-mcp: .* tools on http:\/\/127\.0\.0\.1:3333\/mcp.*)$/m.exec(
    readme,
  )?.[1];
  let stderr = '';
  let stop: (() => Promise<void>) | undefined;
  const code = await main(['--http', '--port', '0'], {
    env: { REF_API_KEY: 'refak_demo_eur_full', REF_BASE_URL: 'http://127.0.0.1:4010/v1' },
    stdout: () => undefined,
    stderr: (text) => {
      stderr += text;
    },
    onStop: (fn) => {
      stop = fn;
    },
  });
  await stop?.();
  expect(code).toBeUndefined();
  const printed = stderr.trim().replace(/127\.0\.0\.1:\d+\/mcp/, '127.0.0.1:3333/mcp');
  expect(documented).toBe(printed);
});
