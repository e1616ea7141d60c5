import { ALLOWED_OPERATIONS, lookup, truthy } from '../rules/jsonlogic';

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
      return (data) => items.map((item) => item(data));
    }
    if (!isOperation(node)) return () => node;
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
        return (data) => {
          let current: unknown;
          for (const arg of args) {
            current = arg(data);
            if (!truthy(current)) return current;
          }
          return current;
        };
      case 'or':
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
      case 'var':
        return (data) => {
          const path = args[0] ? args[0](data) : undefined;
          const fallback = args[1] ? args[1](data) : undefined;
          const value = lookup(data, path, fallback === undefined ? null : fallback);
          if (data === root && path !== undefined && path !== null && path !== '') onRead?.()?.(String(path), value);
          return value;
        };
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
        const fn = EAGER[op] as (this: unknown, ...args: unknown[]) => unknown;
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
