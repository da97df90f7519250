import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

// Each operation is one contract entry (`entries-<group>.ts`); the OpenAPI document, the
// MCP tools, refctl's help and the console's copy-as derive from it. What still names an
// operation is its implementations (server, SDK, refctl command), its generated example
// and the few places that point at its parameters: at most 8 source files (tests excluded),
// so a new per-operation table somewhere shows up here.
const MAX_FILES = 8;
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The source files (TypeScript, tests excluded, untracked included) that name `id`. */
function filesNaming(id: string): string[] {
  try {
    const out = execFileSync(
      'git',
      ['grep', '-l', '--untracked', '-F', id, '--', '*.ts', '*.tsx', ':!*test*'],
      { cwd: root, encoding: 'utf8' },
    );
    return out.split('\n').filter(Boolean);
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

describe('one contract entry per operation', () => {
  it.each(Object.keys(routes))(`%s is named in at most ${MAX_FILES} source files`, (id) => {
    const files = filesNaming(id);
    expect(files.length, files.join('\n')).toBeGreaterThan(0);
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(MAX_FILES);
  });
});
