/**
 * The first object key that `text` (JSON that `JSON.parse` accepted) names twice in one
 * object, with where (`body.plan_code`), or undefined when none repeats. `JSON.parse` keeps
 * the last of repeated keys without a word, other readers (a reviewer's eye, another
 * language's parser) may take the first: a plan that repeats a key says two things, and
 * what runs need not be what was read.
 */
export function repeatedJsonKey(text: string): string | undefined {
  // One frame per open container: an object's keys so far, or null for an array; with the
  // key (or index) it sits under, for the path.
  const frames: { keys: Set<string> | null; at: string; index: number }[] = [];
  let pendingKey: string | undefined;
  const path = (key: string) => [...frames.slice(1).map((f) => f.at), key].join('.');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = frames.at(-1);
      let next = end + 1;
      while (/\s/.test(text[next] ?? '')) next++;
      if (top?.keys && text[next] === ':') {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return path(key);
        top.keys.add(key);
        pendingKey = key;
      }
      i = end;
    } else if (c === '{' || c === '[') {
      const top = frames.at(-1);
      const at = top?.keys ? (pendingKey ?? '') : String(top?.index ?? '');
      frames.push({ keys: c === '{' ? new Set() : null, at, index: 0 });
    } else if (c === '}' || c === ']') {
      frames.pop();
    } else if (c === ',') {
      const top = frames.at(-1);
      if (top && !top.keys) top.index++;
    }
  }
  return undefined;
}
