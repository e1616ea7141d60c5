import { ALLOWED_OPERATIONS, FORBIDDEN_KEYS, lookup, truthy } from '../rules/jsonlogic';

/**
 * json-logic compiled to closures, once per rule-set version: the scoring path walks no rule
 * object per transaction. Semantics are json-logic-js 2.0.5's with the hardened `var` of
 * core/rules/jsonlogic.ts (own properties only); tests/unit/transaction-monitoring/compile-logic.test.ts
 * runs the official conformance cases through both. No `eval`/`new Function` here: the browser's CSP
 * has no `unsafe-eval` and this file is core (shared); the server's engine generates code over these
 * closures (generate-logic.ts).
 */
export type Compiled = (data: unknown) => unknown;

/**
 * A rule operation beyond the vetted set (core/transaction-monitoring/operators.ts): given its
 * raw arguments (a literal list id, a window) and a compiler for the ones that are expressions.
 */
export type CustomOperation = (args: unknown[], compile: (node: unknown) => Compiled) => Compiled;

/** Hears every root-level `var` read (path → value) for a decision's trace. */
export type ReadObserver = (path: string, value: unknown) => void;

export const isOperation = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1;

const num = (value: unknown) => Number.parseFloat(value as string);

/** json-logic-js's `in`: membership in an array, or a substring. */
export function contains(a: unknown, b: unknown): boolean {
  if (!b) return false;
  if (typeof b === 'string') return b.indexOf(a as string) !== -1;
  const list = b as { indexOf?: (x: unknown) => number };
  return typeof list.indexOf === 'undefined' ? false : list.indexOf(a) !== -1;
}

/** The non-lazy operations, each over already evaluated arguments (json-logic-js's table). */
const EAGER: Record<string, (...args: never[]) => unknown> = {
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
  in: contains,
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

/** Operations whose second argument is evaluated on each item, not on the data. */
const ITERATING = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

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

/** The value at `keys` through own properties only (as `lookup`), undefined when absent. */
function ownAt(data: unknown, keys: readonly string[]): unknown {
  let current = data;
  for (let i = 0; i < keys.length; i += 1) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, keys[i])) return undefined;
    current = (current as Record<string, unknown>)[keys[i]];
  }
  return current;
}

/** A `var` with a literal path inside an iteration's scope: the path split once. */
function readPath(keys: readonly string[], notFound: unknown): Compiled {
  if (keys.length === 1) {
    const [key] = keys;
    return (data) => {
      if (data === null || typeof data !== 'object' || !Object.hasOwn(data, key)) return notFound;
      const value = (data as Record<string, unknown>)[key];
      return value === undefined ? notFound : value;
    };
  }
  return (data) => {
    const value = ownAt(data, keys);
    return value === undefined ? notFound : value;
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

/** Two-argument arithmetic and `in` without the table's rest arguments. */
function binary(op: string, a: Compiled, b: Compiled): Compiled | undefined {
  if (op === 'in') {
    const list = constants.get(b);
    // over a literal list of scalars: a Set (same answers as indexOf: JSON has no NaN)
    if (Array.isArray(list) && list.every((item) => item === null || typeof item !== 'object')) {
      const members = new Set(list);
      return (data) => members.has(a(data));
    }
    return (data) => contains(a(data), b(data));
  }
  switch (op) {
    case '%':
      return (data) => (a(data) as number) % (b(data) as number);
    case '-':
      return (data) => {
        const x = a(data) as number;
        const y = b(data) as number | undefined;
        return y === undefined ? -x : x - y;
      };
    case '/':
      return (data) => (a(data) as number) / (b(data) as number);
    case '+':
      // as the table's reduce from 0 (0 + -0 is 0)
      return (data) => 0 + num(a(data)) + num(b(data));
    case '*':
      return (data) => num(a(data)) * num(b(data));
  }
  return comparison(op, a, b);
}

/**
 * Compiles one rule. Throws on an operation that is neither vetted nor one of `custom` (publishing
 * checks rules first, so a published rule set compiles). `onRead` hears the `var` reads made on the
 * data the closure is called with (not those inside map/filter scopes), for traces.
 */
export function compileLogic(
  rule: unknown,
  custom: Record<string, CustomOperation> = {},
  onRead?: ReadObserver,
): Compiled {
  const variable = (raw: unknown[], root: boolean): Compiled => {
    const [path, fallback] = raw;
    if (
      (typeof path === 'string' || typeof path === 'number') &&
      path !== '' &&
      (fallback === undefined || !isOperation(fallback)) &&
      raw.length <= 2
    ) {
      const name = String(path);
      const notFound = fallback === undefined || fallback === null ? null : fallback;
      const keys = name.split('.');
      const read = keys.some((key) => FORBIDDEN_KEYS.has(key)) ? () => notFound : readPath(keys, notFound);
      if (!root || onRead === undefined) return read;
      // a root read: reported for the trace
      return (data) => {
        const value = read(data);
        onRead(name, value);
        return value;
      };
    }
    const args = raw.map((node) => compile(node, root));
    return (data) => {
      const path = args[0] ? args[0](data) : undefined;
      const fallback = args[1] ? args[1](data) : undefined;
      const value = lookup(data, path, fallback === undefined ? null : fallback);
      if (root && onRead !== undefined && path !== undefined && path !== null && path !== '')
        onRead(String(path), value);
      return value;
    };
  };

  /** `root`: the node is evaluated on the rule's data (not on an item inside map, filter, …). */
  const compile = (node: unknown, root: boolean): Compiled => {
    if (Array.isArray(node)) {
      const items = node.map((item) => compile(item, root));
      if (items.every((item) => constants.has(item))) return constant(items.map((item) => constants.get(item)));
      return (data) => items.map((item) => item(data));
    }
    if (!isOperation(node)) return constant(node);
    const op = Object.keys(node)[0];
    const raw = node[op];
    const values = Array.isArray(raw) ? raw : [raw];
    if (Object.hasOwn(custom, op)) return custom[op](values, (inner) => compile(inner, root));
    if (!allowed.has(op)) throw new Error(`operation "${op}" is not allowed`);
    if (op === 'var') return variable(values, root);
    const iterating = ITERATING.has(op);
    const args = values.map((value, index) => compile(value, root && !(iterating && index === 1)));
    const scoped = (data: unknown) => {
      const source = args[0] ? args[0](data) : undefined;
      return Array.isArray(source) ? source : null;
    };
    switch (op) {
      case 'if':
      case '?:':
        if (args.length === 3) {
          const [test, then, otherwise] = args;
          return (data) => (truthy(test(data)) ? then(data) : otherwise(data));
        }
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
          for (let i = 0; i < args.length; i += 1) {
            current = args[i](data);
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
          for (let i = 0; i < args.length; i += 1) {
            current = args[i](data);
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
      case '!':
        return args.length === 1 ? (data) => !truthy(args[0](data)) : (data) => !truthy(args[0]?.(data));
      case '!!':
        return (data) => truthy(args[0]?.(data));
    }
    if (args.length === 2) {
      const fast = binary(op, args[0], args[1]);
      if (fast) return fast;
    }
    if (args.length === 3 && (op === '<' || op === '<=')) {
      // a between: all three evaluated, as json-logic-js does
      const [a, b, c] = args;
      return op === '<'
        ? (data) => {
            const low = a(data) as never;
            const middle = b(data) as never;
            const high = c(data) as never;
            return low < middle && middle < high;
          }
        : (data) => {
            const low = a(data) as never;
            const middle = b(data) as never;
            const high = c(data) as never;
            return low <= middle && middle <= high;
          };
    }
    const fn = EAGER[op] as (...args: unknown[]) => unknown;
    if (args.length === 1) return (data) => fn(args[0](data));
    return (data) => fn(...args.map((arg) => arg(data)));
  };

  return compile(rule, true);
}
