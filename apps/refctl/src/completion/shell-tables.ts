import type { CompletionNode } from './model';

// POSIX-shell lookup functions shared by the bash and zsh scripts: the command tree as
// `case` tables, so the scripts need nothing but the shell itself.

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function table(name: string, comment: string, rows: [string, string][]): string {
  const cases = rows.map(([key, value]) => `    ${quote(key)}) echo ${quote(value)} ;;`);
  return [`# ${comment}`, `${name}() {`, '  case "$1" in', ...cases, '  esac', '}'].join('\n');
}

/**
 * The four lookup functions: subcommands, flags, flag values, argument choices. A value
 * list `__api_KIND__` stands for what `refctl __complete KIND` prints: only those ask the API.
 */
export function shellTables(nodes: readonly CompletionNode[]): string {
  const commands = nodes
    .filter((n) => n.commands.length > 0)
    .map((n): [string, string] => [n.path, n.commands.map((c) => c.name).join(' ')]);
  const flags = nodes.map((n): [string, string] => [
    n.path,
    n.flags.flatMap((f) => f.names).join(' '),
  ]);
  const values = nodes.flatMap((n) =>
    n.flags
      .filter((f) => f.value !== 'none')
      .flatMap((f) =>
        f.names.map((name): [string, string] => [
          `${n.path}|${name}`,
          f.value === 'choices'
            ? f.choices.join(' ')
            : f.value === 'api'
              ? `__api_${f.api}__`
              : `__${f.value}__`,
        ]),
      ),
  );
  const args = nodes.flatMap((n) =>
    n.args.flatMap((arg, i): [string, string][] => {
      if (arg.api !== undefined) return [[`${n.path}|${i}`, `__api_${arg.api}__`]];
      if (arg.file) return [[`${n.path}|${i}`, '__file__']];
      return arg.choices.length > 0 ? [[`${n.path}|${i}`, arg.choices.join(' ')]] : [];
    }),
  );
  return [
    table('__refctl_commands', 'subcommands of a command path', commands),
    table('__refctl_flags', 'flags of a command path', flags),
    table(
      '__refctl_values',
      'values of "path|flag": choices, __free__, __file__, __api_KIND__; empty for switches',
      values,
    ),
    table('__refctl_args', 'choices of "path|position", __file__ or __api_KIND__', args),
  ].join('\n\n');
}
