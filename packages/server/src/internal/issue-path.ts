import type { z } from 'zod';

/** Formats an issue path as `accounts[0].api_keys[1].token`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/**
 * The path of the first offending field of a zod error; for unknown keys, the path of
 * the first unknown key itself.
 */
export function firstIssuePath(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return '';
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) {
    return formatIssuePath([...issue.path, issue.keys[0]]);
  }
  return formatIssuePath(issue.path);
}

/**
 * A short reason for an issue, e.g. `is required`, `must match ^REF-SVC-[0-9A-F]+$`
 * (parse with `reportInput: true` so missing values read as `is required`).
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${issue.expected}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue) return `must match ${issue.pattern}`;
      return issue.message.startsWith('Invalid')
        ? `must be a valid ${issue.format}`
        : issue.message;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const words =
        issue.code === 'too_small'
          ? issue.inclusive === false
            ? 'greater than'
            : 'at least'
          : issue.inclusive === false
            ? 'less than'
            : 'at most';
      const unit =
        issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return `must be ${words} ${String(bound)}${unit}`;
    }
    default:
      return issue.message;
  }
}
