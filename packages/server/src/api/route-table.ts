import { type OperationDef, operationList } from '@refapi/schema';

/** Result of matching a request path and method against the contract's paths. */
export type RouteMatch =
  | {
      readonly kind: 'operation';
      readonly op: OperationDef;
      readonly params: Record<string, string | undefined>;
    }
  | { readonly kind: 'method_not_allowed'; readonly allow: string }
  | { readonly kind: 'not_found' };

interface Template {
  readonly segments: readonly string[];
  /** Param name per segment, or undefined for a literal segment. */
  readonly names: ReadonlyArray<string | undefined>;
  readonly literals: number;
  readonly methods: Map<string, OperationDef>;
  /** The `Allow` list of a 405: its methods, with HEAD after GET. */
  allow: string;
}

const NOT_FOUND: RouteMatch = { kind: 'not_found' };
// Shared by every match of a path without parameters: nothing writes a match's params.
const NO_PARAMS: Record<string, string | undefined> = Object.freeze({});

// HEAD is GET without the content (RFC 9110 §9.3.2): the same operation answers it, and the
// transports send its headers only.
const asMethod = (method: string) => (method === 'HEAD' ? 'GET' : method);

function allowList(methods: Iterable<string>): string {
  return [...methods]
    .flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]))
    .join(', ');
}

// A malformed percent-escape makes the parameter invalid (400), not the route unknown.
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The contract's paths as a matcher: literal segments beat parameters (so
 * `/services/stats` is not a service reference); unknown paths are `not_found`, known
 * paths with another method `method_not_allowed` with the `Allow` list; HEAD is answered
 * wherever GET is.
 */
export class RouteTable {
  readonly #bySegmentCount = new Map<number, Template[]>();
  // Operations of paths without parameters (`/me`, `/orders`), by path then method: most
  // calls are answered by one lookup, without splitting the path.
  readonly #literal = new Map<string, Map<string, RouteMatch>>();

  constructor(ops: readonly OperationDef[] = operationList) {
    const byPath = new Map<string, Template>();
    for (const op of ops) {
      let template = byPath.get(op.path);
      if (template === undefined) {
        const segments = op.path.split('/').slice(1);
        const names = segments.map((s) => (s.startsWith('{') ? s.slice(1, -1) : undefined));
        template = {
          segments,
          names,
          literals: names.filter((n) => n === undefined).length,
          methods: new Map(),
          allow: '',
        };
        byPath.set(op.path, template);
      }
      template.methods.set(op.method, op);
      template.allow = allowList(template.methods.keys());
      if (template.literals === template.segments.length) {
        const byMethod = this.#literal.get(op.path) ?? new Map<string, RouteMatch>();
        byMethod.set(op.method, { kind: 'operation', op, params: NO_PARAMS });
        this.#literal.set(op.path, byMethod);
      }
    }
    for (const template of byPath.values()) {
      const list = this.#bySegmentCount.get(template.segments.length) ?? [];
      list.push(template);
      list.sort((a, b) => b.literals - a.literals);
      this.#bySegmentCount.set(template.segments.length, list);
    }
  }

  /**
   * Matches `path` (relative to the base, e.g. `/services/REF-SVC-1`) and `method`; HEAD
   * matches the path's GET operation.
   */
  match(method: string, path: string): RouteMatch {
    const literal = this.#literal.get(path)?.get(asMethod(method));
    if (literal !== undefined) return literal;
    if (path.length < 2 || path[0] !== '/') return NOT_FOUND;
    const parts = path.slice(1).split('/');
    const candidates = this.#bySegmentCount.get(parts.length);
    if (candidates === undefined) return NOT_FOUND;
    for (const template of candidates) {
      if (!this.#fits(template, parts)) continue;
      const op = template.methods.get(asMethod(method));
      if (op === undefined) return { kind: 'method_not_allowed', allow: template.allow };
      const params: Record<string, string | undefined> = {};
      template.names.forEach((name, i) => {
        if (name !== undefined) params[name] = decodeSegment(parts[i] as string);
      });
      return { kind: 'operation', op, params };
    }
    return NOT_FOUND;
  }

  #fits(template: Template, parts: readonly string[]): boolean {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (part === '') return false;
      if (template.names[i] === undefined && template.segments[i] !== part) return false;
    }
    return true;
  }
}
