import { ALLOWED_OPERATIONS, FORBIDDEN_KEYS, lookup, truthy } from '../rules/jsonlogic';

/**
 * json-logic compiled to closures, once per rule-set version: the scoring path walks no rule
 * object per transaction. Semantics are json-logic-js 2.0.5's with the hardened `var` of
 * core/rules/jsonlogic.ts (own properties only); tests/unit/transaction-monitoring/compile-logic.test.ts
 * runs the official conformance cases through both. No `eval`/`new Function`: the browser's CSP has
 * no `unsafe-eval` and this file is core (shared).
 */
export type Compiled = (data: unknown) => unknown;

/**
 * A rule operation beyond the vetted set (core/transaction-monitoring/operators.ts): given its
 * raw arguments (a literal list id, a window) and a compiler for the ones that are expressions.
 */
export type CustomOperation = (args: unknown[], compile: (node: unknown) => Compiled) => Compiled;

/** Reports every root-level `var` read (path → value) for a decision's trace. */
export type ReadObserver = (path: string, value: unknown) => void;

const isOperation = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1;

const num = (value: unknown) => Number.parseFloat(value as string);

/** The non-lazy operations, each over already evaluated arguments (json-logic-js's table). */
const EAGER: Record<string, (this: unknown, ...args: never[]) => unknown> = {
  // biome-ignore lint/suspicious/noDoubleEquals: json-logic's == is JavaScript's loose equality
  '==': (a: unknown, b: unknown) => a == b,
  '===': (a: unknown, b: unknown) => a === b,
  // biome-ignore lint/suspicious/noDoubleEquals: json-logic's != is JavaScript's loose inequality
  '!=': (a: unknown, b: unknown) => a != b,
  '!==': (a: unknown, b: unknown) => a !== b,
  '>': (a: never, b: never) => a > b,
  '>=': (a: never, b: never) => a >= b,
  '<': (a: never, b: never, c?: never) => (c === undefined ? a < b : a < b && b < c),
  '<=': (a: never, b: never, c?: never) => (c === undefined ? a <= b : a <= b && b <= c),
  '!!': (a: unknown) => truthy(a),
  '!': (a: unknown) => !truthy(a),
  '%': (a: number, b: number) => a % b,
  in: (a: unknown, b: { indexOf?: (x: unknown) => number } | null) =>
    !b || typeof b.indexOf === 'undefined' ? false : b.indexOf(a) !== -1,
  cat: (...args: unknown[]) => args.join(''),
  substr: (source: unknown, start: number, end?: number) => {
    if (end !== undefined && end < 0) {
      const temp = String(source).substr(start);
      return temp.substr(0, temp.length + end);
    }
    return String(source).substr(start, end);
  },
  '+': (...args: unknown[]) => args.reduce<number>((a, b) => num(a) + num(b), 0),
  '*': (...args: unknown[]) => (args as number[]).reduce((a, b) => num(a) * num(b)),
  '-': (a: number, b?: number) => (b === undefined ? -a : a - b),
  '/': (a: number, b: number) => a / b,
  min: (...args: number[]) => Math.min(...args),
  max: (...args: number[]) => Math.max(...args),
  merge: (...args: unknown[]) => args.reduce<unknown[]>((a, b) => a.concat(b), []),
};

function missingOf(data: unknown, keys: unknown[]): unknown[] {
  const result: unknown[] = [];
  for (const key of keys) {
    const value = lookup(data, key, null);
    if (value === null || value === '') result.push(key);
  }
  return result;
}

const allowed = new Set(ALLOWED_OPERATIONS);

/**
 * Closures that return a literal, with the literal: comparisons against a constant read it once,
 * and an array of literals is built once instead of on every call. (No vetted operation mutates
 * its arguments, so sharing the array is safe.)
 */
const constants = new WeakMap<Compiled, unknown>();
function constant(value: unknown): Compiled {
  const fn: Compiled = () => value;
  constants.set(fn, value);
  return fn;
}

/** A `var` with a literal path: the path split once, own properties only (as `lookup`). */
function readPath(path: string | number, notFound: unknown): Compiled {
  const keys = String(path).split('.');
  if (keys.some((key) => FORBIDDEN_KEYS.has(key))) return () => notFound;
  if (keys.length === 1) {
    const [key] = keys;
    return (data) => {
      if (data === null || typeof data !== 'object' || !Object.hasOwn(data, key)) return notFound;
      const value = (data as Record<string, unknown>)[key];
      return value === undefined ? notFound : value;
    };
  }
  return (data) => {
    let current = data;
    for (const key of keys) {
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return notFound;
      current = (current as Record<string, unknown>)[key];
      if (current === undefined) return notFound;
    }
    return current;
  };
}

/** Two-argument comparisons, the commonest rule shape, without spreading their arguments. */
function comparison(op: string, a: Compiled, b: Compiled): Compiled | undefined {
  if (constants.has(b)) {
    const c = constants.get(b) as never;
    switch (op) {
      case '>':
        return (data) => (a(data) as never) > c;
      case '>=':
        return (data) => (a(data) as never) >= c;
      case '<':
        return (data) => (a(data) as never) < c;
      case '<=':
        return (data) => (a(data) as never) <= c;
      case '===':
        return (data) => a(data) === c;
      case '!==':
        return (data) => a(data) !== c;
      case '==':
        // biome-ignore lint/suspicious/noDoubleEquals: json-logic's == is JavaScript's loose equality
        return (data) => a(data) == c;
      case '!=':
        // biome-ignore lint/suspicious/noDoubleEquals: as above
        return (data) => a(data) != c;
    }
    return undefined;
  }
  switch (op) {
    case '>':
      return (data) => (a(data) as never) > (b(data) as never);
    case '>=':
      return (data) => (a(data) as never) >= (b(data) as never);
    case '<':
      return (data) => (a(data) as never) < (b(data) as never);
    case '<=':
      return (data) => (a(data) as never) <= (b(data) as never);
    case '===':
      return (data) => a(data) === b(data);
    case '!==':
      return (data) => a(data) !== b(data);
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: json-logic's == is JavaScript's loose equality
      return (data) => a(data) == b(data);
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: as above
      return (data) => a(data) != b(data);
  }
  return undefined;
}

/** `in` over a literal list of scalars: a Set (same answers as indexOf: JSON has no NaN). */
function inLiteralList(a: Compiled, b: Compiled): Compiled | undefined {
  const list = constants.get(b);
  if (!Array.isArray(list) || !list.every((item) => item === null || typeof item !== 'object')) return undefined;
  const members = new Set(list);
  return (data) => members.has(a(data));
}

/**
 * Compiles a rule. Throws on an operation that is neither vetted nor one of `custom` (publishing
 * checks rules first, so a published rule set compiles). `onRead` sees the `var` reads made on the
 * data the closure is called with (not those inside map/filter scopes), for traces.
 */
export function compileLogic(
  rule: unknown,
  custom: Record<string, CustomOperation> = {},
  onRead?: () => ReadObserver | undefined,
): Compiled {
  // the root data of the current call: reads on it are reported, reads in sub-scopes are not
  let root: unknown;
  const compile = (node: unknown): Compiled => {
    if (Array.isArray(node)) {
      const items = node.map(compile);
      if (items.every((item) => constants.has(item))) return constant(items.map((item) => constants.get(item)));
      return (data) => items.map((item) => item(data));
    }
    if (!isOperation(node)) return constant(node);
    const op = Object.keys(node)[0];
    const raw = node[op];
    const values = Array.isArray(raw) ? raw : [raw];
    if (Object.hasOwn(custom, op)) return custom[op](values, compile);
    if (!allowed.has(op)) throw new Error(`operation "${op}" is not allowed`);
    const args = values.map(compile);
    const scoped = (data: unknown) => {
      const source = args[0] ? args[0](data) : undefined;
      return Array.isArray(source) ? source : null;
    };
    switch (op) {
      case 'if':
      case '?:':
        return (data) => {
          let i = 0;
          for (; i < args.length - 1; i += 2) if (truthy(args[i](data))) return args[i + 1](data);
          if (args.length === i + 1) return args[i](data);
          return null;
        };
      case 'and':
        if (args.length === 2) {
          const [a, b] = args;
          return (data) => {
            const first = a(data);
            return truthy(first) ? b(data) : first;
          };
        }
        return (data) => {
          let current: unknown;
          for (const arg of args) {
            current = arg(data);
            if (!truthy(current)) return current;
          }
          return current;
        };
      case 'or':
        if (args.length === 2) {
          const [a, b] = args;
          return (data) => {
            const first = a(data);
            return truthy(first) ? first : b(data);
          };
        }
        return (data) => {
          let current: unknown;
          for (const arg of args) {
            current = arg(data);
            if (truthy(current)) return current;
          }
          return current;
        };
      case 'filter':
        return (data) => (scoped(data) ?? []).filter((datum) => truthy(args[1]?.(datum)));
      case 'map':
        return (data) => (scoped(data) ?? []).map((datum) => args[1]?.(datum));
      case 'reduce':
        return (data) => {
          const initial = values[2] !== undefined ? args[2](data) : null;
          const source = scoped(data);
          if (!source) return initial;
          return source.reduce((accumulator, current) => args[1]?.({ current, accumulator }), initial);
        };
      case 'all':
        return (data) => {
          const source = args[0](data) as unknown[];
          if (!source.length) return false;
          for (const datum of source) if (!truthy(args[1]?.(datum))) return false;
          return true;
        };
      case 'none':
        return (data) => (scoped(data) ?? []).filter((datum) => truthy(args[1]?.(datum))).length === 0;
      case 'some':
        return (data) => (scoped(data) ?? []).filter((datum) => truthy(args[1]?.(datum))).length > 0;
      case 'var': {
        const [path, fallback] = values;
        const literal = (value: unknown) => value === undefined || !isOperation(value);
        if (
          (typeof path === 'string' || typeof path === 'number') &&
          path !== '' &&
          literal(fallback) &&
          values.length <= 2
        ) {
          const read = readPath(path, fallback === undefined || fallback === null ? null : fallback);
          if (!onRead) return read;
          const name = String(path);
          return (data) => {
            const value = read(data);
            if (data === root) onRead()?.(name, value);
            return value;
          };
        }
        return (data) => {
          const path = args[0] ? args[0](data) : undefined;
          const fallback = args[1] ? args[1](data) : undefined;
          const value = lookup(data, path, fallback === undefined ? null : fallback);
          if (data === root && path !== undefined && path !== null && path !== '') onRead?.()?.(String(path), value);
          return value;
        };
      }
      case 'missing':
        return (data) => {
          const evaluated = args.map((arg) => arg(data));
          return missingOf(data, Array.isArray(evaluated[0]) ? evaluated[0] : evaluated);
        };
      case 'missing_some':
        return (data) => {
          const need = args[0](data);
          const keys = args[1] ? args[1](data) : [];
          const list = Array.isArray(keys) ? keys : [];
          const missing = missingOf(data, list);
          return list.length - missing.length >= Number(need) ? [] : missing;
        };
      default: {
        if (args.length === 2) {
          const fast = (op === 'in' ? inLiteralList(args[0], args[1]) : undefined) ?? comparison(op, args[0], args[1]);
          if (fast) return fast;
        }
        if (op === '!')
          return args.length === 1 ? (data) => !truthy(args[0](data)) : (data) => !truthy(args[0]?.(data));
        if (op === '!!') return (data) => truthy(args[0]?.(data));
        const fn = EAGER[op] as (this: unknown, ...args: unknown[]) => unknown;
        if (args.length === 1) return (data) => fn.call(data, args[0](data));
        if (args.length === 2) return (data) => fn.call(data, args[0](data), args[1](data));
        return (data) =>
          fn.apply(
            data,
            args.map((arg) => arg(data)),
          );
      }
    }
  };
  const compiled = compile(rule);
  return (data) => {
    const outer = root;
    root = data;
    try {
      return compiled(data);
    } finally {
      root = outer;
    }
  };
}
