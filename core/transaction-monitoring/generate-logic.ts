import { FORBIDDEN_KEYS, truthy } from '../rules/jsonlogic';
import { type Compiled, type CustomOperation, compileLogic, contains, isOperation } from './compile-logic';
import type { TraceEntry } from './tm.types';

/**
 * A rule set's conditions as generated JavaScript, so that each rule's comparisons, fact reads and
 * calls are code of its own: V8 then keeps one type and one call target per site and inlines what
 * they call. (The closures of compile-logic.ts are shared by every rule, so their sites see every
 * rule's targets and types: megamorphic calls, nothing inlined.) Used by the engine, server side
 * only: `new Function` needs `unsafe-eval`, which the browser's CSP refuses.
 *
 * Generated: and, or, if, !, !!, comparisons (and the three-argument between), `%`, `in` (over a
 * literal list: `===` tests or a Set; in a string: `includes`), `var` of a literal path (a property
 * read of its own site: `data.amount`), literals, and the operators that give a generated form
 * (GeneratedOperation). Every other node (arithmetic, iterations…) is a closure of compile-logic.ts,
 * called from a site of its own, so the semantics stay the closures' (the conformance cases run
 * through both). The source holds no text from the rules but JSON literals (strings, numbers,
 * booleans, null): ids, scores and lists stay in arrays it indexes.
 *
 * Scoring records nothing. A second variant, generated when a trace is first read (engine.ts),
 * evaluates the rules again and writes each value read into its rule's trace entry: `reads.amount`
 * at the read's own site (a store of one shape, not a shared `reads[path]`); the closures it calls
 * report theirs through the compiler's observer.
 */
/**
 * Scores rules on the data: adds the ids of those that hold to `hits` and answers the sum of their
 * scores. A rule that throws adds nothing; a snoozed one is not evaluated. `features`: what the
 * generated operators read.
 */
export type GeneratedRules = (
  data: object,
  features: unknown,
  snoozed: ReadonlySet<string> | undefined,
  hits: string[],
) => number;

/**
 * Evaluates the rules again on the same data and figures and appends each one's trace entry (its
 * outcome and the values it read, in the order read) to `trace`.
 */
export type TracedRules = (
  data: object,
  features: unknown,
  snoozed: ReadonlySet<string> | undefined,
  trace: TraceEntry[],
) => void;

/** A rule as the generator takes it. */
export interface RuleToGenerate {
  id: string;
  group: string;
  score: number;
  when: unknown;
}

/**
 * Where the closures a traced rule calls report their reads: `reads` is the entry's of the rule
 * being traced (the generated code sets it), undefined when not tracing.
 */
export interface TraceTarget {
  reads: Record<string, unknown> | undefined;
}

/** What a generated operation writes its expression with. */
export interface CodeWriter {
  /** The expression of a json-logic node's value. */
  value(node: unknown): string;
  /** An expression naming a value the code reads (a helper function, a table). */
  constant(value: unknown): string;
  /**
   * Tracing only: the expression of the rule's reads object (`reads`), where the operation stores
   * what it read; undefined when scoring.
   */
  readonly reads: string | undefined;
}

/**
 * An operator as generated code: a JavaScript expression over `features` (the generated function's
 * argument), `data` and the writer's values and constants, with the operator's closure semantics.
 */
export type GeneratedOperation = (args: unknown[], code: CodeWriter) => string;

/** Rules per generated function: V8 stops optimising a function past some size. */
const RULES_PER_FUNCTION = 25;

/** Literal lists up to this long are tested with `===` one member after the other, longer ones with a Set. */
const INLINE_MEMBERS = 8;

const COMPARISONS = new Set(['==', '===', '!=', '!==', '>', '>=', '<', '<=']);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Literal all through: no operation anywhere inside (the closures build such an array once, too). */
const isLiteral = (node: unknown): boolean => (Array.isArray(node) ? node.every(isLiteral) : !isOperation(node));

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

const own = (data: object, key: string) =>
  Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined;

/** Data that is no object has no path at all (as `lookup`); other than plain objects, a copy of its own properties. */
const NOTHING: object = Object.freeze(Object.create(null));
function plainData(data: unknown): object {
  if (data === null || typeof data !== 'object') return NOTHING;
  const prototype = Object.getPrototypeOf(data);
  if (prototype === Object.prototype || prototype === null) return data;
  // a class instance, an array…: read through own properties only, like `lookup`
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.getOwnPropertyNames(data)) copy[key] = (data as Record<string, unknown>)[key];
  return copy;
}

class Generator implements CodeWriter {
  /** What the source indexes: literals that are not JSON scalars and helpers (`k[i]`), closures (`f[i](data)`). */
  readonly constants: unknown[] = [];
  readonly closures: Compiled[] = [];
  /** Temporaries used by the expression being generated, and the most any used (each rule's start again from none). */
  private temps = 0;
  private declared = 0;

  readonly reads: string | undefined;

  /** `target`: tracing, the closures reporting there (compiled with an observer). */
  constructor(
    private readonly custom: Record<string, CustomOperation>,
    private readonly generated: Record<string, GeneratedOperation>,
    private readonly target?: TraceTarget,
  ) {
    this.reads = target && 'reads';
  }

  /** Tracing, the value stored in the rule's reads under `name` as well. */
  private traced(name: string, value: string): string {
    return this.reads === undefined ? value : `(reads[${JSON.stringify(name)}] = ${value})`;
  }

  constant(value: unknown): string {
    this.constants.push(value);
    return `k[${this.constants.length - 1}]`;
  }

  /** A variable of the generated function's own, for a value read more than once. */
  private temp(): string {
    this.temps += 1;
    this.declared = Math.max(this.declared, this.temps);
    return `t${this.temps}`;
  }

  private closure(node: unknown): string {
    const { target } = this;
    const report =
      target && ((path: string, value: unknown) => ((target.reads as Record<string, unknown>)[path] = value));
    this.closures.push(compileLogic(node, this.custom, report));
    return `f[${this.closures.length - 1}](data)`;
  }

  private literal(value: unknown): string {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
    if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return String(value);
    return this.constant(value);
  }

  /**
   * A `var` of a literal path: a read of its own site. `d` is the data as an object (plainData);
   * a key read as `d.key` is the object's own unless Object.prototype holds it (pollution): then
   * hasOwn decides, as it does for the path's further keys.
   */
  private read(raw: unknown[]): string | undefined {
    const [path, fallback] = raw;
    if (typeof path !== 'string' && typeof path !== 'number') return undefined;
    if (path === '' || raw.length > 2 || (fallback !== undefined && isOperation(fallback))) return undefined;
    const notFound = this.literal(fallback === undefined || fallback === null ? null : fallback);
    const name = String(path);
    const keys = name.split('.');
    if (keys.some((key) => FORBIDDEN_KEYS.has(key))) return this.traced(name, notFound);
    const [key] = keys;
    let found = IDENTIFIER.test(key)
      ? `(P.${key} === undefined ? d.${key} : own(d, "${key}"))`
      : `own(d, ${JSON.stringify(key)})`;
    // each further key of the path: an own property of an object
    for (const next of keys.slice(1)) {
      const y = this.temp();
      found = `((${y} = ${found}) !== null && typeof ${y} === "object" ? own(${y}, ${JSON.stringify(next)}) : undefined)`;
    }
    const x = this.temp();
    return this.traced(name, `((${x} = ${found}) === undefined ? ${notFound} : ${x})`);
  }

  /** The node's json-logic value. */
  value(node: unknown): string {
    if (Array.isArray(node)) return isLiteral(node) ? this.constant(node) : this.closure(node);
    if (!isOperation(node)) return this.literal(node);
    const op = Object.keys(node)[0];
    const raw = node[op];
    const args = Array.isArray(raw) ? raw : [raw];
    if (Object.hasOwn(this.generated, op)) return this.generated[op](args, this);
    switch (op) {
      case 'var':
        return this.read(args) ?? this.closure(node);
      case 'and':
      case 'or':
        if (args.length === 0) return this.closure(node);
        return this.chain(op, args);
      case 'if':
      case '?:':
        return this.choice(args, (arg) => this.value(arg), 'null');
      case '!':
        return args.length === 0 ? 'true' : `!truthy(${this.value(args[0])})`;
      case '!!':
        return args.length === 0 ? 'false' : `truthy(${this.value(args[0])})`;
    }
    return this.operation(op, args) ?? this.closure(node);
  }

  /** The node's truth, where only that counts (a rule's condition): and, or, if and ! need no value. */
  test(node: unknown): string {
    if (!isOperation(node) || Object.hasOwn(this.generated, Object.keys(node)[0])) return `truthy(${this.value(node)})`;
    const op = Object.keys(node)[0];
    const raw = node[op];
    const args = Array.isArray(raw) ? raw : [raw];
    switch (op) {
      case 'and':
      case 'or':
        return args.length === 0
          ? 'false'
          : `(${args.map((arg) => this.test(arg)).join(op === 'and' ? ' && ' : ' || ')})`;
      case 'if':
      case '?:':
        return this.choice(args, (arg) => this.test(arg), 'false');
      case '!':
        return args.length === 0 ? 'true' : `!${this.test(args[0])}`;
      case '!!':
        return args.length === 0 ? 'false' : this.test(args[0]);
    }
    // comparisons and `in` answer booleans; `%` a number
    const boolean = op === '%' ? undefined : this.operation(op, args);
    return boolean ?? `truthy(${this.value(node)})`;
  }

  /** and/or over values: the first falsy (and) or truthy (or) operand's value, else the last's. */
  private chain(op: 'and' | 'or', args: unknown[]): string {
    const first = this.value(args[0]);
    if (args.length === 1) return first;
    const rest = this.chain(op, args.slice(1));
    const t = this.temp();
    return op === 'and'
      ? `((${t} = ${first}), truthy(${t}) ? ${rest} : ${t})`
      : `((${t} = ${first}), truthy(${t}) ? ${t} : ${rest})`;
  }

  /** if/?: — the first branch whose test holds, else the odd last argument, else `otherwise`. */
  private choice(args: unknown[], branch: (arg: unknown) => string, otherwise: string): string {
    if (args.length === 0) return otherwise;
    if (args.length === 1) return branch(args[0]);
    return `(${this.test(args[0])} ? ${branch(args[1])} : ${this.choice(args.slice(2), branch, otherwise)})`;
  }

  /** Comparisons (two arguments, or a between of three), `%` and `in` (a boolean or a number). */
  private operation(op: string, args: unknown[]): string | undefined {
    if (args.length === 3 && (op === '<' || op === '<=')) {
      // a between: all three evaluated first, as json-logic-js does
      const [a, b, c] = [this.temp(), this.temp(), this.temp()];
      return `((${a} = ${this.value(args[0])}), (${b} = ${this.value(args[1])}), (${c} = ${this.value(args[2])}), ${a} ${op} ${b} && ${b} ${op} ${c})`;
    }
    if (args.length !== 2) return undefined;
    if (op === 'in') return this.membership(args[0], args[1]);
    if (!COMPARISONS.has(op) && op !== '%') return undefined;
    return `(${this.value(args[0])} ${op} ${this.value(args[1])})`;
  }

  /** `in`: a literal list of scalars tested in place (as indexOf: JSON has no NaN), a literal text searched. */
  private membership(item: unknown, list: unknown): string {
    if (Array.isArray(list) && list.every(isScalar)) {
      if (list.length > INLINE_MEMBERS) return `${this.constant(new Set(list))}.has(${this.value(item)})`;
      if (list.length === 0) return `(${this.value(item)}, false)`;
      const x = this.temp();
      const tests = list.map((member) => `${x} === ${this.literal(member)}`);
      return `((${x} = ${this.value(item)}), ${tests.join(' || ')})`;
    }
    if (typeof item === 'string' && !Array.isArray(list)) {
      const x = this.temp();
      const text = this.literal(item);
      return `((${x} = ${this.value(list)}), typeof ${x} === "string" ? ${x}.includes(${text}) : contains(${text}, ${x}))`;
    }
    return `contains(${this.value(item)}, ${this.value(list)})`;
  }

  /**
   * Rule `index` (its id and score are `ids[index]`, `scores[index]`): scored and its id added to
   * the hits when it holds.
   */
  rule(index: number, when: unknown): string {
    this.temps = 0;
    return `  // rule ${index}
  if (snoozed === undefined || !snoozed.has(ids[${index}])) {
    try {
      if (${this.test(when)}) {
        score += scores[${index}];
        hits.push(ids[${index}]);
      }
    } catch {
      // a rule that throws adds nothing
    }
  }
`;
  }

  /** Rule `index` traced: its entry appended to `trace`, its reads stored in the entry's. */
  tracedRule(index: number, when: unknown): string {
    this.temps = 0;
    return `  // rule ${index}
  reads = {};
  target.reads = reads;
  entry = { ruleId: ids[${index}], group: groups[${index}], score: scores[${index}], outcome: "snoozed", reads };
  trace.push(entry);
  if (snoozed === undefined || !snoozed.has(ids[${index}])) {
    try {
      entry.outcome = ${this.test(when)} ? "hit" : "noHit";
    } catch (error) {
      entry.outcome = "error";
      entry.error = message(error);
    }
  }
`;
  }

  /** A function of `parameters` whose body is `body`, reading the data `data` as `d`. */
  build<T>(parameters: string, body: string, extra: Record<string, unknown> = {}): T {
    const temps = Array.from({ length: this.declared }, (_, i) => `t${i + 1}`);
    const source = `'use strict';
return (${parameters}) => {
  const d = plainData(data);
${temps.length > 0 ? `  let ${temps.join(', ')};\n` : ''}${body}};`;
    const helpers = {
      truthy,
      contains,
      own,
      plainData,
      P: Object.prototype,
      k: this.constants,
      f: this.closures,
    };
    const all = { ...helpers, ...extra };
    const factory = new Function(...Object.keys(all), source);
    return factory(...Object.values(all));
  }
}

/**
 * The rules as generated functions (a few rules each), to be called in order with the same
 * arguments: each scores its rules (GeneratedRules) and the scores add up. `custom`: the operators'
 * closures; `generated`: those with a generated form.
 */
export function generatedRules(
  rules: readonly RuleToGenerate[],
  custom: Record<string, CustomOperation> = {},
  generated: Record<string, GeneratedOperation> = {},
): GeneratedRules[] {
  const ids = rules.map((rule) => rule.id);
  const scores = rules.map((rule) => rule.score);
  return chunks(rules).map((first) => {
    const generator = new Generator(custom, generated);
    let body = '  let score = 0;\n';
    for (const index of first) body += generator.rule(index, rules[index].when);
    body += '  return score;\n';
    return generator.build<GeneratedRules>('data, features, snoozed, hits', body, { ids, scores });
  });
}

/** The rules as generated functions that trace them (TracedRules), to be called in order; their closures report to `target`. */
export function tracedRules(
  rules: readonly RuleToGenerate[],
  target: TraceTarget,
  custom: Record<string, CustomOperation> = {},
  generated: Record<string, GeneratedOperation> = {},
): TracedRules[] {
  const ids = rules.map((rule) => rule.id);
  const groups = rules.map((rule) => rule.group);
  const scores = rules.map((rule) => rule.score);
  return chunks(rules).map((first) => {
    const generator = new Generator(custom, generated, target);
    let body = '  let reads;\n  let entry;\n';
    for (const index of first) body += generator.tracedRule(index, rules[index].when);
    return generator.build<TracedRules>('data, features, snoozed, trace', body, {
      ids,
      groups,
      scores,
      target,
      message,
    });
  });
}

/** The rules' indexes, RULES_PER_FUNCTION to a generated function. */
function chunks(rules: readonly unknown[]): number[][] {
  const indexes = rules.map((_, index) => index);
  return Array.from({ length: Math.ceil(rules.length / RULES_PER_FUNCTION) }, (_, i) =>
    indexes.slice(i * RULES_PER_FUNCTION, (i + 1) * RULES_PER_FUNCTION),
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A condition as a generated function answering whether it holds (conformance tests). */
export function generatedTest(condition: unknown): (data: unknown) => boolean {
  const generator = new Generator({}, {});
  return generator.build('data', `  return ${generator.test(condition)};\n`);
}

/** An expression as a generated function answering its json-logic value, as compileLogic's closure would. */
export function generatedLogic(expression: unknown): Compiled {
  const generator = new Generator({}, {});
  return generator.build('data', `  return ${generator.value(expression)};\n`);
}
